import { Stack } from '@shop/shared-ui';
import type { ReactNode } from 'react';
import type { Column } from './list-columns.ts';
import { ListFooter } from './ListFooter.tsx';
import { ListRows } from './ListRows.tsx';
import { ListSkeleton } from './ListSkeleton.tsx';
import type { ListState } from './list-state.ts';
import { EmptyList, LoadError } from './ListStates.tsx';
import { PageHeader } from './PageHeader.tsx';
import { SearchBox } from './SearchBox.tsx';
import { StatCard, StatGrid, StatSkeleton } from './StatCard.tsx';

/** The spec's text of an empty list, and the action that fills it. */
export interface EmptyText {
  title: string;
  description?: string;
  action?: ReactNode;
}

interface ListPageProps<Row> {
  /** The h1 and tab title; also names the pager ('Orders pages') and, without a `caption`, the rows. */
  title: string;
  /** One and many of what the list holds ('order', 'orders'): the count under the rows, 'Loading orders'. */
  noun: [one: string, many: string];
  /** Beside the heading (Add Product). */
  headerActions?: ReactNode;
  /** Under the heading: what the list is of (the reviews' product id form). */
  lookup?: ReactNode;
  /** Instead of the list while nothing is chosen yet (reviews before a product id). */
  idle?: EmptyText;
  /** The stat cards above the rows; null until the answer holds them (a skeleton meanwhile). */
  figures: { label: string; value: ReactNode }[] | null;
  list: ListState<Row>;
  searchLabel: string;
  /** What the rows are for screen readers, when it is not the title ('Reviews of the product'). */
  caption?: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  /** A row's Edit and Delete (RowActions). */
  rowActions?: (row: Row) => ReactNode;
  /** The list holds nothing at all. */
  empty: EmptyText;
  /** Nothing matches the search as typed. */
  noMatch: (query: string) => EmptyText;
  /** A delete's confirmation dialog and its failure (useDeleteFlow). */
  deletion: { dialog: ReactNode; failure: ReactNode };
}

/**
 * An admin list page, the one layout of Products, Orders, Users and Reviews: heading, stat cards, the
 * search, the rows (a table on wide screens, cards on phones and tablets), the count and the pager, and
 * the loading, failed and empty states in the rows' place.
 */
export function ListPage<Row>(props: ListPageProps<Row>) {
  const { title, noun, list, columns, rowActions, figures } = props;
  return (
    <>
      <PageHeader title={title}>{props.headerActions}</PageHeader>
      {props.lookup}
      {props.idle ? (
        <EmptyList {...props.idle} />
      ) : (
        <>
          {figures ? (
            <StatGrid>
              {figures.map((figure) => (
                <StatCard key={figure.label} label={figure.label} value={figure.value} />
              ))}
            </StatGrid>
          ) : list.loading ? (
            <StatSkeleton />
          ) : null}
          {props.deletion.failure}
          {list.error ? (
            <LoadError error={list.error} onRetry={list.retry} />
          ) : list.loading ? (
            <ListSkeleton
              label={`Loading ${noun[1]}`}
              columns={columns}
              rows={list.pageSize}
              actions={Boolean(rowActions)}
            />
          ) : list.total === 0 ? (
            <EmptyList {...props.empty} />
          ) : (
            <Stack gap="3">
              <SearchBox label={props.searchLabel} value={list.query} onChange={list.setQuery} />
              {list.matching === 0 ? (
                <EmptyList {...props.noMatch(list.query)} />
              ) : (
                <>
                  <ListRows
                    caption={props.caption ?? title}
                    columns={columns}
                    rows={list.rows}
                    rowKey={props.rowKey}
                    actions={rowActions}
                    busy={list.stale}
                  />
                  <ListFooter
                    count={list.matching}
                    noun={noun}
                    search={list.search}
                    page={list.page}
                    pageCount={list.pageCount}
                    onPageChange={list.setPage}
                    label={`${title} pages`}
                  />
                </>
              )}
            </Stack>
          )}
        </>
      )}
      {props.deletion.dialog}
    </>
  );
}
