import {
  adminListQuerySchema,
  adminProductsAnswerSchema,
  isPagedAdminQuery,
  idParamsSchema,
  productCreatedResponseSchema,
  productInputSchema,
  successMessageSchema,
  toPaise,
} from '@shop/shared-api/schemas';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { notFound } from '../http/errors.ts';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '../storage/image-store.ts';
import { DATA_URL_MAX_CHARS } from '../storage/data-url.ts';
import { toProductViews } from './product-view.ts';
import { removeImages, saveProductImages } from './product-images.ts';
import {
  adminProductsPage,
  deleteProduct,
  findProduct,
  insertProduct,
  listProducts,
  updateProduct,
} from './product-repository.ts';

const tag = 'admin: products';
/** Six text fields (images may also come as data URLs), and up to eight image files. */
const IMAGE_BODY_LIMIT = 50 * 1024 * 1024;
const PRODUCT_FORM = {
  fields: 6 + MAX_PRODUCT_IMAGES,
  fieldSize: 64 * 1024,
  largeFields: { images: DATA_URL_MAX_CHARS },
  files: MAX_PRODUCT_IMAGES,
  fileSize: MAX_IMAGE_BYTES,
  maxBytes: IMAGE_BODY_LIMIT,
};

const fieldsOf = (input: z.output<typeof productInputSchema>) => ({
  name: input.name,
  pricePaise: toPaise(input.price),
  description: input.description,
  category: input.category,
  stock: input.stock,
});

/**
 * Admin catalog management, inside the admin plugin (`/admin`): list, create, update (sending images
 * replaces them), delete (with its images).
 */
export function registerAdminProductRoutes(admin: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;

  admin.get(
    '/products',
    kit.admin({
      tag,
      summary: 'Every product; with page, limit or q: one page, newest first, and the stat figures',
      querystring: adminListQuerySchema,
      response: { 200: adminProductsAnswerSchema },
    }),
    async (request) => {
      if (isPagedAdminQuery(request.query))
        return adminProductsPage(db, request.query, kit.baseUrlOf(request));
      return {
        success: true as const,
        products: await toProductViews(db, await listProducts(db), kit.baseUrlOf(request)),
      };
    },
  );

  admin.post(
    '/product/new',
    kit.admin({
      tag,
      summary: 'Create a product (form data with image files under `images`, or JSON with image data URLs)',
      body: productInputSchema,
      response: { 201: productCreatedResponseSchema },
      form: PRODUCT_FORM,
      bodyLimit: IMAGE_BODY_LIMIT,
    }),
    async (request, reply) => {
      const input = request.body;
      const images = await saveProductImages(request, input.images, ctx.images);
      try {
        const row = await insertProduct(db, { ...fieldsOf(input), images });
        ctx.catalogCache.invalidate();
        const [product] = await toProductViews(db, [row], kit.baseUrlOf(request));
        reply.status(201);
        return { success: true as const, product: product! };
      } catch (error) {
        await removeImages(images, ctx.images);
        throw error;
      }
    },
  );

  admin.put(
    '/product/:id',
    kit.admin({
      tag,
      summary: 'Update a product; images sent replace the old ones, none sent keeps them',
      params: idParamsSchema,
      body: productInputSchema,
      response: { 200: productCreatedResponseSchema },
      form: PRODUCT_FORM,
      bodyLimit: IMAGE_BODY_LIMIT,
      errors: [404],
    }),
    async (request) => {
      const input = request.body;
      const existing = await findProduct(db, request.params.id);
      if (!existing) throw notFound('Product not found');
      const images = await saveProductImages(request, input.images, ctx.images);
      const row = await updateProduct(db, existing.id, {
        ...fieldsOf(input),
        ...(images.length ? { images } : {}),
      });
      if (!row) {
        await removeImages(images, ctx.images);
        throw notFound('Product not found');
      }
      if (images.length) await removeImages(existing.images, ctx.images);
      ctx.catalogCache.invalidate();
      const [product] = await toProductViews(db, [row], kit.baseUrlOf(request));
      return { success: true as const, product: product! };
    },
  );

  admin.delete(
    '/product/:id',
    kit.admin({
      tag,
      summary: 'Delete a product, its reviews and its image files',
      params: idParamsSchema,
      response: { 200: successMessageSchema },
      errors: [404],
    }),
    async (request) => {
      const deleted = await deleteProduct(db, request.params.id);
      if (!deleted) throw notFound('Product not found');
      ctx.catalogCache.invalidate();
      await removeImages(deleted.images, ctx.images);
      return { success: true as const, message: 'Product Deleted Successfully' };
    },
  );
}
