import { writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { appDir, type FrontendApp } from './lib/apps.ts';

// `node scripts/prerender.ts shell|storefront OUT_DIR`: renders the app's first-paint HTML with React's
// server renderer (through Vite, from the app's sources) into its build folder. The shell's deploy step
// (scripts/lib/shell-document.ts) writes it into the page, so the frame and the page (the home hero, the
// catalog's and a product page's skeletons) are in the first response and paint before any JavaScript has
// run; React then draws the same thing over it.
const [app, outDir] = process.argv.slice(2) as [FrontendApp, string];

const server = await createServer({
  root: appDir(app),
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  // Only the server renders here: no browser dependencies to bundle ahead. Discovery would also scan
  // shared-ui's on-demand recipe names, which only the apps' own configs resolve, and print a failure.
  optimizeDeps: { noDiscovery: true },
  plugins: [react()],
});
try {
  if (app === 'shell') {
    const { renderFrame } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
      renderFrame: (pathname: string) => string;
    };
    // The frame at each prerendered address (its navigation link current there).
    const frames = {
      home: renderFrame('/'),
      catalog: renderFrame('/products'),
      product: renderFrame('/product/000000000000000000000000'),
    };
    writeFileSync(path.join(outDir, 'prerender-frame.json'), JSON.stringify(frames));
  } else if (app === 'storefront') {
    const { renderPage, PRERENDERED_PAGES } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
      renderPage: (pathname: string) => Promise<string>;
      PRERENDERED_PAGES: Record<string, string>;
    };
    for (const [name, pathname] of Object.entries(PRERENDERED_PAGES)) {
      writeFileSync(path.join(outDir, `prerender-${name}.html`), await renderPage(pathname));
    }
  }
} finally {
  await server.close();
}
