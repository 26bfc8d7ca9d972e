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
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText fontSize="2xl">{value}</Stat.ValueText>
          {help ? <Stat.HelpText>{help}</Stat.HelpText> : null}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** A row of stat cards: one column on phones, up to `columns` from tablets. */
export function StatGrid({ columns = 3, children }: { columns?: number; children: ReactNode }) {
  return (
    <SimpleGrid as="section" aria-label="Figures" columns={{ base: 1, sm: 2, md: columns }} gap="4">
      {children}
    </SimpleGrid>
  );
}
