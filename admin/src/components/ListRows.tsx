import { DataTable } from './DataTable.tsx';
import type { RowsProps } from './list-columns.ts';
import { RowCards } from './RowCards.tsx';
import { useWideScreen } from './use-wide-screen.ts';

/** A page of rows: the table where it fits, cards on phones and tablets (one of them, never both). */
export function ListRows<Row>(props: RowsProps<Row>) {
  return useWideScreen() ? <DataTable {...props} /> : <RowCards {...props} />;
}
