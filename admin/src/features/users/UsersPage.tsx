import { adminUsersPageQuery, deleteUser, FALLBACK_MESSAGES, queryKeys, type User } from '@shop/shared-api';
import { Badge, formatLongDate, Stack, Table, toast } from '@shop/shared-ui';
import { useNavigate } from 'react-router-dom';
import { DataTable, wideOnly, type Column } from '../../components/DataTable.tsx';
import { EmptyList, LoadError } from '../../components/ListStates.tsx';
import { PAGE_SIZE } from '../../components/list-params.ts';
import { ListFooter } from '../../components/ListFooter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { StatSkeleton, TableSkeleton } from '../../components/TableSkeleton.tsx';
import { useDeleteFlow } from '../../components/use-delete-flow.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';

const columns: Column[] = [
  { header: 'User ID', wideOnly: true },
  { header: 'Name' },
  { header: 'Email' },
  { header: 'Role' },
  { header: 'Joined', wideOnly: true },
  { header: 'Actions', hiddenHeader: true },
];

/** /admin/users: search by name, email or id; stat cards (total, admins, customers); 10 per page. */
export function UsersPage() {
  const navigate = useNavigate();
  const {
    list: users,
    answer,
    query,
    search,
    page,
    pageCount,
    setQuery,
    setPage,
  } = usePagedList(adminUsersPageQuery, PAGE_SIZE.users, (answer) => answer.filteredUsersCount);
  const remove = useDeleteFlow({
    question: 'Are you sure you want to delete this user?',
    remove: (user: User) => deleteUser(user._id),
    // A deleted user's orders and reviews go too: orders, and the catalog's ratings, change with them.
    invalidates: [queryKeys.users, queryKeys.orders, queryKeys.catalog],
    fallback: FALLBACK_MESSAGES.deleteUser,
    // docs/product.md, messages: the user-deleted message comes from the server.
    onDeleted: (answer) => {
      toast.success(answer.message);
      navigate('/admin/dashboard');
    },
  });

  return (
    <>
      <PageHeader title="Users" />
      {answer ? (
        <StatGrid>
          <StatCard label="Total users" value={answer.usersCount} />
          <StatCard label="Admins" value={answer.adminsCount} />
          <StatCard label="Customers" value={answer.usersCount - answer.adminsCount} />
        </StatGrid>
      ) : users.isPending ? (
        <StatSkeleton />
      ) : null}
      {remove.failure}
      {users.isError ? (
        <LoadError error={users.error} onRetry={() => void users.refetch()} />
      ) : users.isPending ? (
        <TableSkeleton label="Loading users" columns={columns} rows={PAGE_SIZE.users} />
      ) : answer && answer.usersCount === 0 ? (
        <EmptyList title="No users yet" />
      ) : (
        <Stack gap="3">
          <SearchBox label="Search by name, email or id" value={query} onChange={setQuery} />
          {answer && answer.filteredUsersCount === 0 ? (
            <EmptyList title="No users match" description={`Nothing matches “${query}”.`} />
          ) : (
            <>
              <DataTable caption="Users" columns={columns} busy={users.isPlaceholderData}>
                {answer?.users.map((user) => (
                  <Table.Row key={user._id}>
                    <Table.Cell fontFamily="mono" fontSize="xs" {...wideOnly}>
                      {user._id}
                    </Table.Cell>
                    <Table.Cell>{user.name}</Table.Cell>
                    <Table.Cell>{user.email}</Table.Cell>
                    <Table.Cell>
                      <Badge
                        colorPalette={user.role === 'admin' ? 'brand' : 'gray'}
                        variant={user.role === 'admin' ? 'solid' : 'subtle'}
                      >
                        {user.role === 'admin' ? 'Admin' : 'Customer'}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap" {...wideOnly}>
                      {formatLongDate(user.createdAt)}
                    </Table.Cell>
                    <Table.Cell>
                      <RowActions
                        editTo={`/admin/user/${user._id}`}
                        name={user.name}
                        onDelete={() => remove.ask(user)}
                      />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </DataTable>
              <ListFooter
                count={answer?.filteredUsersCount ?? 0}
                noun={['user', 'users']}
                search={search}
                page={page}
                pageCount={pageCount}
                onPageChange={setPage}
                label="Users pages"
              />
            </>
          )}
        </Stack>
      )}
      {remove.dialog}
    </>
  );
}
