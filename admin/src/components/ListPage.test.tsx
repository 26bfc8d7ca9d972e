import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../testing/render.tsx';
import { DESKTOP_WIDTH, onAPhone, PHONE_WIDTH, setScreenWidth } from '../testing/screen.ts';
import type { Column } from './list-columns.ts';
import { ListPage } from './ListPage.tsx';
import type { ListState } from './list-state.ts';
import { RowActions } from './RowActions.tsx';

interface Lens {
  id: string;
  name: string;
  price: string;
}

const lenses: Lens[] = [
  { id: 'lens-1', name: 'Wide 16 mm', price: '₹9,999.00' },
  { id: 'lens-2', name: 'Portrait 85 mm', price: '₹24,999.00' },
];
const columns: Column<Lens>[] = [
  { header: 'Lens ID', mono: true, cell: (lens) => lens.id },
  { header: 'Name', cell: (lens) => lens.name },
  { header: 'Price', numeric: true, cell: (lens) => lens.price },
];

function listOf(overrides: Partial<ListState<Lens>> = {}): ListState<Lens> {
  return {
    query: '',
    search: '',
    setQuery: vi.fn(),
    rows: lenses,
    total: lenses.length,
    matching: lenses.length,
    page: 1,
    pageCount: 1,
    setPage: vi.fn(),
    pageSize: 10,
    loading: false,
    stale: false,
    error: null,
    retry: vi.fn(),
    ...overrides,
  };
}

const removeLens = vi.fn();
const renderList = (list: ListState<Lens> = listOf()) =>
  renderAdmin(
    <ListPage
      title="Lenses"
      noun={['lens', 'lenses']}
      figures={[{ label: 'Lenses', value: list.total }]}
      list={list}
      searchLabel="Search lenses"
      columns={columns}
      rowKey={(lens) => lens.id}
      rowActions={(lens) => (
        <RowActions editTo={`/lens/${lens.id}`} name={lens.name} onDelete={() => removeLens(lens)} />
      )}
      empty={{ title: 'No lenses yet' }}
      noMatch={(query) => ({ title: 'No lenses match', description: `Nothing matches “${query}”.` })}
      deletion={{ dialog: null, failure: null }}
    />,
    { path: '/admin/lenses' },
  );

describe('the rows of an admin list on a wide screen', () => {
  it('are a table: the caption, a header a column (the actions one for screen readers), a row a row', () => {
    renderList();
    expect(screen.queryByRole('list', { name: 'Lenses' })).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Lenses' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Lens ID', 'Name', 'Price', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Wide 16 mm',
      'Portrait 85 mm',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Edit Portrait 85 mm' })).toHaveAttribute(
      'href',
      '/lens/lens-2',
    );
  });
});

describe('the rows of an admin list on a phone', () => {
  onAPhone();

  it('are a named list of cards, each value labelled with its column, each card with its actions', () => {
    renderList();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Lenses' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const second = cards[1]!;
    expect(
      within(second)
        .getAllByRole('term')
        .map((label) => label.textContent),
    ).toEqual(['Lens ID', 'Name', 'Price']);
    expect(
      within(second)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['lens-2', 'Portrait 85 mm', '₹24,999.00']);
    expect(within(second).getByRole('link', { name: 'Edit Portrait 85 mm' })).toHaveAttribute(
      'href',
      '/lens/lens-2',
    );
    fireEvent.click(within(second).getByRole('button', { name: 'Delete Portrait 85 mm' }));
    expect(removeLens).toHaveBeenCalledWith(lenses[1]);
  });

  it('load as cards of grey bars, announced', () => {
    renderList(listOf({ loading: true, rows: [], total: 0, matching: 0 }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading lenses');
    expect(screen.getByTestId('list-skeleton').tagName).not.toBe('TABLE');
    expect(screen.queryByRole('table', { hidden: true })).not.toBeInTheDocument();
  });

  it('turn into a table when the screen widens (a tablet turned), and back into cards', () => {
    renderList();
    expect(screen.getByRole('list', { name: 'Lenses' })).toBeInTheDocument();
    act(() => setScreenWidth(DESKTOP_WIDTH));
    expect(screen.queryByRole('list', { name: 'Lenses' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Lenses' })).toBeInTheDocument();
    act(() => setScreenWidth(PHONE_WIDTH));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Lenses' })).toBeInTheDocument();
  });
});

describe('the states of an admin list', () => {
  it('loads as a table of grey bars on a wide screen, announced', () => {
    renderList(listOf({ loading: true, rows: [], total: 0, matching: 0 }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading lenses');
    expect(screen.getByTestId('list-skeleton').tagName).toBe('TABLE');
  });

  it('shows a failure where the rows would be, with Retry', () => {
    const list = listOf({ error: new Error('The lenses are resting') });
    renderList(list);
    expect(screen.getByRole('alert')).toHaveTextContent('The lenses are resting');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(list.retry).toHaveBeenCalled();
  });

  it('says so when the list is empty, without a search box', () => {
    renderList(listOf({ rows: [], total: 0, matching: 0 }));
    expect(screen.getByText('No lenses yet')).toBeInTheDocument();
    expect(screen.queryByLabelText('Search lenses')).not.toBeInTheDocument();
  });

  it('says what matched nothing, and hands the typing over', () => {
    const list = listOf({ query: 'fisheye', search: 'fisheye', rows: [], matching: 0 });
    renderList(list);
    expect(screen.getByText('Nothing matches “fisheye”.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search lenses'), { target: { value: 'fish' } });
    expect(list.setQuery).toHaveBeenCalledWith('fish');
  });

  it('counts the matching rows, and pages only when there is more than one page', () => {
    const { unmount } = renderList(listOf({ search: 'mm' }));
    expect(screen.getByText('2 lenses matching “mm”')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Lenses pages' })).not.toBeInTheDocument();
    unmount();
    const list = listOf({ matching: 12, pageCount: 2 });
    renderList(list);
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Lenses pages' })).getByRole('button', {
        name: 'Page 2',
      }),
    );
    expect(list.setPage).toHaveBeenCalledWith(2);
  });
});
