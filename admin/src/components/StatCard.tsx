import { Card, SimpleGrid, Stat } from '@shop/shared-ui';
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
          {help ? <Stat.HelpText>{help}</Stat.HelpText> : null}
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
