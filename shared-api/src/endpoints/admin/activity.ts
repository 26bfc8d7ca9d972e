import type {
  AdminActivityQuery,
  AdminActivityResponse,
  adminActivityResponseSchema,
} from '../../schemas/index.ts';
import { call, type Answer } from '../../client/call.ts';
import { FALLBACK_MESSAGES } from '../../errors.ts';

/** The filters of the activity list as the api's query string (empty ones left out). */
export function adminActivityParams(query: AdminActivityQuery): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(query.page ?? 1));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  for (const name of ['who', 'action', 'target', 'from', 'to'] as const) {
    const value = query[name]?.trim();
    if (value) params.set(name, value);
  }
  return params;
}

/** GET /admin/activity: one page of the audit trail, newest first, with the count of matching entries. */
export function getAdminActivity(query: AdminActivityQuery): Promise<Omit<AdminActivityResponse, 'success'>> {
  return call<Answer<typeof adminActivityResponseSchema>>(FALLBACK_MESSAGES.getAdminActivity, (api) =>
    api.get('admin/activity', { searchParams: adminActivityParams(query) }).json(),
  );
}
