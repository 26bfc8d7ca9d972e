import {
  errorMessage,
  getUpiPayment,
  startUpiPayment,
  UPI_TEST_VPAS,
  type UpiPayment,
} from '@shop/shared-api';
import { upiPaymentRequestSchema } from '@shop/shared-api/schemas';
import {
  Box,
  Button,
  FormField,
  formatRupees,
  HStack,
  Input,
  Spinner,
  Stack,
  Text,
  toast,
  useShopForm,
} from '@shop/shared-ui';
import { useEffect, useRef, useState } from 'react';
import { currentOrderDraft, PAYMENT_FAILED, type CheckoutPayment } from '../use-checkout-payment.ts';
import { forgetPendingUpi, readPendingUpi, savePendingUpi } from './pending-upi.ts';
import { UpiQrCode } from './UpiQrCode.tsx';

/** How often the page asks the server how the payment stands (the server asks the gateway). */
const CHECK_EVERY_MS = 2000;
/** The contract's VPA rule, as the api checks it. */
const upiForm = upiPaymentRequestSchema.pick({ vpa: true });

const minutesAndSeconds = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * UPI (its code, the QR library and zod load with its first use): the shopper's UPI ID gets a collect
 * request for the total; while it waits the page shows the time left, the same payment as a QR code on
 * a desktop and a button that opens the UPI app on a phone. The server places the order the moment the
 * payment succeeds (even if this tab is closed); this page only follows it.
 */
export default function UpiPanel({
  payLabel,
  testMode,
  payment,
}: {
  /** 'Pay - ₹670.82'. */
  payLabel: string;
  /** The local test gateway: say which UPI ids answer how. */
  testMode: boolean;
  payment: CheckoutPayment;
}) {
  const [waiting, setWaiting] = useState<UpiPayment | null>(null);
  const form = useShopForm({
    schema: upiForm,
    initialValues: { vpa: '' },
    describeFailure: (error) => errorMessage(error, PAYMENT_FAILED),
    onSubmit: async ({ vpa }) => {
      const draft = currentOrderDraft();
      if (!draft) return;
      const started = await startUpiPayment({ ...draft, vpa });
      savePendingUpi(started.id);
      setWaiting(started);
    },
  });

  // Back after a reload: follow the payment this tab started.
  useEffect(() => {
    const id = readPendingUpi();
    if (!id) return;
    getUpiPayment(id).then(setWaiting, () => forgetPendingUpi());
  }, []);

  if (waiting)
    return (
      <UpiWaiting
        payment={waiting}
        onEnd={(ended) => {
          forgetPendingUpi();
          setWaiting(null);
          if (ended.status === 'succeeded') payment.orderPlaced();
          else toast.error(ended.message ?? PAYMENT_FAILED);
        }}
      />
    );
  return (
    <Stack asChild gap="4">
      <form onSubmit={form.handleSubmit} noValidate aria-label="Pay by UPI">
        <FormField
          label="UPI ID"
          error={form.errors.vpa}
          required
          helperText={
            testMode
              ? `Test mode: ${UPI_TEST_VPAS.succeeds} is approved, ${UPI_TEST_VPAS.declined} is declined, ${UPI_TEST_VPAS.neverAnswers} never answers.`
              : 'Your UPI ID, like name@bank. You approve the payment in your UPI app.'
          }
        >
          <Input
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="name@bank"
            {...form.field('vpa')}
          />
        </FormField>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={form.busy}
          loadingText="Sending the request"
        >
          {payLabel}
        </Button>
      </form>
    </Stack>
  );
}

/** Waiting for the shopper's UPI app: the time left, the QR code or the app button, and the outcome. */
function UpiWaiting({ payment, onEnd }: { payment: UpiPayment; onEnd: (ended: UpiPayment) => void }) {
  const [now, setNow] = useState(() => Date.now());
  const ended = useRef(false);
  // The latest callback, without restarting the checks when the page around re-renders.
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });
  const endsAt = Date.parse(payment.expiresAt);
  const amount = formatRupees(payment.amount / 100);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      try {
        const current = await getUpiPayment(payment.id);
        if (current.status !== 'pending') {
          ended.current = true;
          onEndRef.current(current);
          return;
        }
      } catch {
        // A lost answer (network): the server keeps the payment; ask again.
      }
      if (!ended.current) timer = setTimeout(() => void check(), CHECK_EVERY_MS);
    };
    timer = setTimeout(() => void check(), payment.status === 'pending' ? CHECK_EVERY_MS : 0);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [payment]);

  return (
    <Stack gap="4" aria-busy="true">
      <HStack gap="3" align="start">
        <Spinner size="sm" mt="1" aria-hidden="true" />
        <Text>
          Approve the payment of {amount} in your UPI app ({payment.vpa}). The order is placed as soon as you
          do.
        </Text>
      </HStack>
      <Text fontWeight="semibold" role="timer" aria-label="Time left to approve">
        Time left: {minutesAndSeconds(endsAt - now)}
      </Text>
      {/* A desktop shows the payment as a QR code; a phone opens its UPI app with the same link. */}
      <Box display={{ base: 'none', md: 'flex' }} gap="4" alignItems="center">
        <UpiQrCode link={payment.upiLink} label={`UPI QR code: pay ${amount}`} />
        <Text fontSize="sm" color="fg.muted">
          Or scan this code with any UPI app to pay the same request.
        </Text>
      </Box>
      <Button asChild display={{ base: 'flex', md: 'none' }} variant="outline" colorPalette="brand">
        <a href={payment.upiLink}>Open UPI app</a>
      </Button>
    </Stack>
  );
}
