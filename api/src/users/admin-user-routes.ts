import {
  adminUpdateUserRequestSchema,
  adminListQuerySchema,
  adminUsersAnswerSchema,
  isPagedAdminQuery,
  idParamsSchema,
  successMessageSchema,
  userResponseSchema,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { currentUser } from '../http/route-kit.ts';
import { sendJsonList } from '../http/json-list-answer.ts';
import { voidResetTokens } from '../auth/reset-tokens.ts';
import { recordAdminChange } from '../audit/audit-trail.ts';
import {
  lockUserAndReviewedProducts,
  productsReviewedBy,
  refreshProductRating,
} from '../reviews/review-repository.ts';
import { toUserView, userAuditFields } from './user-view.ts';
import {
  adminUsersPage,
  allUsersInBatches,
  deleteUser,
  findUser,
  lockAdmins,
  updateUser,
} from './user-repository.ts';

const tag = 'admin: users';
const noSuchUser = (id: string) => notFound(`User does not exist with Id: ${id}`);

/**
 * Admin user management, inside the admin plugin (`/admin`). An admin cannot delete or demote themself,
 * and no one can delete or demote the last admin.
 */
export function registerAdminUserRoutes(admin: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;

  admin.get(
    '/users',
    kit.admin({
      tag,
      summary: 'Every user; with page, limit or q: one page, newest first, and the stat figures',
      querystring: adminListQuerySchema,
      response: { 200: adminUsersAnswerSchema },
    }),
    async (request, reply) => {
      const baseUrl = kit.baseUrlOf(request);
      if (isPagedAdminQuery(request.query)) {
        const { rows, ...figures } = await adminUsersPage(db, request.query);
        return { success: true as const, users: rows.map((row) => toUserView(row, baseUrl)), ...figures };
      }
      async function* views() {
        for await (const rows of allUsersInBatches(db)) yield rows.map((row) => toUserView(row, baseUrl));
      }
      return sendJsonList(reply, { success: true }, 'users', views());
    },
  );

  admin.get(
    '/user/:id',
    kit.admin({
      tag,
      summary: 'One user',
      params: idParamsSchema,
      response: { 200: userResponseSchema },
      errors: [404],
    }),
    async (request) => {
      const row = await findUser(db, request.params.id);
      if (!row) throw noSuchUser(request.params.id);
      return { success: true as const, user: toUserView(row, kit.baseUrlOf(request)) };
    },
  );

  admin.put(
    '/user/:id',
    kit.admin({
      tag,
      summary: "Change a user's name, email and role",
      params: idParamsSchema,
      body: adminUpdateUserRequestSchema,
      response: { 200: userResponseSchema },
      errors: [404],
    }),
    async (request) => {
      const { name, email, role } = request.body;
      if (request.params.id === currentUser(request).id && role !== 'admin')
        throw badRequest('You cannot remove your own admin role');
      const row = await db.transaction(async (tx) => {
        const admins = await lockAdmins(tx);
        const before = await findUser(tx, request.params.id);
        if (!before) throw noSuchUser(request.params.id);
        if (before.role === 'admin' && role !== 'admin' && admins.length <= 1)
          throw badRequest('The last admin cannot be demoted');
        const updated = await updateUser(tx, request.params.id, { name, email, role });
        if (!updated) throw noSuchUser(request.params.id);
        if (updated.email !== before.email) await voidResetTokens(tx, updated.id);
        await recordAdminChange(tx, {
          actor: currentUser(request),
          action: 'user.update',
          targetId: updated.id,
          before: userAuditFields(before),
          after: userAuditFields(updated),
        });
        return updated;
      });
      // The author's name shows on the products they reviewed.
      const reviewed = await productsReviewedBy(db, row.id);
      if (reviewed.length) ctx.catalogCache.invalidate(reviewed);
      return { success: true as const, user: toUserView(row, kit.baseUrlOf(request)) };
    },
  );

  admin.delete(
    '/user/:id',
    kit.admin({
      tag,
      summary: 'Delete a user with their sessions, orders and reviews (product ratings are recomputed)',
      params: idParamsSchema,
      response: { 200: successMessageSchema },
      errors: [404],
    }),
    async (request) => {
      const { id } = request.params;
      if (id === currentUser(request).id) throw badRequest('You cannot delete your own account');
      const { row: deleted, reviewed } = await db.transaction(async (tx) => {
        const admins = await lockAdmins(tx);
        if (admins.includes(id) && admins.length <= 1) throw badRequest('The last admin cannot be deleted');
        const reviewed = await lockUserAndReviewedProducts(tx, id);
        const row = await deleteUser(tx, id);
        if (!row) throw noSuchUser(id);
        for (const productId of reviewed) await refreshProductRating(tx, productId);
        await recordAdminChange(tx, {
          actor: currentUser(request),
          action: 'user.delete',
          targetId: row.id,
          before: userAuditFields(row),
          after: null,
        });
        return { row, reviewed };
      });
      if (deleted.avatarKey) await ctx.images.remove(deleted.avatarKey);
      // Their reviews went, and the ratings of what they reviewed were computed again.
      if (reviewed.length) ctx.catalogCache.invalidate(reviewed);
      return { success: true as const, message: 'User Deleted Successfully' };
    },
  );
}
