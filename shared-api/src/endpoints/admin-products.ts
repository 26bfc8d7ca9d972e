import {
  adminProductsResponseSchema,
  productCreatedResponseSchema,
  successMessageSchema,
  successSchema,
  type Product,
  type ProductCreatedResponse,
  type ProductInput,
} from '../schemas/index.ts';
import { call } from '../client/call.ts';
import { FALLBACK_MESSAGES } from '../errors.ts';

/**
 * A product form: FormData (fields plus image files under `images`, several allowed) or a plain object
 * whose `images` are data URLs.
 */
export type ProductForm = FormData | ProductInput;

const body = (form: ProductForm) => (form instanceof FormData ? { body: form } : { json: form });

/** GET /admin/products */
export async function getAdminProducts(): Promise<Product[]> {
  const { products } = await call(adminProductsResponseSchema, FALLBACK_MESSAGES.getAdminProducts, (api) =>
    api.get('admin/products').json(),
  );
  return products;
}

/** POST /admin/product/new: the whole answer (success, product). */
export function createProduct(form: ProductForm): Promise<ProductCreatedResponse> {
  return call(productCreatedResponseSchema, FALLBACK_MESSAGES.createProduct, (api) =>
    api.post('admin/product/new', body(form)).json(),
  );
}

/** PUT /admin/product/{id}: sending images replaces the old ones, sending none keeps them. */
export async function updateProduct(id: string, form: ProductForm): Promise<void> {
  await call(successSchema.loose(), FALLBACK_MESSAGES.updateProduct, (api) =>
    api.put(`admin/product/${encodeURIComponent(id)}`, body(form)).json(),
  );
}

/** DELETE /admin/product/{id} */
export function deleteProduct(id: string) {
  return call(successMessageSchema.partial({ message: true }), FALLBACK_MESSAGES.deleteProduct, (api) =>
    api.delete(`admin/product/${encodeURIComponent(id)}`).json(),
  );
}
