import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../features/test-support/render.tsx';
import { AppFrame } from './AppFrame.tsx';

// A shell page whose chunk cannot be fetched, as after a release removed the file or offline.
const UnreachablePage = lazy(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/AboutPage-old.js')),
);

const frame = {
  element: <AppFrame navbar={<nav aria-label="Main">Shop</nav>} footer={<footer>Footer</footer>} />,
  children: [
    { path: '/about', element: <UnreachablePage /> },
    { path: '/contact', element: <h1>Contact Us</h1> },
  ],
};

describe('AppFrame', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the frame and offers Retry when a page’s code cannot be loaded, then shows the next page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderPage(<p>start</p>, { path: '/start', at: '/about', routes: [frame] });
    expect(await screen.findByRole('heading', { name: 'This page is unavailable' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(screen.getByText('Footer')).toBeVisible();

    await router.navigate('/contact');
    expect(await screen.findByRole('heading', { name: 'Contact Us' })).toBeVisible();
    expect(screen.queryByText('This page is unavailable')).toBeNull();
  });
});
