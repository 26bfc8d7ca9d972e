import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import { register, uniqueEmail } from './helpers/shop.ts';
import type * as UserRepository from '../src/users/user-repository.ts';

// Issue 21, finding 4: the forgot-password answer must not tell, by its timing, whether an account
// exists. It is made before the account is even looked up: here a lookup that never finishes still lets
// the answer out, and the known account gets its link once the lookup is done.
const lookups = vi.hoisted(() => ({ held: new Set<string>(), release: new Map<string, () => void>() }));
vi.mock('../src/users/user-repository.ts', async (original) => {
  const actual = await original<typeof UserRepository>();
  return {
    ...actual,
    findUserByEmail: async (...args: Parameters<typeof actual.findUserByEmail>) => {
      const email = args[1];
      if (lookups.held.has(email)) await new Promise<void>((resolve) => lookups.release.set(email, resolve));
      return actual.findUserByEmail(...args);
    },
  };
});

const t = useTestApp();
const linksFor = (email: string) =>
  t.logs.filter((entry) => String(entry.msg).startsWith(`Password reset link for ${email}: `));

describe('forgot password', () => {
  it('answers before the account is looked up, known or not, and mails the link after', async () => {
    const known = uniqueEmail('known');
    await register(t.app, { email: known });
    const unknown = uniqueEmail('unknown');
    for (const email of [known, unknown]) lookups.held.add(email);

    for (const email of [known, unknown]) {
      const response = await t.request('POST', '/password/forgot', { payload: { email } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Please check your email for password reset instructions.',
      });
    }
    expect(linksFor(known)).toHaveLength(0);

    await vi.waitFor(() => expect(lookups.release.size).toBe(2));
    for (const release of lookups.release.values()) release();
    await vi.waitFor(() => expect(linksFor(known)).toHaveLength(1));
    expect(linksFor(unknown)).toHaveLength(0);
  });
});
