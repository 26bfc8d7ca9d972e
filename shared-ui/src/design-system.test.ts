import { DataList as ChakraDataList, Stat as ChakraStat, Table as ChakraTable } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import * as designSystem from './design-system.ts';
import * as overlays from './overlays.ts';
import * as slider from './slider.ts';
import { getShopSystem } from './theme.ts';

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

// The entries apps import Chakra components from: '@shop/shared-ui', '/overlays' and '/slider'.
const entries = { designSystem, overlays, slider };
// Overlays' own components built from the Chakra ones (they need no recipe of their own), and the loader
// of the deferred data display.
const composed = new Set(['ConfirmDialog', 'loadDataDisplay']);
// Exported by the first-load entry, drawn from a chunk of their own (deferred-data-display.tsx).
const deferred = ['DataList', 'Stat', 'Table'];
const chakraExports = (entry: object) => Object.keys(entry).filter((name) => !composed.has(name));

describe('the design system', () => {
  it("names each component's recipe", () => {
    // A new export in design-system.ts, overlays.ts or slider.ts needs a line above (and its recipe in
    // recipes.ts).
    const exported = Object.values(entries).flatMap(chakraExports);
    expect(exported.sort()).toEqual(Object.keys(recipeOf).sort());
  });

  it('exports each component from one entry only', () => {
    // Two entries with one component would ship its machine twice, or on a page that does not need it.
    const seen = Object.values(entries).flatMap(chakraExports);
    expect(seen.filter((name, index) => seen.indexOf(name) !== index)).toEqual([]);
  });

  it('keeps the heavy interactive components out of the first-load entry', () => {
    // docs/performance.md, round 3: every page downloads design-system.ts; these load on demand.
    expect(Object.keys(overlays).sort()).toEqual([
      'ConfirmDialog',
      'Dialog',
      'Drawer',
      'Menu',
      'RatingGroup',
      'Tabs',
    ]);
    expect(Object.keys(slider)).toEqual(['Slider']);
  });

  it("defers every part of Chakra's tables, stats and data lists", () => {
    // A part Chakra adds in an upgrade and the lists in deferred-data-display.tsx miss would be undefined
    // in '@shop/shared-ui'.
    const chakra = { DataList: ChakraDataList, Stat: ChakraStat, Table: ChakraTable };
    for (const name of deferred) {
      const component = name as keyof typeof chakra;
      expect(Object.keys(designSystem[component]), name).toEqual(Object.keys(chakra[component]).sort());
    }
  });

  it('carries the recipe of every component of the first-load entry, and none of the on-demand ones', () => {
    // Recipes in the system are downloaded by every page; the overlays and the slider bring their own
    // (with-slot-recipe.test.tsx checks that they are styled by them).
    const onDemand = new Set([...chakraExports(overlays), ...chakraExports(slider), ...deferred]);
    const misplaced = Object.entries(recipeOf).flatMap(([component, { recipe, slotRecipe }]) => {
      const inSystem =
        (recipe !== undefined && getShopSystem().isRecipe(recipe)) ||
        (slotRecipe !== undefined && getShopSystem().isSlotRecipe(slotRecipe));
      const wanted = (recipe ?? slotRecipe) !== undefined && !onDemand.has(component);
      return inSystem === wanted
        ? []
        : [`${component}: ${wanted ? 'missing from' : 'needlessly in'} the system`];
    });
    expect(misplaced).toEqual([]);
  });
});
