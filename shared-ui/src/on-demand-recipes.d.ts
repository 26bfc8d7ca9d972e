// The recipes the on-demand entries carry, by the names their builds resolve to Chakra's own files
// (`onDemandRecipeAlias`, federation.shared.ts). The types are Chakra's. Every package's program reads
// this file (tsconfig.base.json `files`), since each one that imports shared-ui's sources meets the names.
declare module '@chakra-ui/react/theme/recipes/data-list' {
  export { dataListSlotRecipe } from '@chakra-ui/react/theme';
}
declare module '@chakra-ui/react/theme/recipes/dialog' {
  export { dialogSlotRecipe } from '@chakra-ui/react/theme';
}
declare module '@chakra-ui/react/theme/recipes/drawer' {
  export { drawerSlotRecipe } from '@chakra-ui/react/theme';
}
declare module '@chakra-ui/react/theme/recipes/menu' {
  export { menuSlotRecipe } from '@chakra-ui/react/theme';
}
declare module '@chakra-ui/react/theme/recipes/rating-group' {
  export { ratingGroupSlotRecipe } from '@chakra-ui/react/theme';
}
declare module '@chakra-ui/react/theme/recipes/slider' {
  export { sliderSlotRecipe } from '@chakra-ui/react/theme';
}
declare module '@chakra-ui/react/theme/recipes/tabs' {
  export { tabsSlotRecipe } from '@chakra-ui/react/theme';
}
declare module '@chakra-ui/react/theme/recipes/stat' {
  export { statSlotRecipe } from '@chakra-ui/react/theme';
}
declare module '@chakra-ui/react/theme/recipes/table' {
  export { tableSlotRecipe } from '@chakra-ui/react/theme';
}
