import { z } from 'zod';
import { ADMIN_ACTIONS } from './constants.ts';
import { isoDateSchema, pageLimitSchema, pageNumberSchema } from './common.ts';

/** The audit trail's first and last possible moments: the database stores no year 0 (nor 10000). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(10_000, 0, 1);
export const instantSchema = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date-time` }).refine((text) => {
    const time = Date.parse(text);
    return time >= EARLIEST && time < LATEST;
  }, `${name} must be between 1970 and 9999`);

/**
 * `GET /admin/activity`: the audit trail of admin writes (issue 29), newest first, a page at a time,
 * filtered by who (an admin's email or id), what (the action, the changed thing's id) and when
 * (`from` inclusive, `to` exclusive). Entries are only ever added: no route changes or deletes one.
 */
export const adminActivityQuerySchema = z.object({
  page: pageNumberSchema(100_000).optional(),
  limit: pageLimitSchema.optional(),
  who: z.string().trim().toLowerCase().max(254, 'who must be at most 254 characters').optional(),
  action: z.enum(ADMIN_ACTIONS, { error: `action must be one of ${ADMIN_ACTIONS.join(', ')}` }).optional(),
  target: z.string().trim().max(100, 'target must be at most 100 characters').optional(),
  from: instantSchema('from').optional(),
  to: instantSchema('to').optional(),
});
export type AdminActivityQuery = z.input<typeof adminActivityQuerySchema>;

/** One changed field: its value before and after (null before a create, after a delete). */
export const fieldChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const adminActivityEntrySchema = z.object({
  _id: z.string(),
  at: isoDateSchema,
  /** The admin as they were when they wrote (kept after their account is deleted or renamed). */
  actor: z.object({ _id: z.string(), email: z.string() }),
  action: z.enum(ADMIN_ACTIONS),
  /** The id of what was changed (product, order, user, review). */
  target: z.string(),
  changes: z.array(fieldChangeSchema),
});
export type AdminActivityEntry = z.infer<typeof adminActivityEntrySchema>;

export const adminActivityResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(adminActivityEntrySchema),
  page: z.number().int().describe('the page answered (the last one when `page` was past the end)'),
  resultPerPage: z.number().int(),
  filteredEntriesCount: z.number().int().nonnegative().describe('entries matching the filters'),
});
export type AdminActivityResponse = z.infer<typeof adminActivityResponseSchema>;

/** A day typed in a date input ('2026-11-27'), or blank for no bound. */
export const dayField = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, `${label} must be a date`);

/**
 * The Activity screen's filter form: who, what (the action, the changed id) and the days from and to
 * (inclusive, in the admin's time zone; blank is no bound). The page turns it into the query above.
 */
export const activityFiltersFormSchema = z
  .object({
    who: z.string().trim().max(254, 'Admin must be at most 254 characters'),
    action: z.union([z.enum(ADMIN_ACTIONS), z.literal('')]),
    target: z.string().trim().max(100, 'Changed id must be at most 100 characters'),
    from: dayField('From'),
    to: dayField('To'),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    path: ['to'],
    message: 'To must be on or after From',
  });
export type ActivityFilters = z.output<typeof activityFiltersFormSchema>;
