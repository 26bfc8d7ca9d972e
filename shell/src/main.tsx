import { firstCallArrival } from '@shop/shared-api';
import { getShopSystem } from '@shop/shared-ui';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { BootFailure } from './app/BootFailure.tsx';
import { loadRuntimeConfig } from './app/config.ts';
import { loadRemoteRoutes, registerShopRemotes } from './app/remotes/remoteRegistry.ts';
import { shopRoutes } from './app/routes.tsx';
import { ShellApp } from './app/ShellApp.tsx';

/** How long the first render waits for the storefront before it draws the frame with a loading bar. */
const REMOTE_WAIT_MS = 4000;
/** How much longer it waits for the page's first api answer (index.html asked for it at boot). */
const FIRST_ANSWER_WAIT_MS = 1000;

/** True when the address is one of the storefront's (the shell's catch-all route), not a shell page. */
function isStorefrontPath(pathname: string): boolean {
  const matches = matchRoutes(shopRoutes, pathname);
  return matches?.at(-1)?.route.path === '*';
}

/** Resumes in a later task, so the work before and after it are two tasks instead of one long one. */
const nextTask = () => new Promise((resume) => setTimeout(resume, 0));

const root = createRoot(document.getElementById('root')!);
// The first call's answer (the plain catalog, a product page) usually arrives long before this code: the
// page's first render then draws it, in place of the prerendered skeleton and its pictures, instead of
// drawing a skeleton again and the cards a moment later.
const firstAnswer = firstCallArrival();

try {
  // The shared code has just been evaluated, in one long task; what follows (config, remotes) starts in the
  // next one instead of lengthening it (docs/performance.md, round 5).
  await nextTask();
  const config = await loadRuntimeConfig();
  registerShopRemotes(config.remotes);
  // Most visits land on a storefront page: fetch its code at once (index.html has preloaded it). On a
  // storefront address the first render waits for it, so the first frame React draws is the page itself
  // (or 'Page Not Found'), not a loading bar that the page then replaces and the footer jumps under (CLS
  // 0.377 on an unknown path). A failure is shown by the route, with a Retry; a slow remote gets the bar.
  const storefront = window.location.pathname.startsWith('/admin')
    ? null
    : loadRemoteRoutes('storefront').catch(() => {});
  // While the storefront downloads: the theme's system, in a task of its own instead of inside the long
  // task that evaluated the shared code or the first render's slices (shared-ui/src/theme.ts).
  await nextTask();
  getShopSystem();
  if (storefront && isStorefrontPath(window.location.pathname)) {
    await Promise.race([storefront, new Promise((done) => setTimeout(done, REMOTE_WAIT_MS))]);
    await Promise.race([firstAnswer, new Promise((done) => setTimeout(done, FIRST_ANSWER_WAIT_MS))]);
  }
  // A transition: React renders in slices that leave the main thread free between them (the prerendered
  // page stays on screen meanwhile) instead of one long task, and commits the whole page at once.
  startTransition(() => {
    root.render(
      <StrictMode>
        <ShellApp config={config} />
      </StrictMode>,
    );
  });
} catch (error) {
  root.render(<BootFailure message={error instanceof Error ? error.message : String(error)} />);
}
