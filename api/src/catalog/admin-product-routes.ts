import {
  adminProductsAnswerSchema,
  adminProductsQuerySchema,
  isPagedProductsQuery,
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
import { currentUser } from '../http/route-kit.ts';
import { sendJsonList } from '../http/json-list-answer.ts';
import { recordAdminChange } from '../audit/audit-trail.ts';
import { lockProduct } from '../reviews/review-repository.ts';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '../storage/image-store.ts';
import { DATA_URL_MAX_CHARS } from '../storage/data-url.ts';
import { productAuditFields, toProductViews } from './product-view.ts';
import { removeImages, saveProductImages } from './product-images.ts';
import {
  adminProductsPage,
  allProductsInBatches,
  deleteProduct,
  findProduct,
  insertProduct,
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
      summary:
        'Every product; with page, limit, q or stockBelow (fewer than that many in stock): one page, newest first, and the stat figures',
      querystring: adminProductsQuerySchema,
      response: { 200: adminProductsAnswerSchema },
    }),
    async (request, reply) => {
      if (isPagedProductsQuery(request.query))
        return adminProductsPage(db, request.query, kit.baseUrlOf(request));
      return sendJsonList(
        reply,
        { success: true },
        'products',
        allProductsInBatches(db, kit.baseUrlOf(request)),
      );
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
        const row = await db.transaction(async (tx) => {
          const inserted = await insertProduct(tx, { ...fieldsOf(input), images });
          await recordAdminChange(tx, {
            actor: currentUser(request),
            action: 'product.create',
            targetId: inserted.id,
            before: null,
            after: productAuditFields(inserted),
          });
          return inserted;
        });
        ctx.catalogCache.invalidate([row.id]);
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
      // The row as this write found it (locked), so its entry's "before" is what it replaced.
      const written = await db.transaction(async (tx) => {
        if (!(await lockProduct(tx, existing.id))) return undefined;
        const before = await findProduct(tx, existing.id);
        const after = await updateProduct(tx, existing.id, {
          ...fieldsOf(input),
          ...(images.length ? { images } : {}),
        });
        if (!before || !after) return undefined;
        await recordAdminChange(tx, {
          actor: currentUser(request),
          action: 'product.update',
          targetId: after.id,
          before: productAuditFields(before),
          after: productAuditFields(after),
        });
        return { before, row: after };
      });
      if (!written) {
        await removeImages(images, ctx.images);
        throw notFound('Product not found');
      }
      const { row } = written;
      if (images.length) await removeImages(written.before.images, ctx.images);
      ctx.catalogCache.invalidate([row.id]);
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
      const deleted = await db.transaction(async (tx) => {
        const row = await deleteProduct(tx, request.params.id);
        if (!row) return undefined;
        await recordAdminChange(tx, {
          actor: currentUser(request),
          action: 'product.delete',
          targetId: row.id,
          before: productAuditFields(row),
          after: null,
        });
        return row;
      });
      if (!deleted) throw notFound('Product not found');
      ctx.catalogCache.invalidate([deleted.id]);
      await removeImages(deleted.images, ctx.images);
      return { success: true as const, message: 'Product Deleted Successfully' };
    },
  );
}
