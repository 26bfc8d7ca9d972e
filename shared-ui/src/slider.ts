/**
 * `@shop/shared-ui/slider`: the range slider, apart from both the design system and the overlays. Only
 * the catalog draws it, at once, so it must arrive with the catalog page's chunk; in the design system
 * `/` would download it too, and in the overlays the catalog would download every dialog and menu.
 */
import { Slider as ChakraSlider } from '@chakra-ui/react';
import { sliderSlotRecipe } from '@chakra-ui/react/theme/recipes/slider';
import { withSlotRecipe } from './with-slot-recipe.tsx';

export const Slider = withSlotRecipe(ChakraSlider, sliderSlotRecipe);
