/**
 * The tables, stats and data lists, and the recipes they are styled by: a chunk of the shell's own,
 * loaded the first time one of them draws (`deferred-data-display.tsx`, which hands each root its
 * recipe). Only the admin panel draws them, so in the first-load entry they cost every guest page their
 * code and recipes (docs/performance.md, "Tables, stats and data lists on demand").
 */
// Not from '@chakra-ui/react/theme': through that barrel they would land in every page's first chunk
// (`onDemandRecipeAlias`, federation.shared.ts).
import { dataListSlotRecipe } from '@chakra-ui/react/theme/recipes/data-list';
import { statSlotRecipe } from '@chakra-ui/react/theme/recipes/stat';
import { tableSlotRecipe } from '@chakra-ui/react/theme/recipes/table';

export { DataList, Stat, Table } from '@chakra-ui/react';

export const recipes = { DataList: dataListSlotRecipe, Stat: statSlotRecipe, Table: tableSlotRecipe };
