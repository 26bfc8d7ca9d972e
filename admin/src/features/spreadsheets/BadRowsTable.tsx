import type { BadCsvRow } from '@shop/shared-api';
import { Box, Table, Text } from '@shop/shared-ui';
import { count } from './csv-files.ts';

interface BadRowsTableProps {
  rows: BadCsvRow[];
  /** Every bad row, listed or not (the api lists the first thousand). */
  total: number;
}

/** The rows an import refused, by their number as a spreadsheet shows them, and why. */
export function BadRowsTable({ rows, total }: BadRowsTableProps) {
  if (!rows.length) return null;
  return (
    <Box>
      {total > rows.length ? (
        <Text fontSize="sm" color="fg.muted" mb="2">
          The first {count(rows.length, 'bad row')} of {total.toLocaleString('en-IN')}:
        </Text>
      ) : null}
      <Box maxH="96" overflowY="auto" borderWidth="1px" borderRadius="md" tabIndex={0} aria-label="Bad rows">
        <Table.Root size="sm" stickyHeader>
          <Table.Caption srOnly>Rows that cannot be imported</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader textAlign="end" width="6rem">
                Row
              </Table.ColumnHeader>
              <Table.ColumnHeader>Reason</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={`${row.row}-${row.reason}`}>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                  {row.row}
                </Table.Cell>
                <Table.Cell>{row.reason}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
