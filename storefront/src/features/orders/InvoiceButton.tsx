import { downloadInvoice, errorMessage, FALLBACK_MESSAGES, type Order } from '@shop/shared-api';
import { Button, Text, useBusyAction } from '@shop/shared-ui';

/**
 * 'Download invoice' (the GST tax invoice PDF) once the order is paid; a cash order not delivered yet
 * says when it will have one.
 */
export function InvoiceButton({ order }: { order: Order }) {
  const invoice = order.invoice;
  const { busy, run: download } = useBusyAction(
    () => downloadInvoice(order._id, invoice!.number),
    (error) => errorMessage(error, FALLBACK_MESSAGES.getInvoice),
  );
  if (!invoice)
    return (
      <Text fontSize="sm" color="fg.muted">
        The tax invoice is issued when the order is paid.
      </Text>
    );
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="brand"
      // On a narrow phone the long invoice number wraps rather than widening the page.
      whiteSpace="normal"
      flexShrink={1}
      maxWidth="full"
      height="auto"
      minHeight="9"
      loading={busy}
      loadingText="Downloading"
      onClick={() => void download()}
    >
      Download invoice {invoice.number}
    </Button>
  );
}
