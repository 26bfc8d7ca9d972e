import { Table, VisuallyHidden } from '@shop/shared-ui';
import type { ReactNode } from 'react';

export interface Column {
  /** Header text, read out before each cell's value by screen readers. */
  header: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
  /** Header shown only to screen readers (an actions column). */
  hiddenHeader?: boolean;
  /** Left out on phones, where the table has no room for it (long ids); cells pass `{...wideOnly}`. */
  wideOnly?: boolean;
}

/** Props for a cell of a `wideOnly` column. */
export const wideOnly = { hideBelow: 'md' } as const;

interface DataTableProps {
  /** What the table lists: its caption for screen readers, and the name of its scroll region. */
  caption: string;
  columns: Column[];
  children: ReactNode;
  busy?: boolean;
}

/**
 * A data-dense admin table: the header row stays in view while the rows scroll (DESIGN.md), columns are
 * headers with scope, the caption names the table. The scroll region is focusable so a keyboard user can
 * scroll it too.
 */
export function DataTable({ caption, columns, children, busy = false }: DataTableProps) {
  return (
    <Table.ScrollArea
      borderWidth="1px"
      rounded="md"
      maxH={{ base: 'none', md: '70vh' }}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Table.Root size="sm" stickyHeader interactive aria-label={caption} aria-busy={busy || undefined}>
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {columns.map((column) => (
              <Table.ColumnHeader
                key={column.header}
                scope="col"
                textAlign={column.numeric ? 'end' : 'start'}
                whiteSpace="nowrap"
                {...(column.wideOnly ? wideOnly : {})}
              >
                {column.hiddenHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
