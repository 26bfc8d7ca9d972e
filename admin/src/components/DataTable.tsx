import { Table, VisuallyHidden } from '@shop/shared-ui';
import { monoValue, type RowsProps } from './list-columns.ts';

/**
 * A data-dense admin table for wide screens: the header row stays in view while the rows scroll (DESIGN.md),
 * columns are headers with scope, the caption names the table. The scroll region is focusable so a
 * keyboard user can scroll it too.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, actions, busy = false }: RowsProps<Row>) {
  return (
    <Table.ScrollArea
      borderWidth="1px"
      rounded="md"
      maxH="70vh"
      tabIndex={0}
      role="region"
      aria-label={caption}
      // Chakra's scroll area keeps every cell on one line: long names and emails pushed the tables to
      // 800-980 px. They wrap instead, and the table fits its column.
      whiteSpace="normal"
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
              >
                {column.header}
              </Table.ColumnHeader>
            ))}
            {actions ? (
              <Table.ColumnHeader scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.ColumnHeader>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Cell
                  key={column.header}
                  textAlign={column.numeric ? 'end' : 'start'}
                  whiteSpace={column.numeric || column.nowrap ? 'nowrap' : undefined}
                  {...(column.mono ? monoValue : {})}
                >
                  {column.cell(row)}
                </Table.Cell>
              ))}
              {actions ? <Table.Cell>{actions(row)}</Table.Cell> : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
