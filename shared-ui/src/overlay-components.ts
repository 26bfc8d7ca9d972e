import {
  Dialog as ChakraDialog,
  Drawer as ChakraDrawer,
  Menu as ChakraMenu,
  RatingGroup as ChakraRatingGroup,
  Tabs as ChakraTabs,
} from '@chakra-ui/react';
// Not from '@chakra-ui/react/theme': through that barrel they would land in every page's first chunk
// (`onDemandRecipeAlias`, federation.shared.ts).
import { dialogSlotRecipe } from '@chakra-ui/react/theme/recipes/dialog';
import { drawerSlotRecipe } from '@chakra-ui/react/theme/recipes/drawer';
import { menuSlotRecipe } from '@chakra-ui/react/theme/recipes/menu';
import { ratingGroupSlotRecipe } from '@chakra-ui/react/theme/recipes/rating-group';
import { tabsSlotRecipe } from '@chakra-ui/react/theme/recipes/tabs';
import { withSlotRecipe } from './with-slot-recipe.tsx';

// The overlays carry their recipes: in the shop's system they cost every page their bytes, opened or not
// (docs/performance.md, "Recipes with the components that use them").
export const Dialog = withSlotRecipe(ChakraDialog, dialogSlotRecipe);
export const Drawer = withSlotRecipe(ChakraDrawer, drawerSlotRecipe);
export const Menu = withSlotRecipe(ChakraMenu, menuSlotRecipe);
export const RatingGroup = withSlotRecipe(ChakraRatingGroup, ratingGroupSlotRecipe);
export const Tabs = withSlotRecipe(ChakraTabs, tabsSlotRecipe);
