import {
  promoteToAdminRequestSchema,
  promoteToAdminResponseSchema,
  updateProfileRequestSchema,
  userResponseSchema,
} from '@shop/shared-api/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import type { ZodApp } from '../http/types.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { voidResetTokens } from '../auth/reset-tokens.ts';
import { currentUser } from '../http/route-kit.ts';
import { DATA_URL_MAX_CHARS, decodeImageDataUrl } from '../storage/data-url.ts';
import { MAX_IMAGE_BYTES } from '../storage/image-store.ts';
import { toUserView } from './user-view.ts';
import { updateUser } from './user-repository.ts';
import { productsReviewedBy } from '../reviews/review-repository.ts';

const tag = 'profile';

/**
 * An email change is a takeover path: it asks for the password, as a password change does, and the check
 * is a guess from the same budget as a login's.
 */
async function checkCurrentPassword(
  ctx: AppContext,
  request: FastifyRequest,
  user: UserRow,
  currentPassword: string | undefined,
) {
  if (!user.passwordHash)
    throw badRequest('email: change the email of this account with its sign-in provider');
  if (!currentPassword) throw badRequest('currentPassword: enter your current password to change your email');
  await ctx.passwordGuesses.beforePasswordCheck(request, user.email);
  if (!(await verifyPassword(user.passwordHash, currentPassword)))
    throw badRequest('currentPassword: the current password is incorrect');
  await ctx.passwordGuesses.passwordAccepted(request, user.email);
}
/** Name, email and an avatar: one image file, or an image data URL as a text field. */
const AVATAR_FORM = {
  fields: 5,
  fieldSize: 64 * 1024,
  largeFields: { avatar: DATA_URL_MAX_CHARS },
  files: 1,
  fileSize: MAX_IMAGE_BYTES,
  maxBytes: 8 * 1024 * 1024,
};

/** The signed-in user's own profile, and the demo's self-promotion to admin. */
export function registerMeRoutes(app: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;

  app.get(
    '/me',
    kit.user({
      tag,
      summary: 'The signed-in user (created on first sight for Clerk tokens)',
      response: { 200: userResponseSchema },
    }),
    async (request) => ({
      success: true as const,
      user: toUserView(currentUser(request), kit.baseUrlOf(request)),
    }),
  );

  app.put(
    '/me/update',
    kit.user({
      tag,
      summary: 'Update name, email and avatar (form data or JSON; avatar as an image data URL or file)',
      body: updateProfileRequestSchema,
      response: { 200: userResponseSchema },
      form: AVATAR_FORM,
      bodyLimit: 12 * 1024 * 1024,
      errors: [429, 503],
    }),
    async (request) => {
      const user = currentUser(request);
      const { name, email, avatar, currentPassword } = request.body;
      const emailChanges = email !== user.email;
      if (emailChanges) await checkCurrentPassword(ctx, request, user, currentPassword);
      const avatarFile = request.uploads.find((file) => file.field === 'avatar');
      const avatarBytes = avatarFile?.bytes ?? (avatar ? decodeImageDataUrl(avatar, 'avatar') : undefined);
      const saved = avatarBytes ? await ctx.images.save(avatarBytes, 'avatars') : undefined;
      let updated;
      try {
        updated = await updateUser(db, user.id, {
          name,
          email,
          ...(saved ? { avatarUrl: saved.url, avatarKey: saved.key } : {}),
        });
      } catch (error) {
        if (saved) await ctx.images.remove(saved.key);
        throw error;
      }
      if (saved && user.avatarKey) await ctx.images.remove(user.avatarKey);
      // Reviews show their author's name and avatar: the products reviewed must not keep the old ones.
      if (saved || name !== user.name) {
        const reviewed = await productsReviewedBy(db, user.id);
        if (reviewed.length) ctx.catalogCache.invalidate(reviewed);
      }
      // Reset links went to the old address.
      if (emailChanges) await voidResetTokens(db, user.id);
      return { success: true as const, user: toUserView(updated!, kit.baseUrlOf(request)) };
    },
  );

  app.post(
    '/promote-to-admin',
    kit.user({
      tag,
      summary:
        'Make the signed-in user an admin (only where ALLOW_SELF_PROMOTION=true, as in the embedded demo)',
      body: promoteToAdminRequestSchema,
      response: { 200: promoteToAdminResponseSchema },
      errors: [403],
    }),
    async (request) => {
      const user = currentUser(request);
      if (!ctx.config.allowSelfPromotion) {
        throw forbidden(
          'Self-promotion to admin is disabled on this server (ALLOW_SELF_PROMOTION is not true)',
        );
      }
      const updated = await updateUser(db, user.id, { role: 'admin' });
      return {
        success: true as const,
        user: toUserView(updated!, kit.baseUrlOf(request)),
        message: 'You are now an admin',
      };
    },
  );
}
