import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  MAX_IMPORT_BYTES,
  ORDER_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  productImportRefusedSchema,
  productImportResponseSchema,
} from '@shop/shared-api/schemas';
import { adminActivity, orders, products } from '../src/db/schema.ts';
import { escapeCell, rupeesCell, unescapeCell } from '../src/spreadsheets/csv-cells.ts';
import { useTestApp } from './helpers/test-app.ts';
import {
  addProduct,
  newOrderRequest,
  pay,
  placePaidOrder,
  register,
  totalPaiseOf,
  type SignedIn,
} from './helpers/shop.ts';

// CSV export and import for the admin (issue 29, item 3): the orders' lines in a date range and the
// products streamed out in rupees with formula cells escaped; a products file checked row by row, then
// applied whole in one transaction with an audit entry per product, or not at all with each bad row listed.

const t = useTestApp({ admin: true });
let shopper: SignedIn;

beforeAll(async () => {
  shopper = await register(t.app, { name: 'Spreadsheet Shopper' });
});

const BOM = '\uFEFF';
const csvOf = (rows: (string | number)[][]) => stringify(rows, { record_delimiter: 'windows' });
const header = [...PRODUCT_CSV_COLUMNS];

/** An answer's CSV as records keyed by its header (the BOM checked and dropped). */
function recordsOf(body: string): Record<string, string>[] {
  expect(body.startsWith(BOM)).toBe(true);
  return parse(body.slice(BOM.length), { columns: true }) as Record<string, string>[];
}

const importCsv = (csv: string, as: SignedIn | undefined = t.admin) =>
  t.request('POST', '/admin/products/import', {
    ...(as ? { as } : {}),
    headers: { 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });

const entryCount = async () => (await t.app.shop.db.$count(adminActivity)) as number;

/** Every product's stored fields, and the audit trail's size: what a refused import must leave as it was. */
async function catalogState() {
  const rows = await t.app.shop.db
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      description: products.description,
      category: products.category,
      stock: products.stock,
    })
    .from(products)
    .orderBy(asc(products.id));
  return { rows, entries: await entryCount() };
}

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

describe('POST /admin/products/import', () => {
  it('creates the rows without an id and updates the rows with one, with an audit entry per product', async () => {
    const existing = await addProduct(t.app, {
      name: 'Old Kettle',
      pricePaise: 100_000,
      stock: 4,
      category: 'Tops',
    });
    const entriesBefore = await entryCount();
    const response = await importCsv(
      csvOf([
        header,
        [existing.id, 'Old Kettle', '1250.5', 'A product for tests', 'Tops', '4'],
        ['', 'New Kettle', '999', 'Boils, whistles', 'Attire', '12'],
        ['', 'Newer Kettle', '1999.99', '', 'Camera', '0'],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(productImportResponseSchema.parse(response.json())).toEqual({
      success: true,
      created: 2,
      updated: 1,
      unchanged: 0,
    });
    const [updated] = await t.app.shop.db.select().from(products).where(eq(products.id, existing.id));
    expect(updated).toMatchObject({ name: 'Old Kettle', pricePaise: 125_050, stock: 4 });
    // Its pictures are not in the file: an update keeps them.
    expect(updated!.images).toEqual(existing.images);
    const created = await t.app.shop.db
      .select()
      .from(products)
      .where(inArray(products.name, ['New Kettle', 'Newer Kettle']))
      .orderBy(asc(products.name));
    expect(
      created.map(({ name, pricePaise, description, category, stock, images }) => ({
        name,
        pricePaise,
        description,
        category,
        stock,
        images,
      })),
    ).toEqual([
      {
        name: 'New Kettle',
        pricePaise: 99_900,
        description: 'Boils, whistles',
        category: 'Attire',
        stock: 12,
        images: [],
      },
      {
        name: 'Newer Kettle',
        pricePaise: 199_999,
        description: '',
        category: 'Camera',
        stock: 0,
        images: [],
      },
    ]);

    expect(await entryCount()).toBe(entriesBefore + 3);
    const entries = await t.app.shop.db
      .select()
      .from(adminActivity)
      .where(inArray(adminActivity.targetId, [existing.id, ...created.map((row) => row.id)]));
    expect(
      entries.every((entry) => entry.action === 'catalog.import' && entry.actorId === t.admin.userId),
    ).toBe(true);
    expect(entries.find((entry) => entry.targetId === existing.id)!.changes).toEqual([
      { field: 'price', before: 1000, after: 1250.5 },
    ]);
    expect(entries.find((entry) => entry.targetId === created[0]!.id)!.changes).toEqual([
      { field: 'name', before: null, after: 'New Kettle' },
      { field: 'price', before: null, after: 999 },
      { field: 'description', before: null, after: 'Boils, whistles' },
      { field: 'category', before: null, after: 'Attire' },
      { field: 'stock', before: null, after: 12 },
      { field: 'images', before: null, after: [] },
    ]);
    // The storefront sees the new products at once (the catalog's cache was dropped).
    const list = await t.request('GET', '/products?keyword=Kettle');
    expect(
      list
        .json()
        .products.map((product: { name: string }) => product.name)
        .sort(),
    ).toEqual(['New Kettle', 'Newer Kettle', 'Old Kettle']);
  });

  it('takes the columns in any order, without id or description, and a BOM', async () => {
    const response = await importCsv(`${BOM}stock,category,price,name\r\n3,Bottom,10,Column Trousers\r\n`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 1, updated: 0 });
  });

  it('applies nothing when a row in the middle is bad, and lists each bad row with its reason', async () => {
    const target = await addProduct(t.app, { name: 'Untouched Mug', pricePaise: 30_000 });
    const before = await catalogState();
    const response = await importCsv(
      csvOf([
        header,
        [target.id, 'Renamed Mug', '310', '', 'Laptop', '5'],
        ['', 'Fine Mug', '100', '', 'Laptop', '5'],
        ['', 'Bad Price Mug', 'twelve', '', 'Laptop', '5'],
        ['', '', '100', '', 'Laptop', '5'],
        ['', 'Bad Category Mug', '100', '', 'Kitchen', '-1'],
        ['', 'Short row'],
        ['', 'Fine Mug Too', '100', '', 'Laptop', ''],
        ['not-an-id', 'Odd Id Mug', '100', '', 'Laptop', '5'],
        ['', 'Last Fine Mug', '100', '', 'Laptop', '5'],
      ]),
    );
    expect(response.statusCode).toBe(400);
    const refused = productImportRefusedSchema.parse(response.json());
    expect(refused.message).toBe('6 rows cannot be imported: nothing was imported');
    expect(refused.badRowsCount).toBe(6);
    expect(refused.badRows).toEqual([
      { row: 4, reason: 'price: Price must be a number' },
      { row: 5, reason: 'name: Please enter product name' },
      { row: 6, reason: expect.stringMatching(/^category: .*; stock: Stock cannot be negative$/) },
      { row: 7, reason: 'expected 6 cells as in the header, found 2' },
      { row: 8, reason: 'stock: Please enter the stock' },
      { row: 9, reason: 'id: must be a 24-character lowercase hexadecimal id' },
    ]);
    expect(await catalogState()).toEqual(before);
  });

  it('applies nothing when an id names no product, though the transaction had begun', async () => {
    const kept = await addProduct(t.app, { name: 'Kept Bowl', pricePaise: 20_000 });
    const before = await catalogState();
    const response = await importCsv(
      csvOf([
        header,
        [kept.id, 'Changed Bowl', '1', '', 'Laptop', '1'],
        ['', 'Created Bowl', '1', '', 'Laptop', '1'],
        ['0123456789abcdef01234567', 'Ghost Bowl', '1', '', 'Laptop', '1'],
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: '1 row names a product that does not exist: nothing was imported',
      badRowsCount: 1,
      badRows: [{ row: 4, reason: 'id: no product has the id 0123456789abcdef01234567' }],
    });
    expect(await catalogState()).toEqual(before);
  });

  it('refuses a product twice in one file', async () => {
    const twice = await addProduct(t.app);
    const response = await importCsv(
      csvOf([header, [twice.id, 'A', '1', '', 'Laptop', '1'], [twice.id, 'B', '2', '', 'Laptop', '1']]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().badRows).toEqual([
      { row: 3, reason: `id: product ${twice.id} is already on row 2` },
    ]);
  });

  it('refuses a file whose header is not the products columns, or that is no CSV, or holds no rows', async () => {
    const before = await catalogState();
    const cases: [string, string, { row: number; reason: RegExp }[]][] = [
      [
        'name,price,colour\r\nHat,1,red\r\n',
        'The header row does not name the products columns (id, name, price, description, category, stock): nothing was imported',
        [{ row: 1, reason: /^unknown column "colour"; missing columns category, stock$/ }],
      ],
      [
        'name,price,category,stock\r\nHat,1,Tops,1\r\n"Unclosed,1,Tops,1\r\n',
        'The file is not valid CSV from row 3: nothing was imported',
        [{ row: 3, reason: /^not readable as CSV: / }],
      ],
      [
        'name,price,category,stock\r\n',
        'The file has no product rows under its header: nothing was imported',
        [],
      ],
      ['', 'The file has no product rows under its header: nothing was imported', []],
    ];
    for (const [csv, message, rows] of cases) {
      const response = await importCsv(csv);
      expect(response.statusCode, csv).toBe(400);
      const refused = productImportRefusedSchema.parse(response.json());
      expect(refused.message, csv).toBe(message);
      expect(
        refused.badRows.map((row) => row.row),
        csv,
      ).toEqual(rows.map((row) => row.row));
      refused.badRows.forEach((row, index) => expect(row.reason).toMatch(rows[index]!.reason));
    }
    expect(await catalogState()).toEqual(before);
  });

  it('refuses another body type unread (415), and a file over the limit (413)', async () => {
    const json = await t.request('POST', '/admin/products/import', { as: t.admin, payload: { name: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('body: this route takes a CSV file (text/csv), not application/json');
    const text = await t.request('POST', '/admin/products/import', {
      as: t.admin,
      headers: { 'content-type': 'text/plain' },
      payload: 'name\n',
    });
    expect(text.statusCode).toBe(415);
    const large = await t.request('POST', '/admin/products/import', {
      as: t.admin,
      headers: { 'content-type': 'text/csv', 'content-length': String(MAX_IMPORT_BYTES + 1) },
      payload: 'name,price,category,stock\r\n',
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('body: a CSV file is limited to 32 MiB');
  });

  it('answers a body that is not even JSON with a 400 and its reason (the fuzz found a 500)', async () => {
    for (const payload of ['{bad', '[{"name":{"__proto__":{"admin":true}}}]']) {
      const response = await t.request('POST', '/admin/products/import', {
        as: t.admin,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({
        success: false,
        message: "Body is not valid JSON but content-type is set to 'application/json'",
      });
    }
  });

  it('lets no one but an admin export or import (401 guest, 403 shopper), and records nothing', async () => {
    const before = await catalogState();
    const csv = csvOf([header, ['', 'Sneaky Hat', '1', '', 'Tops', '1']]);
    for (const [as, status] of [
      [undefined, 401],
      [shopper, 403],
    ] as const) {
      expect((await t.request('GET', '/admin/products/export.csv', as ? { as } : {})).statusCode).toBe(
        status,
      );
      expect((await t.request('GET', '/admin/orders/export.csv', as ? { as } : {})).statusCode).toBe(status);
      const response = await t.request('POST', '/admin/products/import', {
        ...(as ? { as } : {}),
        headers: { 'content-type': 'text/csv' },
        payload: csv,
      });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ success: false });
    }
    expect(await catalogState()).toEqual(before);
  });
});
