import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import {
  imageSchema,
  isoDateSchema,
  nameSchema,
  objectIdSchema,
  roleSchema,
  successSchema,
} from './common.ts';

export const userSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  email: z.string(),
  avatar: imageSchema,
  role: roleSchema,
  createdAt: isoDateSchema,
});
export type User = z.infer<typeof userSchema>;

const nameField = nameSchema('Name', 100);
const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email'));
const passwordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(200, 'Password must be at most 200 characters');

// ---- local identity provider ----

export const registerRequestSchema = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** Answer of register, login and refresh; the refresh token travels only as an httpOnly cookie. */
export const authSessionResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  accessToken: z.string(),
  expiresIn: z.number().int().describe('access token lifetime in seconds'),
});
export type AuthSessionResponse = z.infer<typeof authSessionResponseSchema>;

/**
 * A new password typed twice: the two must match first, then be long enough (product rule, with the
 * spec's wording for each screen). Reported on the field the shopper has to fix.
 */
function checkNewPassword(
  password: string,
  confirmPassword: string,
  ctx: z.RefinementCtx,
  fields: { password: string; mismatch: string; tooShort: string },
) {
  if (password !== confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: fields.mismatch });
  } else if (password.length < PASSWORD_MIN_LENGTH) {
    ctx.addIssue({ code: 'custom', path: [fields.password], message: fields.tooShort });
  }
}

export const updatePasswordRequestSchema = z.object({
  oldPassword: z.string().min(1, 'Old password is required').max(200),
  newPassword: z.string().max(200),
  confirmPassword: z.string().max(200),
});
/** The /password/update form: the request plus the rules the browser checks before sending it. */
export const updatePasswordFormSchema = updatePasswordRequestSchema.superRefine(
  ({ newPassword, confirmPassword }, ctx) =>
    checkNewPassword(newPassword, confirmPassword, ctx, {
      password: 'newPassword',
      mismatch: 'New passwords do not match!',
      tooShort: 'New password must be at least 8 characters long!',
    }),
);
export type UpdatePasswordRequest = z.input<typeof updatePasswordRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailField });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'Password reset token is invalid or has expired'),
});
export const resetPasswordRequestSchema = z.object({
  password: z.string().max(200),
  confirmPassword: z.string().max(200),
});
/** The /password/reset/:token form. */
export const resetPasswordFormSchema = resetPasswordRequestSchema.superRefine(
  ({ password, confirmPassword }, ctx) =>
    checkNewPassword(password, confirmPassword, ctx, {
      password: 'password',
      mismatch: 'Passwords do not match!',
      tooShort: 'Password must be at least 8 characters long!',
    }),
);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

// ---- profile ----

/**
 * `PUT /me/update`: form data or JSON; `avatar` is an image data URL (data:image/png;base64,...).
 * Changing the email needs `currentPassword` (the api answers 400 naming it otherwise).
 */
export const updateProfileRequestSchema = z.object({
  name: nameField,
  email: emailField,
  avatar: z
    .string()
    .max(8_000_000, 'Avatar is too large')
    .startsWith('data:image/', 'Avatar must be an image file')
    .optional(),
  currentPassword: z.string().max(200, 'Password must be at most 200 characters').optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/**
 * The /me/update form of a person whose email is `currentEmail`: a new email needs the current password
 * (docs/product.md, profile update), which the server checks too.
 */
export function profileFormSchema(currentEmail: string) {
  return updateProfileRequestSchema.superRefine(({ email, currentPassword }, ctx) => {
    if (email !== currentEmail.toLowerCase() && !currentPassword)
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: 'Enter your current password to change your email',
      });
  });
}

export const userResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const promoteToAdminRequestSchema = z.object({ role: z.literal('admin') });
export type PromoteToAdminRequest = z.infer<typeof promoteToAdminRequestSchema>;
export const promoteToAdminResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  message: z.string(),
});
export type PromoteToAdminResponse = z.infer<typeof promoteToAdminResponseSchema>;

// ---- admin users ----

export const adminUsersResponseSchema = z.object({ success: z.literal(true), users: z.array(userSchema) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUpdateUserRequestSchema = z.object({
  name: nameField,
  email: emailField,
  role: roleSchema,
});
export type AdminUpdateUserRequest = z.input<typeof adminUpdateUserRequestSchema>;

export const logoutResponseSchema = successSchema;
