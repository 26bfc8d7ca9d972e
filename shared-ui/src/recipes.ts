import {
  alertSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  headingRecipe,
  inputRecipe,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { defineRecipe } from '@chakra-ui/react';

/**
 * The recipes of the Chakra components in `design-system.ts`, and no others. Chakra's default theme
 * carries ~80 recipes (33 KB gzip on every page); the shop's system holds 18. A component added to the
 * design system brings its recipe here, or it renders unstyled: `design-system.test.ts` fails until it
 * does. The on-demand components (overlays, slider, tables, stats and data lists) carry their own
 * (`withSlotRecipe`), so a page that never draws one does not download them.
 */
/**
 * Chakra lightens a solid button under the pointer (its colour at 90% over the page): white text on the
 * brand's shade falls to 4.48:1, under WCAG AA. The shop's moves away from the text instead (darker in
 * light mode, where the text is white; lighter in dark mode, where it is dark), which only raises the
 * contrast.
 */
const awayFromText = {
  _light: 'color-mix(in srgb, {colors.colorPalette.solid} 88%, black)',
  _dark: 'color-mix(in srgb, {colors.colorPalette.solid} 88%, white)',
};
const chakraButton = buttonRecipe.variants!.variant;
const shopButtonRecipe = defineRecipe({
  ...buttonRecipe,
  variants: {
    ...buttonRecipe.variants!,
    variant: {
      ...chakraButton,
      solid: { ...chakraButton.solid, _hover: { bg: awayFromText }, _expanded: { bg: awayFromText } },
    },
  },
});

export const shopRecipes = {
  badge: badgeRecipe,
  button: shopButtonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const shopSlotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
};
