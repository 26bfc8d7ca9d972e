/**
 * The shop's design system: the Chakra UI components the apps may use. Apps import them from
 * '@shop/shared-ui', never from '@chakra-ui/react' (eslint enforces it), so Chakra travels inside this
 * one shared package, trimmed by the bundler to this list, instead of as a whole untrimmed share.
 * A component added here ships in the shell first (it provides shared-ui), then remotes may use it.
 *
 * Components driven by Ark/zag state machines that no first page renders live in the other entries
 * (overlays.ts, slider.ts): here they would cost every page their bytes (docs/performance.md, round 3).
 * The admin's tables, stats and data lists are exported here but load on their first draw
 * (deferred-data-display.tsx).
 */
export {
  Alert,
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Circle,
  CloseButton,
  Container,
  EmptyState,
  Field,
  Fieldset,
  Flex,
  Grid,
  HStack,
  Heading,
  IconButton,
  Image,
  Input,
  Link,
  LinkBox,
  LinkOverlay,
  List,
  NativeSelect,
  Portal,
  Progress,
  Separator,
  SimpleGrid,
  Skeleton,
  SkeletonCircle,
  Spacer,
  Span,
  Spinner,
  Stack,
  Strong,
  Text,
  Textarea,
  VisuallyHidden,
  Wrap,
} from '@chakra-ui/react';
export type * from '@chakra-ui/react';
// The admin's tables, stats and data lists: drawn by no guest page, so their code loads when one draws.
export { DataList, loadDataDisplay, Stat, Table } from './deferred-data-display.tsx';
