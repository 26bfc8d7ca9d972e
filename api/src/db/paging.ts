import { ADMIN_LIST_DEFAULT_LIMIT, type adminListQuerySchema } from '@shop/shared-api/schemas';
import type { z } from 'zod';

export type AdminListQuery = z.output<typeof adminListQuerySchema>;

/** `text` as a LIKE pattern matching anywhere, its own % and _ taken literally. */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The page to answer (the last one when asked past the end), its size and offset. */
export function pageOf(query: AdminListQuery, matching: number) {
  const limit = query.limit ?? ADMIN_LIST_DEFAULT_LIMIT;
  const last = Math.max(1, Math.ceil(matching / limit));
  const page = Math.min(query.page ?? 1, last);
  return { page, limit, offset: (page - 1) * limit };
}
