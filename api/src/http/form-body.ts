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
  const fields: Record<string, string | string[]> = {};
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
  request.body = fields;
}
