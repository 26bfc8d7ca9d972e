import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SERVER_MANIFEST_FILE, SERVER_RENDERED_ATTRIBUTE, type ServerManifest } from '@shop/shared-contract';
import { appDir, repoRoot } from '../scripts/lib/apps.ts';
import { serveStorefront, startOwnShell } from './support/own-shop.ts';
import { e2ePorts } from './support/ports.ts';

const [shellPort, storefrontPort] = e2ePorts.spare;
/** The page server's bound on one render, for this test's own shell. */
const RENDER_TIMEOUT_MS = 800;

/** A copy of the storefront's release whose server entry is `source` instead of its own. */
function releaseWithServerEntry(name: string, source: string): string {
  const dir = path.join(repoRoot, 'test-results', `storefront-${name}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(appDir('storefront'), 'dist'), dir, { recursive: true });
  const manifestFile = path.join(dir, SERVER_MANIFEST_FILE);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ServerManifest;
  const entry = `server/entry-${name}.mjs`;
  writeFileSync(path.join(dir, entry), source);
  rmSync(`${manifestFile}.gz`, { force: true });
  rmSync(`${manifestFile}.br`, { force: true });
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, entry }));
  return dir;
}

const contract = 'export const contract = 1; export const privatePaths = [];';
const releases = {
  'fails to load': `${contract} throw new Error('the release is broken');`,
  'takes too long': `${contract} export default function Page() { return null; }
    export async function preparePage() { await new Promise((done) => setTimeout(done, ${RENDER_TIMEOUT_MS * 4})); return { kind: 'frame' }; }`,
  'throws while rendering': `${contract} export default function Page() { throw new Error('the page broke'); }
    export async function preparePage() { return { kind: 'frame' }; }`,
};

for (const [problem, source] of Object.entries(releases)) {
  test(`a storefront server entry that ${problem}: the prerendered page, 200, one log line, and the browser renders it`, async ({
    page,
    request,
  }) => {
    const storefront = await serveStorefront(
      storefrontPort!,
      releaseWithServerEntry(problem.replace(/ /g, '-'), source),
    );
    const shell = await startOwnShell(shellPort!, storefrontPort!, {
      RENDER_TIMEOUT_MS: String(RENDER_TIMEOUT_MS),
    });
    try {
      const started = Date.now();
      for (let i = 0; i < 3; i++) {
        const answer = await request.get(`${shell.url}/`);
        expect(answer.status()).toBe(200);
        expect(answer.headers()['server-timing']).toMatch(/^cache;desc=prerendered, total;dur=[\d.]+$/);
        const html = await answer.text();
        expect(html).not.toContain(`<div id="root" ${SERVER_RENDERED_ATTRIBUTE}`);
        // Today's prerendered home: the hero is in the first response all the same.
        expect(html).toContain('Quality products, delivered to your door');
      }
      expect(Date.now() - started).toBeLessThan(RENDER_TIMEOUT_MS * 3 + 3000);
      const lines = shell.logs.filter(
        (line) => line.includes('served prerendered') || line.includes('not rendered on the server'),
      );
      expect(lines, shell.logs.join('\n')).toHaveLength(1);

      await page.goto(`${shell.url}/`);
      await expect(
        page.getByRole('list', { name: 'Featured products' }).getByRole('listitem').first(),
      ).toBeVisible();
      // A product page prerendered as its skeleton: its one api call starts with the page (the boot script's,
      // which the page's own query then takes), and the product shows.
      const first = page.getByRole('list', { name: 'Featured products' }).getByRole('link').first();
      const href = (await first.getAttribute('href'))!;
      const calls: string[] = [];
      page.on('request', (sent) => {
        if (sent.url().endsWith(`/api/v1${href}`)) calls.push(sent.url());
      });
      await page.goto(`${shell.url}${href}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.locator(`#root[${SERVER_RENDERED_ATTRIBUTE}]`).count()).toBe(0);
      expect(calls).toHaveLength(1);
    } finally {
      await shell.close();
      await storefront.close();
    }
  });
}
