import type { SlotRecipeDefinition } from '@chakra-ui/react';
import type { ComponentType } from 'react';

// Any component: each root has its own props; only `recipe` is added here.
type Part = ComponentType<never>;
type StyledRoot = ComponentType<{ recipe: SlotRecipeDefinition }>;

/**
 * A Chakra component whose recipe travels with it instead of in the shop's system. The system is built
 * on every page from the recipes it holds, so a recipe there costs every page its bytes; the components of
 * the on-demand entries (overlays, slider) style themselves with their own. Chakra's root parts take a
 * `recipe` and hand its styles to every inner part, so only the two roots change, and a `recipe` a caller
 * passes still wins.
 */
export function withSlotRecipe<Parts extends { Root: Part; RootProvider: Part }>(
  parts: Parts,
  recipe: SlotRecipeDefinition,
): Parts {
  const Root = parts.Root as StyledRoot;
  const RootProvider = parts.RootProvider as StyledRoot;
  return {
    ...parts,
    Root: (props: object) => <Root recipe={recipe} {...props} />,
    RootProvider: (props: object) => <RootProvider recipe={recipe} {...props} />,
  };
}
