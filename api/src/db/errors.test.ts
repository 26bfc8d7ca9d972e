import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

// Which failures answer 503 (the database unreachable, try again) rather than 500 (a bug) or 400.
describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it.each([
    ['connection refused', { code: 'ECONNREFUSED' }],
    ['connection lost mid-query (postgres.js)', { code: 'CONNECTION_CLOSED' }],
    ['no connection within connect_timeout', { code: 'CONNECT_TIMEOUT' }],
    ['the server shutting down (admin_shutdown)', { code: '57P01' }],
    ['the server starting up (cannot_connect_now)', { code: '57P03' }],
    ['too many connections', { code: '53300' }],
    ['a connection exception', { code: '08006' }],
  ])('%s is unavailable, wrapped by drizzle or not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505' }],
    ['bad text', { code: '22P02' }],
    ['a bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
