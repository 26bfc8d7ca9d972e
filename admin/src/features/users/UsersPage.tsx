import { adminUsersPageQuery, deleteUser, FALLBACK_MESSAGES, queryKeys, type User } from '@shop/shared-api';
import { Badge, formatLongDate, Span, toast } from '@shop/shared-ui';
import { useNavigate } from 'react-router-dom';
import type { Column } from '../../components/list-columns.ts';
import { PAGE_SIZE } from '../../components/list-params.ts';
import { ListPage } from '../../components/ListPage.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useDeleteFlow } from '../../components/use-delete-flow.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';

const columns: Column<User>[] = [
  { header: 'User ID', mono: true, cell: (user) => user._id },
  { header: 'Name', cell: (user) => user.name },
  // An email has no spaces to wrap at: it breaks anywhere rather than widen the table.
  { header: 'Email', cell: (user) => <Span overflowWrap="anywhere">{user.email}</Span> },
  {
    header: 'Role',
    cell: (user) => (
      <Badge
        colorPalette={user.role === 'admin' ? 'brand' : 'gray'}
        variant={user.role === 'admin' ? 'solid' : 'subtle'}
      >
        {user.role === 'admin' ? 'Admin' : 'Customer'}
      </Badge>
    ),
  },
  { header: 'Joined', nowrap: true, cell: (user) => formatLongDate(user.createdAt) },
];

/** /admin/users: search by name, email or id; stat cards (total, admins, customers); 10 per page. */
export function UsersPage() {
  const navigate = useNavigate();
  const { answer, list } = usePagedList(adminUsersPageQuery, PAGE_SIZE.users, {
    rows: (answer) => answer.users,
    total: (answer) => answer.usersCount,
    matching: (answer) => answer.filteredUsersCount,
  });
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
    <ListPage
      title="Users"
      noun={['user', 'users']}
      figures={
        answer
          ? [
              { label: 'Total users', value: answer.usersCount },
              { label: 'Admins', value: answer.adminsCount },
              { label: 'Customers', value: answer.usersCount - answer.adminsCount },
            ]
          : null
      }
      list={list}
      searchLabel="Search by name, email or id"
      columns={columns}
      rowKey={(user) => user._id}
      rowActions={(user) => (
        <RowActions editTo={`/admin/user/${user._id}`} name={user.name} onDelete={() => remove.ask(user)} />
      )}
      empty={{ title: 'No users yet' }}
      noMatch={(query) => ({ title: 'No users match', description: `Nothing matches “${query}”.` })}
      deletion={remove}
    />
  );
}
