import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  ORDER_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  productImportResponseSchema,
} from '@shop/shared-api/schemas';
import { orders } from '../src/db/schema.ts';
import { escapeCell, rupeesCell, unescapeCell } from '../src/spreadsheets/csv-cells.ts';
import { useTestApp } from './helpers/test-app.ts';
import { BOM, recordsOf, spreadsheetShop } from './helpers/spreadsheets.ts';
import {
  addProduct,
  newOrderRequest,
  pay,
  placePaidOrder,
  register,
  totalPaiseOf,
  type SignedIn,
} from './helpers/shop.ts';

// CSV exports for the admin (issue 29, item 3): the orders' lines in a date range and the products
// streamed out in rupees with formula cells escaped (the file re-imports unchanged).

const t = useTestApp({ admin: true });
const { importCsv, catalogState } = spreadsheetShop(t);
let shopper: SignedIn;

beforeAll(async () => {
  shopper = await register(t.app, { name: 'Spreadsheet Shopper' });
});

describe('cells', () => {
  it('escapes what a spreadsheet reads as a formula, and the import takes the escape off again', () => {
    for (const text of ['=1+1', '+91 98', '-5', '@SUM(A1)', '\tTab', '\rReturn', "'quoted", "''=x"]) {
      expect(escapeCell(text)).toBe(`'${text}`);
      expect(unescapeCell(escapeCell(text))).toBe(text);
    }
    for (const text of ['Laptop', '12.50', "it's", 'a=b']) expect(escapeCell(text)).toBe(text);
    // An apostrophe typed before ordinary text is the text's own.
    expect(unescapeCell("'hello")).toBe("'hello");
  });

  it('writes paise as rupees with two decimals, exactly', () => {
    expect([0, 5, 50, 129_950, 100_005, 2_500_000_000].map(rupeesCell)).toEqual([
      '0.00',
      '0.05',
      '0.50',
      '1299.50',
      '1000.05',
      '25000000.00',
    ]);
  });
});

describe('GET /admin/products/export.csv', () => {
  it('answers every product, in id order, price in rupees, as a CSV download', async () => {
    await addProduct(t.app, { name: 'Export Lamp', pricePaise: 129_950, stock: 7, category: 'Camera' });
    await addProduct(t.app, { name: 'Comma, "Quote" Lamp', description: 'Line one\nline two' });
    const response = await t.request('GET', '/admin/products/export.csv', { as: t.admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.split('\r\n')[0]).toBe(`${BOM}${PRODUCT_CSV_COLUMNS.join(',')}`);
    const records = recordsOf(response.body);
    const stored = (await catalogState()).rows;
    expect(records).toEqual(
      stored.map((row) => ({
        id: row.id,
        name: row.name,
        price: rupeesCell(row.pricePaise),
        description: row.description,
        category: row.category,
        stock: String(row.stock),
      })),
    );
    expect(records.find((record) => record.name === 'Export Lamp')).toMatchObject({
      price: '1299.50',
      stock: '7',
      category: 'Camera',
    });
  });

  it('escapes formula cells, and the file re-imports without changing anything', async () => {
    const names = [
      '=HYPERLINK("http://evil.example","Click")',
      '+91 Phone',
      '-Minus',
      '@Mention',
      "'Apostrophe",
    ];
    for (const name of names) await addProduct(t.app, { name, description: '=1+1' });
    const response = await t.request('GET', '/admin/products/export.csv', { as: t.admin });
    const records = recordsOf(response.body);
    for (const name of names) {
      const record = records.find((entry) => entry.name === `'${name}`);
      expect(record, name).toBeDefined();
      expect(record!.description).toBe("'=1+1");
    }
    const before = await catalogState();
    const again = await importCsv(response.body);
    expect(again.statusCode, again.body).toBe(200);
    expect(productImportResponseSchema.parse(again.json())).toEqual({
      success: true,
      created: 0,
      updated: 0,
      unchanged: records.length,
    });
    // Nothing written, so nothing recorded either.
    expect(await catalogState()).toEqual(before);
  });
});

describe('GET /admin/orders/export.csv', () => {
  it('answers one row per order line in the date range, money in rupees, oldest first', async () => {
    const [pen, ink] = [
      await addProduct(t.app, { name: 'Export Pen', pricePaise: 12_050, stock: 20 }),
      await addProduct(t.app, { name: '=Ink', pricePaise: 9_900, stock: 20 }),
    ];
    const lines = [
      { product: pen.id, quantity: 3, pricePaise: 12_050 },
      { product: ink.id, quantity: 2, pricePaise: 9_900 },
    ];
    const { intentId } = await pay(t.app, shopper, totalPaiseOf(lines));
    const placed = await t.app.inject(
      newOrderRequest(
        shopper,
        lines.map(({ product, quantity }) => ({ product, quantity })),
        intentId,
      ),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const inRange = placed.json().order._id as string;
    const before = (await placePaidOrder(t.app, shopper)).orderId;
    const after = (await placePaidOrder(t.app, shopper)).orderId;
    const setPlaced = (id: string, at: string) =>
      t.app.shop.db
        .update(orders)
        .set({ createdAt: new Date(at) })
        .where(eq(orders.id, id));
    await setPlaced(before, '2026-03-31T18:29:59.999Z');
    await setPlaced(inRange, '2026-03-31T18:30:00.000Z');
    await setPlaced(after, '2026-04-30T18:30:00.000Z');

    // April 2026 in India: from its first instant (inclusive) to May's first (exclusive).
    const response = await t.request(
      'GET',
      '/admin/orders/export.csv?from=2026-03-31T18:30:00.000Z&to=2026-04-30T18:30:00.000Z',
      { as: t.admin },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.split('\r\n')[0]).toBe(`${BOM}${ORDER_CSV_COLUMNS.join(',')}`);
    const records = recordsOf(response.body);
    const [order] = await t.app.shop.db.select().from(orders).where(eq(orders.id, inRange));
    const common = {
      orderId: inRange,
      placedAt: '2026-03-31T18:30:00.000Z',
      customerEmail: shopper.email,
      orderStatus: 'Processing',
      paymentStatus: 'succeeded',
      paymentMethod: 'card',
      itemsPrice: '559.50',
      taxPrice: rupeesCell(order!.taxPaise),
      shippingPrice: '200.00',
      totalPrice: rupeesCell(order!.totalPaise),
    };
    expect(records).toEqual([
      {
        ...common,
        productId: pen.id,
        productName: 'Export Pen',
        quantity: '3',
        unitPrice: '120.50',
        lineTotal: '361.50',
      },
      {
        ...common,
        productId: ink.id,
        productName: "'=Ink",
        quantity: '2',
        unitPrice: '99.00',
        lineTotal: '198.00',
      },
    ]);
    expect(Number(common.totalPrice)).toBeCloseTo(559.5 + 200 + Number(common.taxPrice), 2);
  });

  it('answers every order without a range, and only a header when none is in it', async () => {
    const all = recordsOf((await t.request('GET', '/admin/orders/export.csv', { as: t.admin })).body);
    const lineCount = (await t.app.shop.db.select({ items: orders.orderItems }).from(orders)).reduce(
      (sum, row) => sum + row.items.length,
      0,
    );
    expect(all).toHaveLength(lineCount);
    expect(all.map((record) => record.placedAt)).toEqual(all.map((record) => record.placedAt).sort());
    const none = await t.request(
      'GET',
      '/admin/orders/export.csv?from=2001-01-01T00:00:00Z&to=2001-01-02T00:00:00Z',
      {
        as: t.admin,
      },
    );
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe(`${BOM}${ORDER_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('reads past one batch without skipping or repeating an order placed in the same microsecond', async () => {
    const ids = [];
    for (let index = 0; index < 5; index++) ids.push((await placePaidOrder(t.app, shopper)).orderId);
    await t.app.shop.db
      .update(orders)
      .set({ createdAt: sql`'2025-01-01T00:00:00.123456Z'::timestamptz` })
      .where(inArray(orders.id, ids));
    const response = await t.request(
      'GET',
      '/admin/orders/export.csv?from=2025-01-01T00:00:00Z&to=2025-01-02T00:00:00Z',
      { as: t.admin },
    );
    expect(recordsOf(response.body).map((record) => record.orderId)).toEqual([...ids].sort());
  });

  it('refuses a range that is no range, naming the field', async () => {
    // An offset the database would refuse is read as the instant it names.
    const farOffset = await t.request('GET', '/admin/orders/export.csv?to=2026-02-10T20:00:00%2B20:00', {
      as: t.admin,
    });
    expect(farOffset.statusCode).toBe(200);
    for (const [query, message] of [
      ['from=yesterday', 'from must be an ISO 8601 date-time'],
      ['from=2026-05-01T00:00:00Z&to=2026-04-01T00:00:00Z', 'to must be after from'],
    ]) {
      const response = await t.request('GET', `/admin/orders/export.csv?${query}`, { as: t.admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});
