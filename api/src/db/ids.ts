import { randomBytes } from 'node:crypto';

/** A new 24-character lowercase hex id (12 random bytes, like a MongoDB ObjectId in shape). */
export const newId = () => randomBytes(12).toString('hex');

export const isId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{24}$/.test(value);
