import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { useTestApp } from './helpers/test-app.ts';
import {
  addProduct,
  cashOrderRequest,
  newOrderRequest,
  pay,
  register,
  totalPaiseOf,
  type SignedIn,
} from './helpers/shop.ts';
import { orders, paymentIntents, products } from '../src/db/schema.ts';

// Issue 29: random sequences of place (card or cash), ship/deliver, cancel, refund and return on one
// product. After every step the api's answers match a model of the rules, and stock and money add up:
// stock = start - units sold and not put back; each order's refunded sum = what the model says, never
// above what was paid, and the local gateway gave back exactly that.
const t = useTestApp({ admin: true });

const START_STOCK = 8;
const UNIT = 30_000;
const RUNS = Number(process.env.REFUND_PROPERTY_RUNS ?? 40);

interface ModelOrder {
  id: string;
  quantity: number;
  totalPaise: number;
  cash: boolean;
  intentId: string | null;
  status: 'Processing' | 'Shipped' | 'Delivered' | 'Cancelled';
  refundedUnits: number;
  restockedUnits: number;
  refundedPaise: number;
  refunds: number;
}

type Step =
  | { kind: 'place'; quantity: number; cash: boolean }
  | { kind: 'advance'; order: number }
  | { kind: 'cancel'; order: number }
  | { kind: 'refund'; order: number; quantity: number }
  | { kind: 'return'; order: number; quantity: number; restock: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    quantity: fc.integer({ min: 1, max: 4 }),
    cash: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('advance' as const), order: fc.nat(3) }),
  fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(3) }),
  fc.record({
    kind: fc.constant('refund' as const),
    order: fc.nat(3),
    quantity: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('return' as const),
    order: fc.nat(3),
    quantity: fc.integer({ min: 1, max: 3 }),
    restock: fc.boolean(),
  }),
);

const paidOf = (order: ModelOrder) => (!order.cash || order.status === 'Delivered' ? order.totalPaise : 0);
const linesPaise = (units: number) => units * UNIT + Math.round((units * UNIT * 18) / 100);

/** Runs one step against the api and the model; fails when the api's answer is not the model's. */
async function run(
  step: Step,
  model: { stock: number; orders: ModelOrder[] },
  buyer: SignedIn,
  productId: string,
) {
  if (step.kind === 'place') {
    const openCash = model.orders.filter(
      (order) => order.cash && order.status !== 'Delivered' && order.status !== 'Cancelled',
    ).length;
    const expected = step.quantity <= model.stock && (!step.cash || openCash < 3);
    const totalPaise = totalPaiseOf([{ pricePaise: UNIT, quantity: step.quantity }]);
    const lines = [{ product: productId, quantity: step.quantity }];
    let intentId: string | null = null;
    let response;
    if (step.cash) response = await t.app.inject(cashOrderRequest(buyer, lines));
    else {
      intentId = (await pay(t.app, buyer, totalPaise)).intentId;
      response = await t.app.inject(newOrderRequest(buyer, lines, intentId));
    }
    expect(response.statusCode, response.body).toBe(expected ? 201 : 400);
    if (!expected) return;
    model.stock -= step.quantity;
    model.orders.push({
      id: response.json().order._id,
      quantity: step.quantity,
      totalPaise,
      cash: step.cash,
      intentId,
      status: 'Processing',
      refundedUnits: 0,
      restockedUnits: 0,
      refundedPaise: 0,
      refunds: 0,
    });
    return;
  }
  const order = model.orders[step.order % Math.max(1, model.orders.length)];
  if (!order) return;
  const as = { as: t.admin };
  if (step.kind === 'advance') {
    const next = order.status === 'Processing' ? 'Shipped' : order.status === 'Shipped' ? 'Delivered' : null;
    const response = await t.request('PUT', `/admin/order/${order.id}`, {
      ...as,
      payload: { status: next ?? 'Delivered', carrier: 'Delhivery', trackingNumber: 'DL1' },
    });
    expect(response.statusCode, response.body).toBe(next ? 200 : 400);
    if (next) order.status = next;
    return;
  }
  if (step.kind === 'cancel') {
    const response = await t.request('POST', `/admin/order/${order.id}/cancel`, as);
    const expected = order.status === 'Processing' || order.status === 'Shipped';
    expect(response.statusCode, response.body).toBe(expected ? 200 : 400);
    if (!expected) return;
    model.stock += order.quantity - order.restockedUnits;
    if (paidOf(order) > order.refundedPaise) order.refunds++;
    order.refundedPaise = paidOf(order);
    order.refundedUnits = order.restockedUnits = order.quantity;
    order.status = 'Cancelled';
    return;
  }
  const returning = step.kind === 'return';
  const restock = returning ? step.restock : true;
  const left = order.quantity - order.refundedUnits;
  const amount = Math.min(linesPaise(step.quantity), paidOf(order) - order.refundedPaise);
  const expected =
    (returning
      ? order.status === 'Delivered'
      : order.status === 'Processing' || order.status === 'Shipped') &&
    paidOf(order) > 0 &&
    step.quantity <= left &&
    amount > 0;
  const response = await t.request('POST', `/admin/order/${order.id}/${step.kind}`, {
    ...as,
    payload: {
      lines: [{ product: productId, quantity: step.quantity }],
      refundsSeen: order.refunds,
      ...(returning ? { restock } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(expected ? 200 : 400);
  if (!expected) return;
  order.refunds++;
  order.refundedUnits += step.quantity;
  order.refundedPaise += amount;
  if (restock) {
    order.restockedUnits += step.quantity;
    model.stock += step.quantity;
  }
}

/** The database agrees with the model: stock, and every order's refunded sum at the shop and the gateway. */
async function checkBooks(model: { stock: number; orders: ModelOrder[] }, productId: string) {
  const [product] = await t.app.shop.db.select().from(products).where(eq(products.id, productId));
  expect(product!.stock).toBe(model.stock);
  const sold = model.orders.reduce((sum, order) => sum + order.quantity - order.restockedUnits, 0);
  expect(product!.stock + sold).toBe(START_STOCK);
  for (const order of model.orders) {
    const [row] = await t.app.shop.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.refundedPaise).toBe(order.refundedPaise);
    expect(row!.refundedPaise).toBeLessThanOrEqual(paidOf(order));
    expect(row!.orderStatus).toBe(order.status);
    if (order.intentId) {
      const [intent] = await t.app.shop.db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.id, order.intentId));
      expect(intent!.refundedPaise).toBe(order.refundedPaise);
    }
  }
}

describe('cancel, refund and return: stock and money add up', () => {
  it('over random sequences of place, pay, ship, deliver, cancel, refund and return on one product', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const buyer = await register(t.app);
        const product = await addProduct(t.app, { pricePaise: UNIT, stock: START_STOCK });
        const model = { stock: START_STOCK, orders: [] as ModelOrder[] };
        for (const next of steps) {
          await run(next, model, buyer, product.id);
          await checkBooks(model, product.id);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
