import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';

// Pages report each remote release's load; the counts decide a canary's automatic rollback (release-tool/).
const t = useTestApp();

const report = (payload: object) => t.request('POST', '/releases/reports', { payload });
const health = async (remote = 'storefront') => {
  const response = await t.request('GET', `/releases/health?remote=${remote}`);
  expect(response.statusCode).toBe(200);
  return response.json().releases as {
    release: string;
    loads: number;
    failures: number;
    fellBack: number;
    lastReason: string | null;
  }[];
};

describe('release reports', () => {
  it('counts each release’s loads, failures and fall-backs, per remote', async () => {
    for (let i = 0; i < 7; i++)
      await report({ remote: 'storefront', release: '0.1.0-abc1234-11111111', outcome: 'loaded' });
    await report({
      remote: 'storefront',
      release: '0.2.0-def5678-22222222',
      outcome: 'failed',
      reason: 'Failed to fetch remoteEntry',
      fellBackTo: '0.1.0-abc1234-11111111',
    });
    await report({
      remote: 'storefront',
      release: '0.2.0-def5678-22222222',
      outcome: 'failed',
      reason: 'boom',
    });
    await report({ remote: 'storefront', release: '0.2.0-def5678-22222222', outcome: 'loaded' });
    await report({ remote: 'admin', release: '0.1.0-abc1234-33333333', outcome: 'loaded' });
    // A page server's sum: 4 pages it served with the fall-back.
    await report({
      remote: 'storefront',
      release: '0.2.0-def5678-22222222',
      outcome: 'failed',
      reason: 'its server entry answered HTTP 404',
      fellBackTo: '0.1.0-abc1234-11111111',
      count: 4,
    });

    const storefront = await health();
    expect(storefront).toEqual(
      expect.arrayContaining([
        { release: '0.1.0-abc1234-11111111', loads: 7, failures: 0, fellBack: 0, lastReason: null },
        {
          release: '0.2.0-def5678-22222222',
          loads: 7,
          failures: 6,
          fellBack: 5,
          lastReason: 'its server entry answered HTTP 404',
        },
      ]),
    );
    expect(storefront).toHaveLength(2);
    expect(await health('admin')).toEqual([
      { release: '0.1.0-abc1234-33333333', loads: 1, failures: 0, fellBack: 0, lastReason: null },
    ]);
  });

  it('refuses what is not a report, and counts nothing for it', async () => {
    const before = await health('admin');
    for (const payload of [
      { remote: 'basket', release: 'x', outcome: 'loaded' },
      { remote: 'admin', release: '../../etc', outcome: 'loaded' },
      { remote: 'admin', release: '0.1.0-a-b', outcome: 'exploded' },
      { remote: 'admin', release: '0.1.0-a-b', outcome: 'failed', reason: 'x'.repeat(201) },
      { remote: 'admin', release: '0.1.0-a-b', outcome: 'loaded', user: 'someone' },
      { remote: 'admin', release: '0.1.0-a-b', outcome: 'failed', count: 0 },
      { remote: 'admin', release: '0.1.0-a-b', outcome: 'failed', count: 10_001 },
    ]) {
      const response = await report(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await health('admin')).toEqual(before);
  });
});

describe('release reports from one address', () => {
  const limited = useTestApp({ config: { releaseReportRateLimit: 3 } });

  it('are limited per minute (RELEASE_REPORT_RATE_LIMIT): the rest get 429 and are not counted', async () => {
    const send = () =>
      limited.request('POST', '/releases/reports', {
        payload: { remote: 'admin', release: '0.3.0-abc1234-44444444', outcome: 'failed' },
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const response = await limited.request('GET', '/releases/health?remote=admin');
    expect(response.json().releases).toEqual([
      { release: '0.3.0-abc1234-44444444', loads: 3, failures: 3, fellBack: 0, lastReason: null },
    ]);
  });
});
