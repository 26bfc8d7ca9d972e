import type {
  adminUsersPageResponseSchema,
  adminUsersResponseSchema,
  AdminListQuery,
  AdminUsersPageResponse,
  successMessageSchema,
  successSchema,
  userResponseSchema,
  AdminUpdateUserRequest,
  SuccessMessageResponse,
  User,
  UserResponse,
} from '../../schemas/index.ts';
import { call, type Answer } from '../../client/call.ts';
import { FALLBACK_MESSAGES } from '../../errors.ts';
import { adminListParams } from '../orders.ts';

/** GET /admin/users */
export async function getUsers(): Promise<User[]> {
  const { users } = await call<Answer<typeof adminUsersResponseSchema>>(FALLBACK_MESSAGES.getUsers, (api) =>
    api.get('admin/users').json(),
  );
  return users;
}

/** GET /admin/users?page&limit&q: one page, newest first, with the figures of the stat cards. */
export function getUsersPage(query: AdminListQuery): Promise<AdminUsersPageResponse> {
  return call<Answer<typeof adminUsersPageResponseSchema>>(FALLBACK_MESSAGES.getUsers, (api) =>
    api.get('admin/users', { searchParams: adminListParams(query) }).json(),
  );
}

/** GET /admin/user/{id}: the whole body (success, user). */
export function getUserDetails(id: string): Promise<UserResponse> {
  return call<Answer<typeof userResponseSchema>>(FALLBACK_MESSAGES.getUserDetails, (api) =>
    api.get(`admin/user/${encodeURIComponent(id)}`).json(),
  );
}

/** PUT /admin/user/{id} as JSON name, email, role. */
export async function updateUser(id: string, user: AdminUpdateUserRequest): Promise<void> {
  await call<Answer<typeof successSchema> & Record<string, unknown>>(FALLBACK_MESSAGES.updateUser, (api) =>
    api.put(`admin/user/${encodeURIComponent(id)}`, { json: user }).json(),
  );
}

/** DELETE /admin/user/{id}: success and the server's message (shown as is). */
export function deleteUser(id: string): Promise<SuccessMessageResponse> {
  return call<Answer<typeof successMessageSchema>>(FALLBACK_MESSAGES.deleteUser, (api) =>
    api.delete(`admin/user/${encodeURIComponent(id)}`).json(),
  );
}
