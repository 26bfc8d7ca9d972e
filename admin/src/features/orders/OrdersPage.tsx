import {
  adminOrdersPageQuery,
  deleteOrder,
  FALLBACK_MESSAGES,
  queryKeys,
  type Order,
} from '@shop/shared-api';
import { formatRupees, OrderStatusBadge, Span, toast } from '@shop/shared-ui';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Column } from '../../components/list-columns.ts';
import { PAGE_SIZE } from '../../components/list-params.ts';
import { ListPage } from '../../components/ListPage.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useDeleteFlow } from '../../components/use-delete-flow.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { CsvPanelToggle } from '../spreadsheets/CsvPanelToggle.tsx';
import { ORDERS_EXPORT_PANEL_ID, OrdersExport } from '../spreadsheets/lazy-panels.tsx';
import { itemCount, shortId } from './order-rules.ts';

const columns: Column<Order>[] = [
  {
    header: 'Order ID',
    mono: true,
    cell: (order) => <Span title={order._id}>{shortId(order._id)}</Span>,
  },
  { header: 'Status', cell: (order) => <OrderStatusBadge status={order.orderStatus} /> },
  { header: 'Items', numeric: true, cell: itemCount },
  { header: 'Amount', numeric: true, cell: (order) => formatRupees(order.totalPrice) },
];

/**
 * /admin/orders: search by id, stat cards (total, delivered, pending), 10 per page, edit and delete. One page
 * at a time from the api (5,000 orders whole were 4.7 MB); the previous page stays on screen while the next
 * one arrives. Export CSV opens the form that downloads the lines of a date range's orders (issue 29).
 */
export function OrdersPage() {
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const { answer, list } = usePagedList(adminOrdersPageQuery, PAGE_SIZE.orders, {
    rows: (answer) => answer.orders,
    total: (answer) => answer.ordersCount,
    matching: (answer) => answer.filteredOrdersCount,
  });
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
    <ListPage
      title="Orders"
      noun={['order', 'orders']}
      headerActions={
        <CsvPanelToggle
          open={exporting}
          onToggle={() => setExporting((open) => !open)}
          controls={ORDERS_EXPORT_PANEL_ID}
        >
          <FileDown size={16} aria-hidden="true" /> Export CSV
        </CsvPanelToggle>
      }
      lookup={<OrdersExport open={exporting} onClose={() => setExporting(false)} />}
      figures={
        answer
          ? [
              { label: 'Total orders', value: answer.ordersCount },
              { label: 'Delivered', value: answer.deliveredCount },
              { label: 'Pending', value: answer.ordersCount - answer.deliveredCount },
            ]
          : null
      }
      list={list}
      searchLabel="Search by order id"
      columns={columns}
      rowKey={(order) => order._id}
      rowActions={(order) => (
        <RowActions
          editTo={`/admin/order/${order._id}`}
          name={`order ${shortId(order._id)}`}
          onDelete={() => remove.ask(order)}
        />
      )}
      empty={{ title: 'No orders yet', description: 'Orders that shoppers place show here.' }}
      noMatch={(query) => ({ title: 'No orders match', description: `No order id contains “${query}”.` })}
      deletion={remove}
    />
  );
}
