import { describe, expect, it } from 'vitest';
import * as designSystem from './design-system.ts';
import { shopSystem } from './theme.ts';

// The Chakra recipe each design-system component is styled by (Chakra's `createRecipeContext({ key })`),
// or none for layout primitives. The theme carries only these recipes (recipes.ts).
const recipeOf: Record<string, { recipe?: string; slotRecipe?: string }> = {
  Alert: { slotRecipe: 'alert' },
  AspectRatio: {},
  Badge: { recipe: 'badge' },
  Box: {},
  Button: { recipe: 'button' },
  Card: { slotRecipe: 'card' },
  Center: {},
  Circle: {},
  ChakraProvider: {},
  CloseButton: { recipe: 'button' },
  Container: { recipe: 'container' },
  DataList: { slotRecipe: 'dataList' },
  Dialog: { slotRecipe: 'dialog' },
  Drawer: { slotRecipe: 'drawer' },
  EmptyState: { slotRecipe: 'emptyState' },
  Field: { slotRecipe: 'field' },
  Fieldset: { slotRecipe: 'fieldset' },
  Flex: {},
  Grid: {},
  HStack: {},
  Heading: { recipe: 'heading' },
  IconButton: { recipe: 'button' },
  Image: {},
  Input: { recipe: 'input' },
  Link: { recipe: 'link' },
  LinkBox: {},
  LinkOverlay: {},
  List: { slotRecipe: 'list' },
  Menu: { slotRecipe: 'menu' },
  NativeSelect: { slotRecipe: 'nativeSelect' },
  Portal: {},
  Progress: { slotRecipe: 'progress' },
  RatingGroup: { slotRecipe: 'ratingGroup' },
  Separator: { recipe: 'separator' },
  SimpleGrid: {},
  Skeleton: { recipe: 'skeleton' },
  SkeletonCircle: { recipe: 'skeleton' },
  Slider: { slotRecipe: 'slider' },
  Spacer: {},
  Span: {},
  Spinner: { recipe: 'spinner' },
  Stack: {},
  Stat: { slotRecipe: 'stat' },
  Strong: {},
  Table: { slotRecipe: 'table' },
  Tabs: { slotRecipe: 'tabs' },
  Text: {},
  Textarea: { recipe: 'textarea' },
  VisuallyHidden: {},
  Wrap: {},
};

describe('the design system', () => {
  it("names each component's recipe", () => {
    // A new export in design-system.ts needs a line above (and its recipe in recipes.ts).
    expect(Object.keys(designSystem).sort()).toEqual(Object.keys(recipeOf).sort());
  });

  it('carries the recipe of every component it exports', () => {
    const missing = Object.entries(recipeOf).flatMap(([component, { recipe, slotRecipe }]) => [
      ...(recipe && !shopSystem.isRecipe(recipe) ? [`${component}: recipe ${recipe}`] : []),
      ...(slotRecipe && !shopSystem.isSlotRecipe(slotRecipe)
        ? [`${component}: slot recipe ${slotRecipe}`]
        : []),
    ]);
    expect(missing).toEqual([]);
  });
});
