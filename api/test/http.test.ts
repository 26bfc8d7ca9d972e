import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';
import { uniqueEmail } from './helpers/shop.ts';

const t = useTestApp({
  config: { authRateLimit: 5, corsOrigins: ['http://localhost:4000', 'http://shop.example'] },
});

describe('http basics', () => {
  it('health answers ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('unknown routes answer 404 in JSON', async () => {
    for (const url of ['/api/v1/nothing-here', '/nope', '/api/v2/products']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({ success: false });
    }
  });

  it('malformed JSON answers 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('a NUL byte in any text answers 400 and stores nothing (PostgreSQL cannot store it)', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/v1/products?keyword=%00' });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ success: false, message: expect.any(String) });

    const email = uniqueEmail();
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'Nul\u0000Name', email, password: 'Password123' },
    });
    expect(register.statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'Password123' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('an unsupported body type answers 415 in JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().success).toBe(false);
  });

  it('CORS allows the configured shell origins with credentials, and no others', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/products',
      headers: { origin: 'http://shop.example', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://shop.example');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/products',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the OpenAPI document and the interactive reference page', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3/);
    for (const path of [
      '/api/v1/products',
      '/api/v1/auth/login',
      '/api/v1/order/new',
      '/api/v1/payment/confirm',
      '/api/v1/password/reset/{token}',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('rate-limits login per client and account, with a higher per-client ceiling, and register per client', async () => {
    const login = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: 'Whatever123' },
      });
    // One account: 5 a minute (AUTH_RATE_LIMIT in this app).
    const target = uniqueEmail('target');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(target)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await login(target);
    expect(limited.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/Too many password attempts, retry in \d+ seconds/),
    });
    // Other accounts from the same client still get through, up to five times the limit in all.
    const spray: number[] = [];
    for (let i = 0; i < 22; i++) spray.push((await login(uniqueEmail('spray'))).statusCode);
    expect(spray.slice(0, 15).every((status) => status === 401)).toBe(true);
    expect(spray.at(-1)).toBe(429);

    const registers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { name: 'R', email: uniqueEmail(), password: 'Password123' },
      });
      registers.push(response.statusCode);
    }
    expect(registers.at(-1)).toBe(429);
  });
});

describe('database', () => {
  it('runs on PostgreSQL when DATABASE_URL is set, else on PGlite', () => {
    expect(t.app.shop.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });
});
