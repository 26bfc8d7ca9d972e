import { downloadInvoice, errorMessage, FALLBACK_MESSAGES, type Order } from '@shop/shared-api';
import { Button, Text, useBusyAction } from '@shop/shared-ui';
import { FileDown } from 'lucide-react';

/** The order's GST tax invoice as a PDF, once it is paid (a cash order: once it is delivered). */
export function InvoiceDownload({ order }: { order: Order }) {
  const invoice = order.invoice;
  const { busy, run: download } = useBusyAction(
    () => downloadInvoice(order._id, invoice!.number),
    (error) => errorMessage(error, FALLBACK_MESSAGES.getInvoice),
  );
  if (!invoice) return <Text color="fg.muted">Issued when the order is paid</Text>;
  return (
    // The number is long (INV/26-27/00042): on a phone the label wraps instead of pushing the page wide.
    <Button
      size="xs"
      variant="outline"
      whiteSpace="normal"
      flexShrink={1}
      maxWidth="full"
      height="auto"
      minHeight="8"
      textAlign="start"
      loading={busy}
      onClick={() => void download()}
    >
      <FileDown size={14} aria-hidden="true" /> Download invoice {invoice.number}
    </Button>
  );
}
