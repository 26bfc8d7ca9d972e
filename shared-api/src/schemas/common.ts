import { z } from 'zod';
import { OBJECT_ID_PATTERN, ORDER_STATUSES, PRODUCT_CATEGORIES, ROLES } from './constants.ts';

// No compiled validators: zod otherwise probes `new Function('')`, which a Content-Security-Policy
// without 'unsafe-eval' (the shop's) reports as a violation on every page. Parsing stays the same.
z.config({ jitless: true });

export const objectIdSchema = z
  .string()
  .regex(OBJECT_ID_PATTERN, 'must be a 24-character lowercase hexadecimal id')
  .describe('24-character lowercase hex id');
export type ObjectId = z.infer<typeof objectIdSchema>;

export const categorySchema = z.enum(PRODUCT_CATEGORIES);
export type ProductCategory = z.infer<typeof categorySchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** A list's page in the query string, from 1 up to `most`: in the same words on every list that pages. */
export const pageNumberSchema = (most: number) =>
  z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(most, 'page is too large');

/** How many rows a page of an admin list holds, 1 to 100. */
export const pageLimitSchema = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(100, 'limit must be at most 100');

/** ISO 8601 timestamp as sent on the wire. */
export const isoDateSchema = z.string().describe('ISO 8601 date-time');

export const imageSchema = z.object({ url: z.string() });
export type Image = z.infer<typeof imageSchema>;

/** Money on the wire is in rupees (up to two decimals); the server stores integer paise. */
export const rupeesSchema = z.number().nonnegative();

export const successSchema = z.object({ success: z.literal(true) });
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export type SuccessResponse = z.infer<typeof successSchema>;
export type SuccessMessageResponse = z.infer<typeof successMessageSchema>;

/** Every failure, whatever the status: `{ success: false, message }`. */
export const errorResponseSchema = z.object({ success: z.literal(false), message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/** What the api needs to serve: each answers within the readiness bound, or the instance is not ready. */
/** `catalog`: the storefront list's memory index has loaded once (only where it is on: CATALOG_CACHE_MS > 0). */
export const READINESS_PARTS = ['database', 'redis', 'images', 'catalog'] as const;
export type ReadinessPart = (typeof READINESS_PARTS)[number];

export const readinessCheckSchema = z.object({
  status: z.enum(['ok', 'failing']),
  /** How long the part took to answer (or how long it was waited for). */
  ms: z.number().nonnegative(),
  /** Why it is failing, in the operator's words; never the part's own error text (addresses, users). */
  reason: z.string().optional(),
});
/** `GET /health/ready`: 200 when every part answered in time, else 503 naming the failing parts. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** Parts not configured on this instance (redis without REDIS_URL) are left out. */
  checks: z.partialRecord(z.enum(READINESS_PARTS), readinessCheckSchema),
});
export const notReadySchema = readinessSchema.extend({ success: z.literal(false), message: z.string() });
export type Readiness = z.infer<typeof readinessSchema>;

/** `{ id }` path parameter. */
export const idParamsSchema = z.object({ id: objectIdSchema });

/**
 * Direction controls (right-to-left override and its kin) let a name display as something else
 * ("Eve\u202Egnp.exe" shows as "Eveexe.png"); names are stored without them.
 */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
export const withoutDirectionControls = (value: string) => value.replace(DIRECTION_CONTROLS, '');

/** A one-line name: direction controls removed, trimmed, required, at most `max` characters. */
export const nameSchema = (label: string, max: number, required = `${label} is required`) =>
  z
    .string()
    .transform(withoutDirectionControls)
    .pipe(z.string().trim().min(1, required).max(max, `${label} must be at most ${max} characters`));
