import { describe, expect, it, vi } from 'vitest';

// Argon2 replaced by a hash that takes as long as the test says, counting how many run at once.
const argon2 = vi.hoisted(() => {
  const state = { running: 0, most: 0, release: [] as (() => void)[] };
  const work = () =>
    new Promise<void>((resolve) => {
      state.running += 1;
      state.most = Math.max(state.most, state.running);
      state.release.push(() => {
        state.running -= 1;
        resolve();
      });
    });
  return {
    state,
    hash: async (password: string) => {
      await work();
      return `hashed:${password}`;
    },
    verify: async (hash: string, password: string) => {
      await work();
      return hash === `hashed:${password}`;
    },
  };
});
vi.mock('@node-rs/argon2', () => ({ hash: argon2.hash, verify: argon2.verify }));

const { HASHING_BUSY_MESSAGE, verifyPassword } = await import('./passwords.ts');

/** Lets every started hash finish, until none is left. */
async function finishAll() {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const next = argon2.state.release.shift();
    if (!next) return;
    next();
  }
}

describe('password hashing is bounded (issue 21, finding 2)', () => {
  it('runs two at a time however many callers ask, so the thread pool stays free for everything else', async () => {
    const checks = Array.from({ length: 40 }, () => verifyPassword('hashed:right', 'wrong'));
    await finishAll();
    await expect(Promise.all(checks)).resolves.toEqual(Array(40).fill(false));
    expect(argon2.state.most).toBe(2);
  });

  it('tells callers beyond a full queue to come back (503 with Retry-After), and answers the rest', async () => {
    const checks = Array.from({ length: 100 }, () =>
      verifyPassword('hashed:right', 'right').then(
        (valid) => ({ valid }),
        (error: { statusCode: number; message: string; retryAfterSeconds: number }) => error,
      ),
    );
    await finishAll();
    const outcomes = await Promise.all(checks);
    const busy = outcomes.filter((outcome) => 'statusCode' in outcome);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]).toMatchObject({ statusCode: 503, message: HASHING_BUSY_MESSAGE, retryAfterSeconds: 1 });
    expect(outcomes.filter((outcome) => 'valid' in outcome && outcome.valid).length).toBe(100 - busy.length);
    expect(100 - busy.length).toBeGreaterThanOrEqual(64);
  });
});
