import type {
  promoteToAdminResponseSchema,
  userResponseSchema,
  PromoteToAdminResponse,
  UpdateProfileRequest,
  User,
} from '../schemas/index.ts';
import { call, type Answer } from '../client/call.ts';
import { FALLBACK_MESSAGES } from '../errors.ts';

/** GET /me with the session's token. */
export async function getMe(): Promise<User> {
  const { user } = await call<Answer<typeof userResponseSchema>>(FALLBACK_MESSAGES.loadUser, (api) =>
    api.get('me').json(),
  );
  return user;
}

/** PUT /me/update as form data; `avatar` is an image data URL when the shopper picked a new one. */
export async function updateProfile(profile: UpdateProfileRequest): Promise<User> {
  const form = new FormData();
  form.set('name', profile.name);
  form.set('email', profile.email);
  if (profile.avatar) form.set('avatar', profile.avatar);
  if (profile.currentPassword) form.set('currentPassword', profile.currentPassword);
  const { user } = await call<Answer<typeof userResponseSchema>>(FALLBACK_MESSAGES.updateProfile, (api) =>
    api.put('me/update', { body: form }).json(),
  );
  return user;
}

/** POST /promote-to-admin: the development action on /account (403 with a message when disabled). */
export function promoteToAdmin(): Promise<PromoteToAdminResponse> {
  return call<Answer<typeof promoteToAdminResponseSchema>>(FALLBACK_MESSAGES.promoteToAdmin, (api) =>
    api.post('promote-to-admin', { json: { role: 'admin' } }).json(),
  );
}
