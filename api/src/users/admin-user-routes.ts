import { desc, eq } from 'drizzle-orm';
import {
  adminListQuerySchema,
  adminUpdateUserRequestSchema,
  adminUsersAnswerSchema,
  errorResponseSchema,
  isPagedAdminQuery,
  idParamsSchema,
  successMessageSchema,
  userResponseSchema,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { reviews, users } from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { isUniqueViolation } from '../http/db-errors.ts';
import { requestBaseUrl } from '../http/public-url.ts';
import { currentUser } from '../auth/guards.ts';
import { refreshProductRating } from '../catalog/product-view.ts';
import { toUserView } from './user-view.ts';
import { adminUsersPage } from '../admin-lists/admin-list-pages.ts';

const tags = ['admin: users'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Admin user management. An admin cannot delete or demote themself (the shop would risk losing its last admin). */
export function registerAdminUserRoutes(app: ZodApp, ctx: AppContext) {
  const { db } = ctx;
  const baseUrlOf = (request: Parameters<typeof requestBaseUrl>[0]) =>
    requestBaseUrl(request, ctx.config.publicApiUrl);

  app.get(
    '/admin/users',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: {
        tags,
        summary: 'Every user; with page, limit or q: one page, newest first, and the stat figures',
        security,
        querystring: adminListQuerySchema,
        response: { 200: adminUsersAnswerSchema, ...errors },
      },
    },
    async (request) => {
      if (isPagedAdminQuery(request.query)) return adminUsersPage(db, request.query, baseUrlOf(request));
      const rows = await db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
      const baseUrl = baseUrlOf(request);
      return { success: true as const, users: rows.map((row) => toUserView(row, baseUrl)) };
    },
  );

  app.get(
    '/admin/user/:id',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: {
        tags,
        summary: 'One user',
        security,
        params: idParamsSchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => {
      const [row] = await db.select().from(users).where(eq(users.id, request.params.id));
      if (!row) throw notFound(`User does not exist with Id: ${request.params.id}`);
      return { success: true as const, user: toUserView(row, baseUrlOf(request)) };
    },
  );

  app.put(
    '/admin/user/:id',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: {
        tags,
        summary: "Change a user's name, email and role",
        security,
        params: idParamsSchema,
        body: adminUpdateUserRequestSchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const { name, email, role } = request.body;
      if (request.params.id === admin.id && role !== 'admin')
        throw badRequest('You cannot remove your own admin role');
      let row;
      try {
        [row] = await db
          .update(users)
          .set({ name, email, role })
          .where(eq(users.id, request.params.id))
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest('Email is already registered');
        throw error;
      }
      if (!row) throw notFound(`User does not exist with Id: ${request.params.id}`);
      ctx.catalogCache.invalidate(); // review author names show in product answers
      return { success: true as const, user: toUserView(row, baseUrlOf(request)) };
    },
  );

  app.delete(
    '/admin/user/:id',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: {
        tags,
        summary: 'Delete a user with their sessions, orders and reviews (product ratings are recomputed)',
        security,
        params: idParamsSchema,
        response: { 200: successMessageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      if (request.params.id === admin.id) throw badRequest('You cannot delete your own account');
      const deleted = await db.transaction(async (tx) => {
        const reviewed = await tx
          .select({ productId: reviews.productId })
          .from(reviews)
          .where(eq(reviews.userId, request.params.id));
        const [row] = await tx.delete(users).where(eq(users.id, request.params.id)).returning();
        if (!row) throw notFound(`User does not exist with Id: ${request.params.id}`);
        for (const { productId } of reviewed) await refreshProductRating(tx, productId);
        return row;
      });
      if (deleted.avatarKey) await ctx.images.remove(deleted.avatarKey);
      ctx.catalogCache.invalidate();
      return { success: true as const, message: 'User Deleted Successfully' };
    },
  );
}
