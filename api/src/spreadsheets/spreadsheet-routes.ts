import { Readable, pipeline } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import {
  MAX_IMPORT_BYTES,
  ORDER_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  orderExportQuerySchema,
  productCsvRowSchema,
  productImportRefusedSchema,
  productImportResponseSchema,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { csvBodyStream, drainCsvBody, registerCsvBodies } from '../http/csv-body.ts';
import { currentUser } from '../http/route-kit.ts';
import { escapeCell, rupeesCell } from './csv-cells.ts';
import { ordersInBatches, productsInBatches } from './spreadsheet-repository.ts';
import { applyProductImport, ImportRefused, readProductCsv } from './product-import.ts';

const tag = 'admin: spreadsheets';
const csvAnswer = z.string().describe('CSV (text/csv, UTF-8 with a byte order mark), a header row first');

/** Today as YYYY-MM-DD (UTC), for the downloaded file's name. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Streams `rows` (arrays of cells in `columns`' order) to the browser as a CSV download: one batch of
 * rows is read from the database while the one before is written, at the pace the browser takes them.
 * The first row is read before the answer starts, so a database that fails at once answers its own
 * error status; a failure half-way ends the download cut short (the status has gone), and is logged.
 */
async function sendCsv(
  reply: FastifyReply,
  filename: string,
  columns: readonly string[],
  rows: AsyncGenerator<(string | number)[]>,
) {
  const first = await rows.next();
  async function* all() {
    if (first.done) return;
    yield first.value;
    yield* rows;
  }
  const out = pipeline(
    Readable.from(all()),
    // A byte order mark, so a spreadsheet opens the rupee sign and non-Latin names as UTF-8.
    stringify({ header: true, columns: [...columns], bom: true, record_delimiter: 'windows' }),
    (error) => {
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
        reply.log.error({ err: error }, 'CSV export failed half-way');
    },
  );
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(out);
}

/** An instant of the query as the database reads it (the offset it was written with may be one it refuses). */
const utc = (instant: string | undefined) => (instant ? new Date(instant).toISOString() : undefined);

/**
 * CSV export and import for the admin (issue 29): the orders' lines in a date range and the products,
 * streamed out; a products file streamed in, every row checked before anything is written, then all of it
 * applied in one transaction or none of it.
 */
export function registerSpreadsheetRoutes(admin: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;
  registerCsvBodies(admin);

  admin.get(
    '/products/export.csv',
    kit.admin({
      tag,
      summary: `Every product as CSV (${PRODUCT_CSV_COLUMNS.join(', ')}; price in rupees), in id order: the file the import takes back`,
      response: { 200: csvAnswer },
    }),
    async (_request, reply) =>
      sendCsv(
        reply,
        `products-${today()}.csv`,
        PRODUCT_CSV_COLUMNS,
        (async function* () {
          for await (const batch of productsInBatches(db))
            for (const product of batch)
              yield [
                product.id,
                escapeCell(product.name),
                rupeesCell(product.pricePaise),
                escapeCell(product.description),
                escapeCell(product.category),
                product.stock,
              ];
        })(),
      ),
  );

  admin.get(
    '/orders/export.csv',
    kit.admin({
      tag,
      summary:
        'The lines of the orders placed from `from` (inclusive) to `to` (exclusive) as CSV, oldest first: one row per line, money in rupees, the order’s totals on each of its lines',
      querystring: orderExportQuerySchema,
      response: { 200: csvAnswer },
    }),
    async (request, reply) => {
      const [from, to] = [utc(request.query.from), utc(request.query.to)];
      return sendCsv(
        reply,
        // The range's days are the admin's own (their time zone): the browser names its file with them.
        `orders-${today()}.csv`,
        ORDER_CSV_COLUMNS,
        (async function* () {
          for await (const batch of ordersInBatches(db, { from, to }))
            for (const order of batch)
              for (const line of order.items)
                yield [
                  order.id,
                  order.placedAt,
                  escapeCell(order.email),
                  escapeCell(order.orderStatus),
                  escapeCell(order.paymentStatus),
                  escapeCell(order.paymentMethod),
                  line.product,
                  escapeCell(line.name),
                  line.quantity,
                  rupeesCell(line.pricePaise),
                  rupeesCell(line.pricePaise * line.quantity),
                  rupeesCell(order.itemsPaise),
                  rupeesCell(order.taxPaise),
                  rupeesCell(order.shippingPaise),
                  rupeesCell(order.totalPaise),
                ];
        })(),
      );
    },
  );

  admin.post(
    '/products/import',
    kit.admin({
      tag,
      summary: `Import a products CSV (text/csv, the export's columns): rows with an id update that product, rows without create one; all rows in one transaction, or none with a 400 listing each bad row`,
      description: `Every row is checked with the product form's rules before anything is written. At most ${MAX_IMPORT_BYTES / (1024 * 1024)} MiB.`,
      csv: { maxBytes: MAX_IMPORT_BYTES, row: productCsvRowSchema },
      // Its own 400 lists the bad rows; a 400 before the route runs (a body that is not even JSON) does not.
      response: {
        200: productImportResponseSchema,
        400: productImportRefusedSchema.partial({ badRowsCount: true, badRows: true }),
      },
    }),
    async (request, reply) => {
      try {
        const rows = await readProductCsv(csvBodyStream(request, MAX_IMPORT_BYTES));
        const result = await applyProductImport(db, currentUser(request), rows);
        if (result.created || result.updated) ctx.catalogCache.invalidate();
        return { success: true as const, ...result };
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        await drainCsvBody(request, reply, MAX_IMPORT_BYTES);
        return reply.status(400).send({
          success: false as const,
          message: error.message,
          badRowsCount: error.badRowsCount,
          badRows: error.badRows,
        });
      }
    },
  );
}
