import { firstCallArrival, shopQueryClient, startFromPageData } from '@shop/shared-api';
import { SERVER_PAGE_DATA_ID } from '@shop/shared-contract';
import { getShopSystem, nextTask, warmUpFormatsOffMainThread } from '@shop/shared-ui';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BootFailure } from './app/BootFailure.tsx';
import { loadRuntimeConfig } from './app/config.ts';
import { replayEarlyInput } from './app/early-input.ts';
import { loadRemoteRoutes, registerShopRemotes } from './app/remotes/remoteRegistry.ts';
import { routeOwnerOf } from './app/route-owner.ts';
import { preloadShellPage } from './app/routes.tsx';
import { ShellApp } from './app/ShellApp.tsx';
import { scheduleRealUserFigures } from './app/real-user/schedule.ts';

/** How long the first render waits for the storefront before it draws the frame with a loading bar. */
const REMOTE_WAIT_MS = 4000;
/** How much longer it waits for the page's first api answer (index.html asked for it at boot). */
const FIRST_ANSWER_WAIT_MS = 1000;

const container = document.getElementById('root')!;
// The page server rendered this page (page-server/): its data block holds the answers it was rendered from.
const pageData = document.getElementById(SERVER_PAGE_DATA_ID);
// The first call's answer (the plain catalog, a product page of a prerendered page) usually arrives long
// before this code: the page's first render then draws it, in place of the prerendered skeleton and its
// pictures, instead of drawing a skeleton again and the cards a moment later.
const firstAnswer = firstCallArrival();

// First, so that ICU has started on another thread by the time hydration draws the first price.
warmUpFormatsOffMainThread();

try {
  // The shared code has just been evaluated (its last slice, shared-ui/src/evaluation); what follows
  // (config, remotes) starts in the next task instead of lengthening it (docs/performance.md, round 5).
  await nextTask();
  const config = await loadRuntimeConfig();
  registerShopRemotes(config);
  // Web vitals and unhandled errors of a sampled share of views, loaded after the page is (issue 26). An
  // error is told by the remote's address: with releases, the folder of its live.json holds every release.
  scheduleRealUserFigures(
    {
      ...config.remotes,
      ...Object.fromEntries(
        Object.entries(config.releases ?? {}).map(([name, release]) => [name, release.liveAt]),
      ),
    },
    config.realUserSampleRate,
  );
  // Most visits land on a storefront page: fetch its code at once (index.html has preloaded it).
  const storefront = window.location.pathname.startsWith('/admin')
    ? null
    : loadRemoteRoutes('storefront').catch(() => {});
  // While the storefront downloads: the theme's system, in a task of its own instead of inside the long
  // task that evaluated the shared code or the first render's slices (shared-ui/src/theme.ts).
  await nextTask();
  getShopSystem();
  const app = (
    <StrictMode>
      <ShellApp config={config} />
    </StrictMode>
  );
  const owner = routeOwnerOf(window.location.pathname);
  const ownedByStorefront = storefront && owner === 'storefront';
  // The page's own code: the storefront's routes, or the shell page's chunk (login, password, profile).
  const pageCode = ownedByStorefront
    ? storefront
    : owner === 'shell'
      ? preloadShellPage(window.location.pathname)
      : null;
  const pageCodeOrBound = () =>
    pageCode && Promise.race([pageCode, new Promise((done) => setTimeout(done, REMOTE_WAIT_MS))]);
  if (pageData) {
    // React takes the server's markup over as it is: the same tree, drawn from the same answers, so nothing
    // on screen changes and no answer is asked for again. It waits for the page's code (bounded) so the
    // whole page is taken over in one pass: a part still waiting for its code is drawn anew by React if
    // anything above it changes meanwhile (what was typed there is lost), and a tap on it is dropped,
    // while whatever is done before is recorded and replayed (early-input.ts). Past the bound, that part
    // keeps the server's markup until its code arrives.
    await pageCodeOrBound();
    startFromPageData(shopQueryClient, pageData.textContent ?? '');
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError(error) {
          // A mismatch React mended by drawing that part anew: worth a line, never a broken page.
          console.warn('[shop] hydration', error);
        },
      });
    });
    replayEarlyInput();
  } else {
    // On a storefront address the first render waits for it, so the first frame React draws is the page
    // itself (or 'Page Not Found'), not a loading bar that the page then replaces and the footer jumps
    // under (CLS 0.377 on an unknown path). A failure is shown by the route, with a Retry.
    await pageCodeOrBound();
    if (ownedByStorefront)
      await Promise.race([firstAnswer, new Promise((done) => setTimeout(done, FIRST_ANSWER_WAIT_MS))]);
    // A transition: React renders in slices that leave the main thread free between them (the prerendered
    // page stays on screen meanwhile) instead of one long task, and commits the whole page at once.
    startTransition(() => {
      createRoot(container).render(app);
    });
  }
} catch (error) {
  createRoot(container).render(
    <BootFailure message={error instanceof Error ? error.message : String(error)} />,
  );
}
