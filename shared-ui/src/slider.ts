/**
 * `@shop/shared-ui/slider`: the range slider, apart from both the design system and the overlays. Only
 * the catalog draws it, at once, so it must arrive with the catalog page's chunk; in the design system
 * `/` would download it too, and in the overlays the catalog would download every dialog and menu.
 */
export { Slider } from '@chakra-ui/react';
