import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

/** How much form data one route reads. */
export interface FormLimits {
  /** Text fields at most. */
  fields: number;
  /** Bytes of one text field. */
  fieldSize: number;
  /** Files at most (0: none taken). */
  files: number;
  /** Bytes of one file. */
  fileSize: number;
}

/**
 * A preValidation hook for routes that take form data: a multipart body becomes a plain object of its
 * text fields (a repeated field becomes an array) so the route's zod schema validates it like JSON; files
 * go to `request.uploads`.
 */
export function readFormBody(limits: FormLimits) {
  return async function readForm(request: FastifyRequest) {
    request.uploads = [];
    if (!request.isMultipart()) return;
    // No prototype: a field named __proto__ is just a field.
    const fields: Record<string, string | string[]> = Object.create(null);
    try {
      await readParts(request, fields, limits);
    } catch (error) {
      // Limits (413) and our own refusals keep their status; a broken multipart stream is the client's fault.
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status < 500) throw error;
      throw badRequest(`Malformed form data: ${(error as Error).message}`);
    }
    request.body = fields;
  };
}

/** The preValidation hook of JSON-only routes. */
export async function refuseFormBody(request: FastifyRequest) {
  request.uploads = [];
}

async function readParts(
  request: FastifyRequest,
  fields: Record<string, string | string[]>,
  limits: FormLimits,
) {
  const parts = request.parts({
    limits: {
      fields: limits.fields,
      fieldSize: limits.fieldSize,
      files: limits.files,
      fileSize: limits.fileSize,
      parts: limits.fields + limits.files,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (bytes.length > 0) request.uploads.push({ field: part.fieldname, filename: part.filename, bytes });
      continue;
    }
    if (typeof part.value !== 'string') throw badRequest(`${part.fieldname}: must be text`);
    const previous = fields[part.fieldname];
    if (previous === undefined) fields[part.fieldname] = part.value;
    else
      fields[part.fieldname] = Array.isArray(previous) ? [...previous, part.value] : [previous, part.value];
  }
}
