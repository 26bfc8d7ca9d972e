import { adminActivityQuerySchema, adminActivityResponseSchema } from '@shop/shared-api/schemas';
import type { AppContext } from '../context.ts';
import type { ZodApp } from '../http/types.ts';
import { adminActivityPage } from './activity-repository.ts';

/**
 * The audit trail, inside the admin plugin (`/admin`): read only. Entries are added by the writes
 * themselves (recordAdminChange); there is no route to change or delete one, and the database refuses it.
 */
export function registerAdminActivityRoutes(admin: ZodApp, ctx: AppContext) {
  const { db, kit } = ctx;

  admin.get(
    '/activity',
    kit.admin({
      tag: 'admin: activity',
      summary:
        'The audit trail of admin writes, newest first, one page at a time; filtered by who (email or id), action, target (the changed id) and from/to (ISO date-times, from inclusive, to exclusive)',
      querystring: adminActivityQuerySchema,
      response: { 200: adminActivityResponseSchema },
    }),
    async (request) => adminActivityPage(db, request.query),
  );
}
