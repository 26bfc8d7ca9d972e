import { Box, Card, Skeleton, Stack, Table, VisuallyHidden } from '@shop/shared-ui';
import type { Column } from './list-columns.ts';
import { useWideScreen } from './use-wide-screen.ts';

interface ListSkeletonProps {
  /** e.g. 'Loading products' (announced; the bars are hidden from screen readers). */
  label: string;
  columns: Pick<Column<never>, 'header' | 'numeric'>[];
  rows: number;
  /** The rows will have actions (a last column in the table). */
  actions: boolean;
}

/**
 * Grey bars in the shape the rows will take, a table or cards (DESIGN.md: skeletons, no spinners): the
 * page does not jump when they arrive.
 */
export function ListSkeleton({ label, columns, rows, actions }: ListSkeletonProps) {
  const wide = useWideScreen();
  const bar = (column: ListSkeletonProps['columns'][number]) => (
    <Skeleton h="4" w={column.numeric ? '16' : '80%'} ms={column.numeric && wide ? 'auto' : undefined} />
  );
  return (
    <Box role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      {wide ? (
        <Box borderWidth="1px" rounded="md" overflow="hidden">
          <Table.Root size="sm" aria-hidden="true" data-testid="list-skeleton">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                {columns.map((column) => (
                  <Table.ColumnHeader key={column.header} textAlign={column.numeric ? 'end' : 'start'}>
                    {column.header}
                  </Table.ColumnHeader>
                ))}
                {actions ? <Table.ColumnHeader /> : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {Array.from({ length: rows }, (_, row) => (
                <Table.Row key={row}>
                  {columns.map((column) => (
                    <Table.Cell key={column.header}>{bar(column)}</Table.Cell>
                  ))}
                  {actions ? <Table.Cell /> : null}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : (
        <Stack gap="3" aria-hidden="true" data-testid="list-skeleton">
          {Array.from({ length: rows }, (_, row) => (
            <Card.Root key={row} variant="outline" size="sm">
              <Card.Body gap="3">
                {columns.map((column) => (
                  <Stack key={column.header} direction="row" gap="4" align="center">
                    <Skeleton h="4" w="20" flexShrink={0} />
                    <Box flex="1" minW="0">
                      {bar(column)}
                    </Box>
                  </Stack>
                ))}
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Box>
  );
}
