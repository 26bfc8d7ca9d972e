import { Box, Card, SimpleGrid, Skeleton, Stat } from '@shop/shared-ui';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: ReactNode;
  help?: ReactNode;
}

/** One figure above a table or on the dashboard: label, value, optional help line. */
export function StatCard({ label, value, help }: StatCardProps) {
  return (
    <Card.Root size="sm" variant="outline">
      <Card.Body p={{ base: '3', md: '4' }}>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText fontSize={{ base: 'lg', md: 'xl' }} overflowWrap="anywhere">
            {value}
          </Stat.ValueText>
          {/* A dd of its own: a definition list holds only dt and dd (axe: definition-list). */}
          {help ? <Stat.HelpText as="dd">{help}</Stat.HelpText> : null}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** A row of stat cards: one column on phones, up to `columns` from tablets. */
export function StatGrid({ columns = 3, children }: { columns?: number; children: ReactNode }) {
  return (
    <SimpleGrid
      as="section"
      aria-label="Figures"
      columns={{ base: columns === 4 ? 2 : 3, md: columns }}
      gap={{ base: '2', md: '4' }}
    >
      {children}
    </SimpleGrid>
  );
}

/** Stat cards' shape while their figures load. */
export function StatSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Box
      display="grid"
      gridTemplateColumns={{
        base: `repeat(${count === 4 ? 2 : 3}, minmax(0, 1fr))`,
        md: `repeat(${count}, minmax(0, 1fr))`,
      }}
      gap={{ base: '2', md: '4' }}
      aria-hidden="true"
    >
      {Array.from({ length: count }, (_, index) => (
        <Box key={index} borderWidth="1px" rounded="md" p={{ base: '3', md: '4' }}>
          <Skeleton h="4" w="24" maxW="full" />
          <Skeleton h="7" w="20" maxW="full" mt="3" />
        </Box>
      ))}
    </Box>
  );
}
