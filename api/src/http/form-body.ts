import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

/**
 * Multipart bodies become a plain object of their text fields (a repeated field becomes an array) so the
 * route's zod schema validates them like JSON; files go to `request.uploads`. Size and count limits are
 * the multipart plugin's, set in app.ts.
 */
export async function readFormBody(request: FastifyRequest) {
  request.uploads = [];
  if (!request.isMultipart()) return;
  // No prototype: a field named __proto__ is just a field.
  const fields: Record<string, string | string[]> = Object.create(null);
  try {
    await readParts(request, fields);
  } catch (error) {
    // Limits (413) and our own refusals keep their status; a broken multipart stream is the client's fault.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status < 500) throw error;
    throw badRequest(`Malformed form data: ${(error as Error).message}`);
  }
  request.body = fields;
}

async function readParts(request: FastifyRequest, fields: Record<string, string | string[]>) {
  for await (const part of request.parts()) {
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
