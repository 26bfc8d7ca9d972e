import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { UserRow } from '../db/schema.ts';
import type { UploadedFile } from './form-body.ts';

/** The Fastify instance every route file registers on: zod validation and typed handlers. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the auth guards. */
    user: UserRow | null;
    /** The local session of this request's access token (null for Clerk tokens). */
    sessionId: string | null;
    /** Files of a multipart body, read by the form-body hook. */
    uploads: UploadedFile[];
  }
}
