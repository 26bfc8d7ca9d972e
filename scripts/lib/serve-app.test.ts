import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveApp, type ServedApp } from './serve-app.ts';
import { shellConfig } from '@shop/shared-contract/shell-config';

// The headers of pnpm start's static servers: a CSP without 'unsafe-inline' scripts, the shell's inline
// boot script allowed by its hash, the origins config.json names, and the base headers.
const ports = { shell: 4000, storefront: 4001, admin: 4002, api: 3000 };
const boot = "window.__shopConfig = fetch('/config.json');";
let dir: string;
let served: ServedApp | undefined;

afterEach(async () => {
  await served?.close();
  served = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function serve(options: { env?: NodeJS.ProcessEnv; https?: boolean; html?: string } = {}) {
  dir = mkdtempSync(path.join(tmpdir(), 'serve-app-test-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    options.html ??
      `<html><head><script>${boot}</script><script type="module" src="/assets/a.js"></script></head></html>`,
  );
  served = await serveApp({
    dir,
    port: 0,
    spa: true,
    generated: { '/config.json': shellConfig(ports, options.env ?? {}) },
    ...(options.https ? { https: true } : {}),
  });
  return served;
}
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((entry) => entry.startsWith(`${name} `))
    ?.slice(name.length + 1) ?? '';

describe('static server security headers', () => {
  it('sends a CSP that allows the inline boot script by hash, never unsafe-inline scripts', async () => {
    const { url } = await serve();
    for (const pathname of ['/', '/login', '/config.json', '/assets/missing.js']) {
      const response = await fetch(`${url}${pathname}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      const scripts = directive(csp, 'script-src');
      expect(scripts).toContain(sha(boot));
      expect(scripts).not.toContain('unsafe-inline');
      expect(scripts).not.toContain('unsafe-eval');
      expect(directive(csp, 'frame-ancestors')).toBe("'none'");
      expect(directive(csp, 'object-src')).toBe("'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('allows the remotes and the api config.json names, and no card or identity provider by default', async () => {
    const { url } = await serve();
    const csp = (await fetch(url)).headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'script-src')).toBe(
      `'self' ${sha(boot)} http://localhost:4001 http://localhost:4002`,
    );
    expect(directive(csp, 'connect-src')).toBe(
      "'self' http://localhost:3000 http://localhost:4001 http://localhost:4002",
    );
    expect(directive(csp, 'frame-src')).toBe("'none'");
    expect(csp).not.toMatch(/stripe|clerk|razorpay/);
  });

  it("adds Razorpay's checkout hosts only when RAZORPAY_KEY_ID is set (issue 25)", async () => {
    const { url } = await serve({ env: { RAZORPAY_KEY_ID: 'rzp_test_key' } });
    const csp = (await fetch(url)).headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'script-src')).toContain('https://checkout.razorpay.com');
    expect(directive(csp, 'frame-src')).toBe('https://api.razorpay.com https://checkout.razorpay.com');
    expect(directive(csp, 'connect-src')).toContain('https://api.razorpay.com');
    expect(csp).not.toMatch(/stripe/);
  });

  it("adds Stripe's and Clerk's hosts only when config.json names them", async () => {
    const publishableKey = `pk_test_${Buffer.from('clerk.shop.example$').toString('base64')}`;
    const { url } = await serve({
      env: { STRIPE_PUBLISHABLE_KEY: 'pk_test_stripe', CLERK_PUBLISHABLE_KEY: publishableKey },
    });
    const csp = (await fetch(url)).headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'script-src')).toContain('https://clerk.shop.example');
    expect(directive(csp, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(directive(csp, 'connect-src')).toContain('https://api.stripe.com');
    expect(directive(csp, 'connect-src')).toContain('https://clerk.shop.example');
  });

  it('follows a new build: a changed boot script gets its new hash without a restart', async () => {
    const { url } = await serve();
    writeFileSync(path.join(dir, 'index.html'), '<script>console.log("new boot")</script>');
    // A different mtime even on a coarse clock.
    const later = new Date(Date.now() + 5000);
    (await import('node:fs')).utimesSync(path.join(dir, 'index.html'), later, later);
    const csp = (await fetch(url)).headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'script-src')).toContain(sha('console.log("new boot")'));
    expect(directive(csp, 'script-src')).not.toContain(sha(boot));
  });

  it('sends HSTS when the shop is served over https', async () => {
    const { url } = await serve({ https: true });
    expect((await fetch(url)).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
