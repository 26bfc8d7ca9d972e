import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { DataList, Stat, Table } from './design-system.ts';
import { renderWithTheme } from './test/render.tsx';
import { ShopThemeProvider } from './theme-provider.tsx';

const display = (
  <Suspense fallback={<p>Loading the table</p>}>
    <Table.Root aria-label="Orders">
      <Table.Body>
        <Table.Row>
          <Table.Cell>₹1,499.00</Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
    <Stat.Root>
      <Stat.Label>Revenue</Stat.Label>
    </Stat.Root>
    <DataList.Root>
      <DataList.Item>
        <DataList.ItemLabel>Status</DataList.ItemLabel>
      </DataList.Item>
    </DataList.Root>
  </Suspense>
);

// The first-load entry exports them, their code comes from a chunk of their own; the system no longer
// holds their recipes (design-system.test.ts), so unstyled parts would mean the carried recipe was lost.
describe("the admin's tables, stats and data lists", () => {
  it('wait for their chunk behind Suspense, then draw styled by their own recipes', async () => {
    // Rendered as in a browser, outside act(): inside it React retries a suspended tree only if the act
    // that rendered it is awaited, and RTL's render is not.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    try {
      root.render(<ShopThemeProvider>{display}</ShopThemeProvider>);
      expect(await screen.findByText('Loading the table')).toBeInTheDocument();

      expect(await screen.findByRole('cell', { name: '₹1,499.00' })).toHaveClass('chakra-table__cell');
      expect(screen.getByRole('table', { name: 'Orders' })).toHaveClass('chakra-table__root');
      expect(screen.getByText('Revenue')).toHaveClass('chakra-stat__label');
      expect(screen.getByText('Status')).toHaveClass('chakra-data-list__itemLabel');
    } finally {
      root.unmount();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('draw at once once the chunk is here', () => {
    // The admin route starts the download with the remote: its first table must not flash a fallback.
    renderWithTheme(display);
    expect(screen.queryByText('Loading the table')).toBeNull();
    expect(screen.getByRole('cell', { name: '₹1,499.00' })).toHaveClass('chakra-table__cell');
  });
});
