import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { eq } from 'drizzle-orm';
import { useTestApp } from './helpers/test-app.ts';
import {
  addProduct,
  newOrderRequest,
  pay,
  placePaidOrder,
  register,
  shippingInfo,
  totalPaiseOf,
  type SignedIn,
} from './helpers/shop.ts';
import { invoices, orders } from '../src/db/schema.ts';
import { newId } from '../src/db/ids.ts';
import { financialYearOf, invoiceNumber } from '../src/invoices/financial-year.ts';
import { shareOut } from '../src/invoices/gst.ts';

// Issue 25, item 6: every paid order gets a GST tax invoice, numbered per financial year without gaps.
const t = useTestApp({ admin: true });

async function pdfText(buyer: SignedIn, orderId: string) {
  const response = await t.request('GET', `/order/${orderId}/invoice`, { as: buyer });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

/** An order of these lines, paid by card, shipped to `to`. */
async function paidOrder(
  buyer: SignedIn,
  lines: { pricePaise: number; quantity: number; category?: string }[],
  to = {},
) {
  const made = await Promise.all(
    lines.map((line) =>
      addProduct(t.app, { pricePaise: line.pricePaise, stock: 100, category: line.category ?? 'Laptop' }),
    ),
  );
  const { intentId } = await pay(t.app, buyer, totalPaiseOf(lines));
  const request = newOrderRequest(
    buyer,
    made.map((product, index) => ({ product: product.id, quantity: lines[index]!.quantity })),
    intentId,
  );
  const response = await t.app.inject({
    ...request,
    payload: { ...request.payload, shippingInfo: { ...shippingInfo, ...to } },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order;
}

const sequenceOf = (number: string) => Number(number.split('/')[2]);

describe('GST tax invoice', () => {
  it('numbers 50 orders placed at once 1 to 50 after the last, none repeated, none skipped', async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => register(t.app)));
    const before = await t.app.shop.db.select({ sequence: invoices.sequence }).from(invoices);
    const last = Math.max(0, ...before.map((row) => row.sequence));
    const product = await addProduct(t.app, { pricePaise: 100_00, stock: 1000 });
    const paid = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const buyer = buyers[index % buyers.length]!;
        const { intentId } = await pay(t.app, buyer, totalPaiseOf([{ pricePaise: 100_00, quantity: 1 }]));
        return { buyer, intentId };
      }),
    );
    const started = performance.now();
    const placed = await Promise.all(
      paid.map(({ buyer, intentId }) =>
        t.app.inject(newOrderRequest(buyer, [{ product: product.id, quantity: 1 }], intentId)),
      ),
    );
    const elapsed = performance.now() - started;
    expect(placed.map((answer) => answer.statusCode)).toEqual(Array(50).fill(201));
    const numbers = placed.map((answer) => answer.json().order.invoice.number as string);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.map(sequenceOf).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => last + index + 1),
    );
    console.info(`invoices: 50 concurrent orders placed and numbered in ${Math.round(elapsed)} ms`);
  });

  it('gives back the number of an order refused after it was counted (no gap)', async () => {
    const buyer = await register(t.app);
    const first = await paidOrder(buyer, [{ pricePaise: 100_00, quantity: 1 }]);
    // Five buyers race for the last two units: three orders are refused inside their transactions.
    const product = await addProduct(t.app, { pricePaise: 100_00, stock: 2 });
    const racers = await Promise.all(Array.from({ length: 5 }, () => register(t.app)));
    const answers = await Promise.all(
      racers.map(async (racer) => {
        const { intentId } = await pay(t.app, racer, totalPaiseOf([{ pricePaise: 100_00, quantity: 1 }]));
        return t.app.inject(newOrderRequest(racer, [{ product: product.id, quantity: 1 }], intentId));
      }),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 400, 400, 400]);
    const next = await paidOrder(buyer, [{ pricePaise: 100_00, quantity: 1 }]);
    expect(sequenceOf(next.invoice.number)).toBe(sequenceOf(first.invoice.number) + 3);
  });

  it('splits GST as CGST 9% + SGST 9% within the seller’s state, to the paisa', async () => {
    const buyer = await register(t.app, { name: 'Asha Rao' });
    // ₹333.33 × 3 and ₹0.55: 18% of ₹1,000.54 is ₹180.0972, rounded once to ₹180.10.
    const order = await paidOrder(
      buyer,
      [
        { pricePaise: 333_33, quantity: 3, category: 'Camera' },
        { pricePaise: 55, quantity: 1, category: 'Tops' },
      ],
      { state: 'Karnataka', country: 'India' },
    );
    expect(order).toMatchObject({
      itemsPrice: 1000.54,
      taxPrice: 180.1,
      shippingPrice: 0,
      totalPrice: 1180.64,
    });
    const text = await pdfText(buyer, order._id);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(`Invoice No.: ${order.invoice.number}`);
    expect(text).toContain('GSTIN: 29AAACS1234F1Z5');
    expect(text).toContain('Asha Rao');
    expect(text).toContain('Place of supply: Karnataka');
    expect(text).toMatch(/8525 3 333\.33 999\.99 90\.00 90\.00 1,179\.99/);
    expect(text).toMatch(/6109 1 0\.55 0\.55 0\.05 0\.05 0\.65/);
    expect(text).toMatch(
      /Taxable value 1,000\.54 CGST 9% 90\.05 SGST 9% 90\.05 Shipping charges 0\.00 Total \(INR\) 1,180\.64/,
    );
    expect(text).not.toContain('IGST');
  });

  it('charges IGST 18% when the goods go to another state', async () => {
    const buyer = await register(t.app);
    const order = await paidOrder(buyer, [{ pricePaise: 399_00, quantity: 1, category: 'Tops' }], {
      state: 'Maharashtra',
      city: 'Mumbai',
      pinCode: '400001',
    });
    // ₹399 + GST ₹71.82 + shipping ₹200 = ₹670.82.
    const text = await pdfText(buyer, order._id);
    expect(text).toContain('Place of supply: Maharashtra');
    expect(text).toMatch(/6109 1 399\.00 399\.00 71\.82 470\.82/);
    expect(text).toMatch(
      /Taxable value 399\.00 IGST 18% 71\.82 Shipping charges 200\.00 Total \(INR\) 670\.82/,
    );
    expect(text).not.toMatch(/CGST|SGST/);
  });

  it('is the buyer’s and the admins’ only', async () => {
    const buyer = await register(t.app);
    const { orderId } = await placePaidOrder(t.app, buyer);
    const other = await register(t.app);
    const stranger = await t.request('GET', `/order/${orderId}/invoice`, { as: other });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Order not found with this Id');
    expect((await t.request('GET', `/order/${orderId}/invoice`)).statusCode).toBe(401);
    const admin = await t.request('GET', `/order/${orderId}/invoice`, { as: t.admin });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-disposition']).toMatch(
      /^attachment; filename="invoice-INV-\d\d-\d\d-\d{5}\.pdf"$/,
    );
  });

  it('invoices a paid order from before invoices once, however many ask at once', async () => {
    const buyer = await register(t.app);
    const { orderId } = await placePaidOrder(t.app, buyer);
    // As an order placed before issue 25: paid, without its invoice.
    await t.app.shop.db.delete(invoices).where(eq(invoices.orderId, orderId));
    const [order] = await t.app.shop.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paymentStatus).toBe('succeeded');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.request('GET', `/order/${orderId}/invoice`, { as: buyer })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.app.shop.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
  });

  it('answers 404 for an order that does not exist, and 400 for a malformed id', async () => {
    expect((await t.request('GET', `/order/${newId()}/invoice`, { as: t.admin })).statusCode).toBe(404);
    expect((await t.request('GET', '/order/nope/invoice', { as: t.admin })).statusCode).toBe(400);
  });
});

describe('financial years and shares', () => {
  it('starts a financial year on 1 April in India', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27'); // 23:59:59 IST
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28'); // 1 April, 00:00 IST
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
    expect(invoiceNumber('INV', '2026-27', 42)).toBe('INV/26-27/00042');
    expect(invoiceNumber('INV', '2026-27', 999_999)).toHaveLength(16);
    expect(invoiceNumber('ABCD', '2026-27', 99_999)).toHaveLength(16);
  });

  it('shares tax over lines to the paisa', () => {
    expect(shareOut(18010, [99999, 55])).toEqual([18000, 10]);
    expect(shareOut(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(shareOut(100, [0, 0])).toEqual([100, 0]);
  });
});
