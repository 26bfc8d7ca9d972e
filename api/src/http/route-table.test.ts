import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordRouteTable } from './route-table.ts';
import { validatorCompiler } from './validation.ts';

const newApp = () => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  return { app, routes: recordRouteTable(app as never) };
};

describe('the route table', () => {
  it('records each /api/v1 route with who may call it and what it takes', async () => {
    const { app, routes } = newApp();
    const body = z.object({ rating: z.number() });
    app.put('/api/v1/review', { config: { access: 'user' }, schema: { body } }, async () => ({}));
    app.get('/api/v1/products', { config: { access: 'public' } }, async () => ({}));
    app.get('/uploads/:name', async () => ({}));
    await app.ready();
    expect(routes.map(({ method, url, access }) => `${method} ${url} ${access}`)).toEqual([
      'PUT /api/v1/review user',
      'GET /api/v1/products public',
    ]);
    expect(routes[0]?.input.body).toBe(body);
    expect(routes[0]).toMatchObject({ form: false, cookie: false });
  });

  it('refuses to start with a route that says nothing of who may call it', () => {
    const { app } = newApp();
    expect(() => app.get('/api/v1/orders/export', async () => ({}))).toThrow(
      'GET /api/v1/orders/export declares no access',
    );
  });

  it('keeps admin routes under /api/v1/admin, and only them', () => {
    const { app } = newApp();
    expect(() =>
      app.delete('/api/v1/product/:id', { config: { access: 'admin' } }, async () => ({})),
    ).toThrow('admin routes, and only they, live under /api/v1/admin');
    expect(() => app.get('/api/v1/admin/users', { config: { access: 'user' } }, async () => ({}))).toThrow(
      'admin routes, and only they, live under /api/v1/admin',
    );
  });
});
