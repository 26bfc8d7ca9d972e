import { adminActivityQuery, type AdminActivityEntry } from '@shop/shared-api';
import { List, Stack, Text } from '@shop/shared-ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Column } from '../../components/list-columns.ts';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListRows } from '../../components/ListRows.tsx';
import { ListSkeleton } from '../../components/ListSkeleton.tsx';
import { EmptyList, LoadError } from '../../components/ListStates.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ActivityFilterForm } from './ActivityFilterForm.tsx';
import { ADMIN_ACTION_LABELS } from './action-labels.ts';
import { ACTIVITY_PAGE_SIZE, activityQueryOf, useActivityFilters } from './activity-filters.ts';
import { changeText } from './change-text.ts';

// Made on first use; the admin's own locale and time zone, to the minute.
let whenFormat: Intl.DateTimeFormat | undefined;
const formatWhen = (iso: string) => {
  whenFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return whenFormat.format(new Date(iso));
};

const columns: Column<AdminActivityEntry>[] = [
  { header: 'When', nowrap: true, cell: (entry) => <time dateTime={entry.at}>{formatWhen(entry.at)}</time> },
  { header: 'Admin', cell: (entry) => entry.actor.email },
  { header: 'Action', cell: (entry) => ADMIN_ACTION_LABELS[entry.action] },
  { header: 'Changed id', mono: true, cell: (entry) => entry.target },
  {
    header: 'Changes',
    cell: (entry) =>
      entry.changes.length ? (
        <List.Root variant="plain" gap="0.5" fontSize="sm">
          {entry.changes.map((change) => (
            <List.Item key={change.field}>{changeText(change)}</List.Item>
          ))}
        </List.Root>
      ) : (
        <Text fontSize="sm">No field changed</Text>
      ),
  },
];

/**
 * /admin/activity (issue 29): the audit trail. Every admin write with who made it, when, what it was and
 * the fields it changed, newest first, filtered by who, what and when, 20 a page. Read only: the api has
 * no way to change or delete an entry.
 */
export function ActivityPage() {
  const { filters, filtered, page, setFilters, setPage } = useActivityFilters();
  const list = useQuery({
    ...adminActivityQuery(activityQueryOf(filters, page)),
    placeholderData: keepPreviousData,
  });
  const answer = list.data;
  const pageCount = answer ? Math.max(1, Math.ceil(answer.filteredEntriesCount / answer.resultPerPage)) : 1;

  return (
    <>
      <PageHeader title="Activity" />
      <Text color="fg.muted">
        Every change an admin made to products, orders, users and reviews, newest first. Entries are kept as
        written: no one can change or delete them.
      </Text>
      {/* Remounted when the address changes (Back, a shared link), so the form shows what the list does. */}
      <ActivityFilterForm key={JSON.stringify(filters)} filters={filters} onApply={setFilters} />
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !answer ? (
        <ListSkeleton label="Loading activity" columns={columns} rows={ACTIVITY_PAGE_SIZE} actions={false} />
      ) : answer.filteredEntriesCount === 0 ? (
        filtered ? (
          <EmptyList title="No activity matches" description="No admin change matches these filters." />
        ) : (
          <EmptyList title="No activity yet" description="Changes admins make show here as they happen." />
        )
      ) : (
        <Stack gap="3">
          <ListRows
            caption="Activity"
            columns={columns}
            rows={answer.entries}
            rowKey={(entry) => entry._id}
            busy={list.isPlaceholderData}
          />
          <ListFooter
            count={answer.filteredEntriesCount}
            noun={['entry', 'entries']}
            search=""
            page={answer.page}
            pageCount={pageCount}
            onPageChange={setPage}
            label="Activity pages"
          />
        </Stack>
      )}
    </>
  );
}
