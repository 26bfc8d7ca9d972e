import { allOrdersQuery, deleteOrder, FALLBACK_MESSAGES, queryKeys, type Order } from '@shop/shared-api';
import { formatRupees, OrderStatusBadge, Pagination, Stack, Table, Text, toast } from '@shop/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { EmptyList, LoadError } from '../../components/ListStates.tsx';
import { pageOf, PAGE_SIZE, useListParams } from '../../components/list-params.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { StatSkeleton, TableSkeleton } from '../../components/TableSkeleton.tsx';
import { useDeleteFlow } from '../../components/use-delete-flow.tsx';
import { isPending, itemCount, matchesOrder, shortId } from './order-rules.ts';

const columns: Column[] = [
  { header: 'Order ID' },
  { header: 'Status' },
  { header: 'Items', numeric: true },
  { header: 'Amount', numeric: true },
  { header: 'Actions', hiddenHeader: true },
];

/** /admin/orders: search by id, stat cards (total, delivered, pending), 10 per page, edit and delete. */
export function OrdersPage() {
  const navigate = useNavigate();
  const { query, page, setQuery, setPage } = useListParams();
  const orders = useQuery(allOrdersQuery());
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
  const all = orders.data?.orders;
  const filtered = useMemo(() => (all ?? []).filter((order) => matchesOrder(order, query)), [all, query]);
  const shown = pageOf(filtered, page, PAGE_SIZE.orders);
  const delivered = useMemo(() => (all ?? []).filter((order) => !isPending(order)).length, [all]);

  return (
    <>
      <PageHeader title="Orders" />
      {all ? (
        <StatGrid>
          <StatCard label="Total orders" value={all.length} />
          <StatCard label="Delivered" value={delivered} />
          <StatCard label="Pending" value={all.length - delivered} />
        </StatGrid>
      ) : orders.isPending ? (
        <StatSkeleton />
      ) : null}
      {remove.failure}
      {orders.isError ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <TableSkeleton label="Loading orders" columns={columns} rows={PAGE_SIZE.orders} />
      ) : all && all.length === 0 ? (
        <EmptyList title="No orders yet" description="Orders that shoppers place show here." />
      ) : (
        <Stack gap="3">
          <SearchBox label="Search by order id" value={query} onChange={setQuery} />
          {filtered.length === 0 ? (
            <EmptyList title="No orders match" description={`No order id contains “${query}”.`} />
          ) : (
            <>
              <DataTable caption="Orders" columns={columns}>
                {shown.rows.map((order) => (
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
              <Text fontSize="sm" color="fg.muted" aria-live="polite">
                {filtered.length} {filtered.length === 1 ? 'order' : 'orders'}
                {query ? ` matching “${query}”` : ''}
              </Text>
              <Pagination
                page={shown.page}
                pageCount={shown.pageCount}
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
