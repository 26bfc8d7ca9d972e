import {
  adminOrdersPageQuery,
  deleteOrder,
  FALLBACK_MESSAGES,
  queryKeys,
  type Order,
} from '@shop/shared-api';
import { formatRupees, OrderStatusBadge, Stack, Table, toast } from '@shop/shared-ui';
import { useNavigate } from 'react-router-dom';
import { DataTable, type Column } from '../../components/DataTable.tsx';
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
import { itemCount, shortId } from './order-rules.ts';

const columns: Column[] = [
  { header: 'Order ID' },
  { header: 'Status' },
  { header: 'Items', numeric: true },
  { header: 'Amount', numeric: true },
  { header: 'Actions', hiddenHeader: true },
];

/**
 * /admin/orders: search by id, stat cards (total, delivered, pending), 10 per page, edit and delete. One page
 * at a time from the api (5,000 orders whole were 4.7 MB); the previous page stays on screen while the next
 * one arrives.
 */
export function OrdersPage() {
  const navigate = useNavigate();
  const {
    list: orders,
    answer,
    query,
    search,
    page,
    pageCount,
    setQuery,
    setPage,
  } = usePagedList(adminOrdersPageQuery, PAGE_SIZE.orders, (answer) => answer.filteredOrdersCount);
  const remove = useDeleteFlow<Order>({
    question: 'Are you sure you want to delete this order?',
    remove: (order) => deleteOrder(order._id),
    invalidates: [queryKeys.orders],
    fallback: FALLBACK_MESSAGES.deleteOrder,
    onDeleted: () => {
      toast.success('Order Deleted Successfully');
      navigate('/admin/orders');
    },
  });

  return (
    <>
      <PageHeader title="Orders" />
      {answer ? (
        <StatGrid>
          <StatCard label="Total orders" value={answer.ordersCount} />
          <StatCard label="Delivered" value={answer.deliveredCount} />
          <StatCard label="Pending" value={answer.ordersCount - answer.deliveredCount} />
        </StatGrid>
      ) : orders.isPending ? (
        <StatSkeleton />
      ) : null}
      {remove.failure}
      {orders.isError ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <TableSkeleton label="Loading orders" columns={columns} rows={PAGE_SIZE.orders} />
      ) : answer && answer.ordersCount === 0 ? (
        <EmptyList title="No orders yet" description="Orders that shoppers place show here." />
      ) : (
        <Stack gap="3">
          <SearchBox label="Search by order id" value={query} onChange={setQuery} />
          {answer && answer.filteredOrdersCount === 0 ? (
            <EmptyList title="No orders match" description={`No order id contains “${query}”.`} />
          ) : (
            <>
              <DataTable caption="Orders" columns={columns} busy={orders.isPlaceholderData}>
                {answer?.orders.map((order) => (
                  <Table.Row key={order._id}>
                    <Table.Cell fontFamily="mono" title={order._id}>
                      {shortId(order._id)}
                    </Table.Cell>
                    <Table.Cell>
                      <OrderStatusBadge status={order.orderStatus} />
                    </Table.Cell>
                    <Table.Cell textAlign="end">{itemCount(order)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatRupees(order.totalPrice)}</Table.Cell>
                    <Table.Cell>
                      <RowActions
                        editTo={`/admin/order/${order._id}`}
                        name={`order ${shortId(order._id)}`}
                        onDelete={() => remove.ask(order)}
                      />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </DataTable>
              <ListFooter
                count={answer?.filteredOrdersCount ?? 0}
                noun={['order', 'orders']}
                search={search}
                page={page}
                pageCount={pageCount}
                onPageChange={setPage}
                label="Orders pages"
              />
            </>
          )}
        </Stack>
      )}
      {remove.dialog}
    </>
  );
}
