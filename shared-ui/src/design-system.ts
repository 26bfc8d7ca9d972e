/**
 * The shop's design system: the Chakra UI components the apps may use. Apps import them from
 * '@shop/shared-ui', never from '@chakra-ui/react' (eslint enforces it), so Chakra travels inside this
 * one shared package, trimmed by the bundler to this list, instead of as a whole untrimmed share.
 * A component added here ships in the shell first (it provides shared-ui), then remotes may use it.
 */
export {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  ChakraProvider,
  CloseButton,
  Container,
  Dialog,
  Field,
  Flex,
  Grid,
  HStack,
  Heading,
  IconButton,
  Image,
  Input,
  Link,
  Menu,
  Portal,
  Progress,
  SimpleGrid,
  Skeleton,
  SkeletonCircle,
  Spacer,
  Spinner,
  Stack,
  Tabs,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
export type * from '@chakra-ui/react';
