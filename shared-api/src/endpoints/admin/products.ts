import type {
  adminProductsPageResponseSchema,
  adminProductsResponseSchema,
  AdminProductsPageResponse,
  AdminProductsQuery,
  productCreatedResponseSchema,
  successMessageSchema,
  successSchema,
  Product,
  ProductCreatedResponse,
  ProductInput,
} from '../../schemas/index.ts';
import type { UploadProgressHandler } from '../../client/api-client.ts';
import { sendFormWithProgress } from '../../client/form-upload.ts';
import { call, type Answer } from '../../client/call.ts';
import { FALLBACK_MESSAGES } from '../../errors.ts';
import { adminListParams } from '../orders.ts';

/**
 * A product form: FormData (fields plus image files under `images`, several allowed) or a plain object
 * whose `images` are data URLs.
 */
export type ProductForm = FormData | ProductInput;

const body = (form: ProductForm) => (form instanceof FormData ? { body: form } : { json: form });

export interface ProductSendOptions {
  /** Upload progress, 0 to 1, for a form with image files (a busy button can show how far it is). */
  onUploadProgress?: UploadProgressHandler;
}

/** GET /admin/products */
export async function getAdminProducts(): Promise<Product[]> {
  const { products } = await call<Answer<typeof adminProductsResponseSchema>>(
    FALLBACK_MESSAGES.getAdminProducts,
    (api) => api.get('admin/products').json(),
  );
  return products;
}

/**
 * GET /admin/products?page&limit&q&stockBelow: one page, newest first, with the figures of the stat
 * cards; `stockBelow` keeps the products with fewer in stock (low stock).
 */
export function getAdminProductsPage(query: AdminProductsQuery): Promise<AdminProductsPageResponse> {
  const searchParams = adminListParams(query);
  if (query.stockBelow !== undefined) searchParams.set('stockBelow', String(query.stockBelow));
  return call<Answer<typeof adminProductsPageResponseSchema>>(FALLBACK_MESSAGES.getAdminProducts, (api) =>
    api.get('admin/products', { searchParams }).json(),
  );
}

/** POST /admin/product/new: the whole answer (success, product). */
export function createProduct(
  form: ProductForm,
  { onUploadProgress }: ProductSendOptions = {},
): Promise<ProductCreatedResponse> {
  return call<Answer<typeof productCreatedResponseSchema>>(FALLBACK_MESSAGES.createProduct, (api) =>
    onUploadProgress && form instanceof FormData
      ? sendFormWithProgress('POST', 'admin/product/new', form, onUploadProgress)
      : api.post('admin/product/new', body(form)).json(),
  );
}

/** PUT /admin/product/{id}: sending images replaces the old ones, sending none keeps them. */
export async function updateProduct(
  id: string,
  form: ProductForm,
  { onUploadProgress }: ProductSendOptions = {},
): Promise<void> {
  const path = `admin/product/${encodeURIComponent(id)}`;
  await call<Answer<typeof successSchema> & Record<string, unknown>>(
    FALLBACK_MESSAGES.updateProduct,
    (api) =>
      onUploadProgress && form instanceof FormData
        ? sendFormWithProgress('PUT', path, form, onUploadProgress)
        : api.put(path, body(form)).json(),
  );
}

/** DELETE /admin/product/{id} */
export function deleteProduct(id: string) {
  return call<Partial<Answer<typeof successMessageSchema>>>(FALLBACK_MESSAGES.deleteProduct, (api) =>
    api.delete(`admin/product/${encodeURIComponent(id)}`).json(),
  );
}
