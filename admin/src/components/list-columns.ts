import type { ReactNode } from 'react';

/** One column of an admin list: a header in the table, the label of a value on a phone's card. */
export interface Column<Row> {
  /** Read out before each value by screen readers, in the table and on the cards. */
  header: string;
  /** What a row shows in this column. */
  cell: (row: Row) => ReactNode;
  /** Numbers line up on the right of the table, on one line. */
  numeric?: boolean;
  /** Kept on one line in the table (a date); a card's narrower value may wrap. */
  nowrap?: boolean;
  /** An id: small monospace that may break anywhere, so all 24 characters fit a phone's card. */
  mono?: boolean;
}

export const monoValue = { fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' } as const;

/** The rows of one page of an admin list, drawn as a table or as cards. */
export interface RowsProps<Row> {
  /** What the list holds ('Products'): the table's caption or the name of the list of cards. */
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A row's Edit and Delete (RowActions): the table's last column, the foot of a card. */
  actions?: (row: Row) => ReactNode;
  /** The rows are the previous page's while the next one arrives. */
  busy?: boolean;
}
