import { eq } from 'drizzle-orm';
import {
  errorResponseSchema,
  promoteToAdminRequestSchema,
  promoteToAdminResponseSchema,
  updateProfileRequestSchema,
  userResponseSchema,
} from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { users } from '../db/schema.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { isUniqueViolation } from '../http/db-errors.ts';
import { readFormBody } from '../http/form-body.ts';
import { requestBaseUrl } from '../http/public-url.ts';
import { currentUser } from '../auth/guards.ts';
import { decodeImageDataUrl } from '../storage/data-url.ts';
import { toUserView } from './user-view.ts';

const tags = ['profile'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The signed-in user's own profile, and the demo's self-promotion to admin. */
export function registerMeRoutes(app: ZodApp, ctx: AppContext) {
  const { db } = ctx;

  app.get(
    '/me',
    {
      onRequest: ctx.guards.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user (created on first sight for Clerk tokens)',
        security,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      user: toUserView(currentUser(request), requestBaseUrl(request, ctx.config.publicApiUrl)),
    }),
  );

  app.put(
    '/me/update',
    {
      bodyLimit: 12 * 1024 * 1024,
      onRequest: ctx.guards.requireUser,
      preValidation: readFormBody,
      schema: {
        tags,
        summary: 'Update name, email and avatar (form data or JSON; avatar as an image data URL or file)',
        security,
        consumes: ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'],
        body: updateProfileRequestSchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { name, email, avatar } = request.body;
      const avatarFile = request.uploads.find((file) => file.field === 'avatar');
      const avatarBytes = avatarFile?.bytes ?? (avatar ? decodeImageDataUrl(avatar, 'avatar') : undefined);
      const saved = avatarBytes ? await ctx.images.save(avatarBytes, 'avatars') : undefined;
      let updated;
      try {
        [updated] = await db
          .update(users)
          .set({ name, email, ...(saved ? { avatarUrl: saved.url, avatarKey: saved.key } : {}) })
          .where(eq(users.id, user.id))
          .returning();
      } catch (error) {
        if (saved) await ctx.images.remove(saved.key);
        if (isUniqueViolation(error)) throw badRequest('Email is already registered');
        throw error;
      }
      if (saved && user.avatarKey) await ctx.images.remove(user.avatarKey);
      return {
        success: true as const,
        user: toUserView(updated!, requestBaseUrl(request, ctx.config.publicApiUrl)),
      };
    },
  );

  app.post(
    '/promote-to-admin',
    {
      onRequest: ctx.guards.requireUser,
      schema: {
        tags,
        summary:
          'Make the signed-in user an admin (only where ALLOW_SELF_PROMOTION=true, as in the embedded demo)',
        security,
        body: promoteToAdminRequestSchema,
        response: { 200: promoteToAdminResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!ctx.config.allowSelfPromotion) {
        throw forbidden(
          'Self-promotion to admin is disabled on this server (ALLOW_SELF_PROMOTION is not true)',
        );
      }
      const [updated] = await db
        .update(users)
        .set({ role: 'admin' })
        .where(eq(users.id, user.id))
        .returning();
      return {
        success: true as const,
        user: toUserView(updated!, requestBaseUrl(request, ctx.config.publicApiUrl)),
        message: 'You are now an admin',
      };
    },
  );
}
