import { desc, eq } from 'drizzle-orm';
import {
  adminListQuerySchema,
  adminProductsAnswerSchema,
  errorResponseSchema,
  isPagedAdminQuery,
  idParamsSchema,
  productCreatedResponseSchema,
  productInputSchema,
  successMessageSchema,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { products } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { notFound } from '../http/errors.ts';
import { readFormBody } from '../http/form-body.ts';
import { toPaise } from '../http/money.ts';
import { requestBaseUrl } from '../http/public-url.ts';
import { toProductViews } from './product-view.ts';
import { removeImages, saveProductImages } from './product-images.ts';
import { adminProductsPage } from '../admin-lists/admin-list-pages.ts';

const tags = ['admin: products'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const formTypes = ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'];
const IMAGE_BODY_LIMIT = 50 * 1024 * 1024;

/** Admin catalog management: list, create, update (sending images replaces them), delete (with its images). */
export function registerAdminProductRoutes(app: ZodApp, ctx: AppContext) {
  const { db } = ctx;
  const baseUrlOf = (request: Parameters<typeof requestBaseUrl>[0]) =>
    requestBaseUrl(request, ctx.config.publicApiUrl);

  app.get(
    '/admin/products',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: {
        tags,
        summary: 'Every product; with page, limit or q: one page, newest first, and the stat figures',
        security,
        querystring: adminListQuerySchema,
        response: { 200: adminProductsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      if (isPagedAdminQuery(request.query)) return adminProductsPage(db, request.query, baseUrlOf(request));
      const rows = await db.select().from(products).orderBy(desc(products.createdAt), desc(products.id));
      return { success: true as const, products: await toProductViews(db, rows, baseUrlOf(request)) };
    },
  );

  app.post(
    '/admin/product/new',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      onRequest: ctx.guards.requireAdmin,
      preValidation: readFormBody,
      schema: {
        tags,
        summary: 'Create a product (form data with image files under `images`, or JSON with image data URLs)',
        security,
        consumes: formTypes,
        body: productInputSchema,
        response: { 201: productCreatedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const images = await saveProductImages(request, input.images, ctx.images);
      try {
        const [row] = await db
          .insert(products)
          .values({
            id: newId(),
            name: input.name,
            pricePaise: toPaise(input.price),
            description: input.description,
            category: input.category,
            stock: input.stock,
            images,
          })
          .returning();
        ctx.catalogCache.invalidate();
        const [product] = await toProductViews(db, [row!], baseUrlOf(request));
        reply.status(201);
        return { success: true as const, product: product! };
      } catch (error) {
        await removeImages(images, ctx.images);
        throw error;
      }
    },
  );

  app.put(
    '/admin/product/:id',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      onRequest: ctx.guards.requireAdmin,
      preValidation: readFormBody,
      schema: {
        tags,
        summary: 'Update a product; images sent replace the old ones, none sent keeps them',
        security,
        consumes: formTypes,
        params: idParamsSchema,
        body: productInputSchema,
        response: { 200: productCreatedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const input = request.body;
      const [existing] = await db.select().from(products).where(eq(products.id, request.params.id));
      if (!existing) throw notFound('Product not found');
      const images = await saveProductImages(request, input.images, ctx.images);
      const [row] = await db
        .update(products)
        .set({
          name: input.name,
          pricePaise: toPaise(input.price),
          description: input.description,
          category: input.category,
          stock: input.stock,
          ...(images.length ? { images } : {}),
        })
        .where(eq(products.id, existing.id))
        .returning();
      if (!row) {
        await removeImages(images, ctx.images);
        throw notFound('Product not found');
      }
      if (images.length) await removeImages(existing.images, ctx.images);
      ctx.catalogCache.invalidate();
      const [product] = await toProductViews(db, [row], baseUrlOf(request));
      return { success: true as const, product: product! };
    },
  );

  app.delete(
    '/admin/product/:id',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: {
        tags,
        summary: 'Delete a product, its reviews and its image files',
        security,
        params: idParamsSchema,
        response: { 200: successMessageSchema, ...errors },
      },
    },
    async (request) => {
      const [deleted] = await db.delete(products).where(eq(products.id, request.params.id)).returning();
      if (!deleted) throw notFound('Product not found');
      ctx.catalogCache.invalidate();
      await removeImages(deleted.images, ctx.images);
      return { success: true as const, message: 'Product Deleted Successfully' };
    },
  );
}
