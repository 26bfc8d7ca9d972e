import { HTTPError } from 'ky';
import type {
  OrderExportQuery,
  ProductImportRefused,
  ProductImportResponse,
  productImportResponseSchema,
} from '../../schemas/index.ts';
import { call, type Answer } from '../../client/call.ts';
import { saveFile } from '../../client/save-file.ts';
import { ApiError, FALLBACK_MESSAGES } from '../../errors.ts';

/** GET /admin/products/export.csv: every product as CSV (the columns the import takes back). */
export function getProductsCsv(): Promise<Blob> {
  return call<Blob>(FALLBACK_MESSAGES.exportProducts, (api) => api.get('admin/products/export.csv').blob());
}

/** Downloads the products CSV as `filename`. */
export async function downloadProductsCsv(filename: string): Promise<void> {
  saveFile(await getProductsCsv(), filename);
}

/** The export's range as the api's query string (a missing bound left out). */
export function orderExportParams(query: OrderExportQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return params;
}

/** GET /admin/orders/export.csv?from&to: the lines of the orders placed in the range, as CSV. */
export function getOrdersCsv(query: OrderExportQuery): Promise<Blob> {
  return call<Blob>(FALLBACK_MESSAGES.exportOrders, (api) =>
    api.get('admin/orders/export.csv', { searchParams: orderExportParams(query) }).blob(),
  );
}

/** Downloads the orders CSV of the range as `filename`. */
export async function downloadOrdersCsv(query: OrderExportQuery, filename: string): Promise<void> {
  saveFile(await getOrdersCsv(query), filename);
}

/** What an import came to: applied whole, or refused whole with its bad rows. */
export type ProductImportOutcome =
  | ({ applied: true } & Omit<ProductImportResponse, 'success'>)
  | ({ applied: false } & Omit<ProductImportRefused, 'success'>);

const isRefusal = (data: unknown): data is ProductImportRefused =>
  !!data &&
  typeof data === 'object' &&
  'badRows' in data &&
  Array.isArray(data.badRows) &&
  'message' in data &&
  typeof data.message === 'string';

/**
 * POST /admin/products/import with the file as it is (text/csv; the browser reads nothing of it): the
 * counts applied, or, on a 400 that lists bad rows, the refusal with each bad row and its reason (nothing
 * was applied). Any other failure throws an ApiError.
 */
export async function importProductsCsv(file: Blob): Promise<ProductImportOutcome> {
  try {
    const { success: _success, ...counts } = await call<Answer<typeof productImportResponseSchema>>(
      FALLBACK_MESSAGES.importProducts,
      (api) =>
        api.post('admin/products/import', { body: file, headers: { 'content-type': 'text/csv' } }).json(),
    );
    return { applied: true, ...counts };
  } catch (error) {
    const data = error instanceof ApiError && error.cause instanceof HTTPError ? error.cause.data : undefined;
    if (error instanceof ApiError && error.status === 400 && isRefusal(data)) {
      const { success: _success, ...refusal } = data;
      return { applied: false, ...refusal };
    }
    throw error;
  }
}
