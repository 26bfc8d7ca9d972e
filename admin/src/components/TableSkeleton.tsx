import { Box, Skeleton, Table, VisuallyHidden } from '@shop/shared-ui';
import type { Column } from './DataTable.tsx';

interface TableSkeletonProps {
  /** e.g. 'Loading products' (announced; the bars are hidden from screen readers). */
  label: string;
  columns: Column[];
  rows?: number;
}

/** Grey bars in the table's own shape while its rows load (DESIGN.md: skeletons, no spinners). */
export function TableSkeleton({ label, columns, rows = 8 }: TableSkeletonProps) {
  return (
    <Box role="status" aria-live="polite" borderWidth="1px" rounded="md" overflow="hidden">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Table.Root size="sm" aria-hidden="true" data-testid="table-skeleton">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {columns.map((column) => (
              <Table.ColumnHeader
                key={column.header}
                textAlign={column.numeric ? 'end' : 'start'}
                hideBelow={column.wideOnly ? 'md' : undefined}
              >
                {column.hiddenHeader ? '' : column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {Array.from({ length: rows }, (_, row) => (
            <Table.Row key={row}>
              {columns.map((column) => (
                <Table.Cell key={column.header} hideBelow={column.wideOnly ? 'md' : undefined}>
                  <Skeleton
                    h="4"
                    w={column.numeric ? '16' : '80%'}
                    ms={column.numeric ? 'auto' : undefined}
                  />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** Stat cards' shape while their figures load. */
export function StatSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Box
      display="grid"
      gridTemplateColumns={{ base: `repeat(${count === 4 ? 2 : 3}, 1fr)`, md: `repeat(${count}, 1fr)` }}
      gap="4"
      aria-hidden="true"
    >
      {Array.from({ length: count }, (_, index) => (
        <Box key={index} borderWidth="1px" rounded="md" p="4">
          <Skeleton h="4" w="24" />
          <Skeleton h="7" w="20" mt="3" />
        </Box>
      ))}
    </Box>
  );
}
