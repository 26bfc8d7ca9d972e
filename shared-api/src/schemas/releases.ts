import { z } from 'zod';

// How each page's loading of a remote's release went (release-tool/, docs/federation.md "Releases"): the
// shell reports it, the api counts it, and the release tool rolls a failing canary back.

export const REMOTES_REPORTED = ['storefront', 'admin'] as const;
/** loaded: its own release; failed: it did not load (the page fell back, or showed '… is unavailable'). */
export const RELEASE_LOAD_OUTCOMES = ['loaded', 'failed'] as const;

/** A release id: `<version>-<commit>-<content hash>` (release-tool/src/publish.ts). */
export const releaseIdSchema = z
  .string()
  .max(80)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]*$/, 'release must be a release id');

/** `POST /releases/reports`: one remote's load on one page. No personal data: no user, no address. */
export const releaseReportSchema = z
  .object({
    remote: z.enum(REMOTES_REPORTED, { error: `remote must be one of ${REMOTES_REPORTED.join(', ')}` }),
    release: releaseIdSchema,
    outcome: z.enum(RELEASE_LOAD_OUTCOMES, {
      error: `outcome must be one of ${RELEASE_LOAD_OUTCOMES.join(', ')}`,
    }),
    /** Why it failed (an error's message), cut to its first 200 characters. */
    reason: z.string().max(200).optional(),
    /** Set when the page then loaded this release instead (the fail-over). */
    fellBackTo: releaseIdSchema.optional(),
    /**
     * How many pages this report stands for: the page server sums the pages it served with the fall-back
     * (it could not render the visitor's release) and reports them every few seconds. A browser sends 1.
     */
    count: z
      .number({ error: 'count must be a number' })
      .int('count must be a whole number')
      .min(1, 'count must be at least 1')
      .max(10_000, 'count must be at most 10000')
      .optional(),
  })
  // Only these: a report carries nothing about the person whose page sent it.
  .strict();
export type ReleaseReport = z.infer<typeof releaseReportSchema>;

export const releaseHealthQuerySchema = z.object({
  remote: z.enum(REMOTES_REPORTED, { error: `remote must be one of ${REMOTES_REPORTED.join(', ')}` }),
  minutes: z.coerce
    .number({ error: 'minutes must be a number' })
    .int('minutes must be a whole number')
    .min(1, 'minutes must be at least 1')
    .max(1440, 'minutes must be at most 1440')
    .optional(),
});

export const releaseHealthSchema = z.object({
  release: z.string(),
  /** Pages that tried to load it. */
  loads: z.number().int().nonnegative(),
  /** Of those, the ones where it did not load. */
  failures: z.number().int().nonnegative(),
  /** Of those failures, the ones the page recovered from with another release. */
  fellBack: z.number().int().nonnegative(),
  /** The latest failure's reason. */
  lastReason: z.string().nullable(),
});
export type ReleaseHealth = z.infer<typeof releaseHealthSchema>;

/** `GET /releases/health?remote=`: each release of the remote that pages loaded in the last `minutes` (60). */
export const releaseHealthResponseSchema = z.object({
  success: z.literal(true),
  remote: z.enum(REMOTES_REPORTED),
  minutes: z.number().int(),
  releases: z.array(releaseHealthSchema),
});
export type ReleaseHealthResponse = z.infer<typeof releaseHealthResponseSchema>;
