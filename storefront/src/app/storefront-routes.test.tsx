import { testRuntimeConfig } from '@shop/shared-contract/testing';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, type useRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

// What StorefrontRoutes hands React Router: a routes array it keeps is ranked and compiled once
// (patches/README.md); a new one every render was ranked and compiled again for every page.
const matched = vi.hoisted(() => vi.fn());
vi.mock('react-router-dom', async (importOriginal) => {
  const router = await importOriginal<{ useRoutes: typeof useRoutes }>();
  return {
    ...router,
    useRoutes: (routes: Parameters<typeof useRoutes>[0]) => {
      matched(routes);
      return router.useRoutes(routes);
    },
  };
});

const { default: StorefrontRoutes } = await import('./StorefrontRoutes.tsx');

const renderAt = (path: string, props: Parameters<typeof StorefrontRoutes>[0]) =>
  renderToString(
    <MemoryRouter initialEntries={[path]}>
      <StorefrontRoutes {...props} />
    </MemoryRouter>,
  );

describe('the storefront’s routes', () => {
  it('hands the router the same routes on every render, new ones for another config or not-found page', () => {
    const notFound = <p>Nothing here</p>;
    expect(renderAt('/nowhere', { config: testRuntimeConfig, notFound })).toContain('Nothing here');
    expect(renderAt('/elsewhere', { config: testRuntimeConfig, notFound })).toContain('Nothing here');
    expect(matched).toHaveBeenCalledTimes(2);
    const [first, second] = matched.mock.calls.map(([routes]) => routes);
    expect(second).toBe(first);

    const otherNotFound = <p>Lost</p>;
    expect(renderAt('/nowhere', { config: testRuntimeConfig, notFound: otherNotFound })).toContain('Lost');
    const otherConfig = { ...testRuntimeConfig };
    expect(renderAt('/nowhere', { config: otherConfig, notFound: otherNotFound })).toContain('Lost');
    const [, , third, fourth] = matched.mock.calls.map(([routes]) => routes);
    expect(third).not.toBe(first);
    expect(fourth).not.toBe(third);
  });
});
