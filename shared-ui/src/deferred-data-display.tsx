import type {
  DataList as ChakraDataList,
  SlotRecipeDefinition,
  Stat as ChakraStat,
  Table as ChakraTable,
} from '@chakra-ui/react';
import { use, type ComponentType } from 'react';
import type * as DataDisplay from './data-display.ts';
import { loadOnce } from './load-once.ts';

/**
 * The data-display chunk (tables, stats, data lists). The admin's route starts it with the remote, so its
 * first table draws without waiting; anything else that draws one waits for it behind Suspense.
 */
export const loadDataDisplay: () => Promise<typeof DataDisplay> = loadOnce(() => import('./data-display.ts'));

type Component = keyof typeof DataDisplay.recipes;
// Any of the parts: each has its own props; only a root's `recipe` is set here.
type StyledPart = ComponentType<{ recipe?: SlotRecipeDefinition }>;

/**
 * Parts with Chakra's names, each drawing the loaded part of the same name. The export stays
 * `Table.Row` in '@shop/shared-ui', so remote releases built before it moved keep working unchanged; the
 * part names are listed, not read from Chakra's namespace, which would bring its code back into the
 * first-load entry (`design-system.test.ts` checks the lists against Chakra's).
 */
function deferredParts<Parts>(component: Component, names: readonly string[]): Parts {
  return Object.fromEntries(
    names.map((name) => {
      function DeferredPart(props: object) {
        const display = use(loadDataDisplay());
        const parts = display[component] as unknown as Record<string, StyledPart>;
        const Part = parts[name]!;
        // Chakra's root hands its recipe's styles to every inner part (as `withSlotRecipe` does for the
        // overlays); a `recipe` the caller passes still wins.
        return name === 'Root' ? (
          <Part recipe={display.recipes[component]} {...props} />
        ) : (
          <Part {...props} />
        );
      }
      DeferredPart.displayName = `${component}.${name}`;
      return [name, DeferredPart];
    }),
  ) as Parts;
}

const tableParts = [
  'Body',
  'Caption',
  'Cell',
  'Column',
  'ColumnGroup',
  'ColumnHeader',
  'Footer',
  'Header',
  'Root',
  'RootPropsProvider',
  'Row',
  'ScrollArea',
] as const;
const statParts = [
  'DownIndicator',
  'HelpText',
  'Label',
  'PropsProvider',
  'Root',
  'UpIndicator',
  'ValueText',
  'ValueUnit',
] as const;
const dataListParts = ['Item', 'ItemLabel', 'ItemValue', 'PropsProvider', 'Root'] as const;

export const Table = deferredParts<typeof ChakraTable>('Table', tableParts);
export const Stat = deferredParts<typeof ChakraStat>('Stat', statParts);
export const DataList = deferredParts<typeof ChakraDataList>('DataList', dataListParts);
