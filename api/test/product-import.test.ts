import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  MAX_IMPORT_BYTES,
  productImportRefusedSchema,
  productImportResponseSchema,
} from '@shop/shared-api/schemas';
import { adminActivity, products } from '../src/db/schema.ts';
import { useTestApp } from './helpers/test-app.ts';
import { BOM, csvOf, productHeader as header, spreadsheetShop } from './helpers/spreadsheets.ts';
import { addProduct, register, type SignedIn } from './helpers/shop.ts';

// The admin's products import (issue 29, item 3): a file checked row by row, then applied whole in one
// transaction with an audit entry per product, or not at all with each bad row listed.

const t = useTestApp({ admin: true });
const { importCsv, entryCount, catalogState } = spreadsheetShop(t);
let shopper: SignedIn;

beforeAll(async () => {
  shopper = await register(t.app, { name: 'Spreadsheet Shopper' });
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
