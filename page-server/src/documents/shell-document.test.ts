import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  FIRST_PICTURE_ATTRIBUTE,
  HELD_ENTRY_TEMPLATE_ID,
  SHIPPED_GLOBAL_STYLES_ID,
} from '@shop/shared-contract';
import { shellConfig } from '@shop/shared-contract/shell-config';
import { afterEach, describe, expect, it } from 'vitest';
import { DEPLOY_MARK, documentFor, shellDocuments } from './shell-document.ts';

// The deploy step on a built shell folder, with a storefront that serves its manifest and prerendered home.
const boot = '<script>window.boot=1</script>';
const unrenderedBoot = '<script data-shop-unrendered-only>window.firstCall=1</script>';
const built = `<!doctype html><html><head>${DEPLOY_MARK}${boot}${unrenderedBoot}<title>Shop</title></head><body><div id="root"></div><script type="module" crossorigin src="/assets/index.js"></script></body></html>`;
const layers = '<style data-emotion="css-global 1layers">@layer reset, base, tokens, recipes;</style>';
const tokens =
  '<style data-emotion="css-global 2tokens">@layer tokens{:where(:root){--chakra-colors-brand-500:#14b8a6;}}</style>';
const navbar = '<style data-emotion="css 3navbar">.css-3navbar{display:flex;}</style>';
const frame = `${layers}${tokens}${navbar}<nav class="css-3navbar">Shop</nav><main><shop-route-slot></shop-route-slot></main>`;
const storefrontHome = `${layers}${tokens}<style data-emotion="css 4hero">.css-4hero{padding:1rem;}</style><h1 class="css-4hero">Hero</h1>`;
const storefrontCatalog = `<h1>Products</h1><div ${FIRST_PICTURE_ATTRIBUTE}="0"></div>`;
const storefrontProduct = `<div aria-label="Loading the product"><div ${FIRST_PICTURE_ATTRIBUTE}="0"></div></div>`;
const productId = '331aeba00279a51184a370da';

let dir: string;
let storefront: Server;

afterEach(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise((done) => storefront.close(done));
});

async function deploy(files: { frame?: boolean; storefrontPages?: boolean; manifest?: boolean } = {}) {
  dir = mkdtempSync(path.join(tmpdir(), 'shell-document-test-'));
  writeFileSync(path.join(dir, 'index.html'), built);
  if (files.frame !== false)
    writeFileSync(
      path.join(dir, 'prerender-frame.json'),
      JSON.stringify({ home: frame, catalog: frame, product: frame }),
    );
  const pages: Record<string, string> = { '/prerender-home.html': storefrontHome };
  if (files.storefrontPages !== false) {
    pages['/prerender-catalog.html'] = storefrontCatalog;
    pages['/prerender-product.html'] = storefrontProduct;
  }
  storefront = createServer((request, response) => {
    if (request.url === '/mf-manifest.json' && files.manifest !== false) {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          metaData: { remoteEntry: { path: '', name: 'remoteEntry.js' } },
          exposes: [{ name: 'routes', assets: { js: { sync: ['routes.js'] } } }],
        }),
      );
    } else if (request.url && pages[request.url]) response.end(pages[request.url]);
    else response.writeHead(404).end();
  });
  await new Promise<void>((listening) => storefront.listen(0, '127.0.0.1', listening));
  const { port } = storefront.address() as AddressInfo;
  const config = shellConfig({ shell: 4000, storefront: port, admin: 4002, api: 3000 }, {});
  return shellDocuments(dir, {
    ...config,
    remotes: { ...config.remotes, storefront: `http://127.0.0.1:${port}/mf-manifest.json` },
  });
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const body = (html: string) => html.slice(html.indexOf('</head>'));

describe('the boot script', () => {
  it('leaves its part for pages without server-rendered content out of the rendered pages only', async () => {
    const documents = await deploy();
    for (const pathname of ['/', '/products', `/product/${productId}`, '/cart', '/admin/dashboard']) {
      expect(documentFor(documents, pathname)).toContain(boot);
      expect(documentFor(documents, pathname)).toContain(unrenderedBoot);
    }
    for (const document of [documents.rendered!.page, documents.rendered!.admin]) {
      expect(document.before).toContain(boot);
      expect(document.before + document.after).not.toContain('data-shop-unrendered-only');
    }
  });

  it('keeps that part in a rendered page that has no storefront preloads, which it then makes', async () => {
    const { rendered } = await deploy({ manifest: false });
    expect(rendered!.page.before).not.toContain('rel="modulepreload"');
    expect(rendered!.page.before).toContain(unrenderedBoot);
    expect(rendered!.admin.before).not.toContain('data-shop-unrendered-only');
  });
});

describe('the admin panel’s page', () => {
  it('preloads nothing of the storefront, which it does not load, and opens a connection to the admin remote', async () => {
    const documents = await deploy();
    const admin = documentFor(documents, '/admin/dashboard');
    expect(documentFor(documents, '/products')).toContain('rel="modulepreload"');
    // The storefront is served from 127.0.0.1 here: no link of the page points there.
    expect(admin).not.toMatch(/<link[^>]*(?:modulepreload|127\.0\.0\.1)/);
    expect(admin).toContain('<link rel="preconnect" href="http://localhost:4002" crossorigin />');
    expect(admin).toContain('id="shop-config"');
  });
});

describe('the design system’s global styles in the deployed pages', () => {
  it('ships them once, in the head of every kind of page, in the prerender’s order', async () => {
    const documents = await deploy();
    for (const pathname of ['/', '/products', '/admin/dashboard']) {
      const page = documentFor(documents, pathname);
      expect(head(page)).toContain(
        `<style id="${SHIPPED_GLOBAL_STYLES_ID}">@layer reset, base, tokens, recipes;@layer tokens{:where(:root){--chakra-colors-brand-500:#14b8a6;}}</style>`,
      );
      expect(page.match(/--chakra-colors-brand-500/g)).toHaveLength(1);
      expect(page).not.toContain('css-global');
    }
  });

  it('keeps the prerender’s own styles beside the elements that use them', async () => {
    const home = documentFor(await deploy(), '/');
    expect(body(home)).toContain(`${navbar}<nav class="css-3navbar">`);
    expect(body(home)).toContain('.css-4hero{padding:1rem;}');
  });

  it('has a server-rendered page fetch the whole sheet after the first paint, held until it needs it', async () => {
    const { rendered } = await deploy();
    for (const document of [rendered!.page, rendered!.admin]) {
      const sheet = document.globalStyles!;
      expect(document.before).toContain(sheet.tag);
      // Fetched but not applied (print): the design system switches it on (shared-ui/src/whole-global-styles.ts).
      expect(document.before + document.after).toContain(
        `<template id="shop-entry"><link rel="stylesheet" href="${sheet.path}" media="print" data-shop-whole-sheet />`,
      );
      expect(sheet.css).toContain('--chakra-colors-brand-500:#14b8a6;');
    }
    // The prerendered pages carry the whole sheet already.
    expect(documentFor(await deploy(), '/')).not.toContain('rel="stylesheet"');
  });

  it('ships none without a prerender, and the page draws its own (the design system’s fallback)', async () => {
    const documents = await deploy({ frame: false });
    expect(documentFor(documents, '/products')).not.toContain(SHIPPED_GLOBAL_STYLES_ID);
  });
});

describe('the catalog’s and a product page’s documents', () => {
  const firstCall = (html: string) =>
    /<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)" data-shop-first-call \/>/.exec(
      html,
    )?.[1];

  it('are prerendered skeletons with picture boxes, and ask for the answer that fills them', async () => {
    const documents = await deploy();
    const catalog = documentFor(documents, '/products');
    expect(body(catalog)).toContain(`<main>${storefrontCatalog}</main>`);
    expect(firstCall(head(catalog))).toBe(
      'http://localhost:3000/api/v1/products?keyword=&amp;page=1&amp;price%5Bgte%5D=0&amp;price%5Blte%5D=25000&amp;ratings%5Bgte%5D=0',
    );
    const product = documentFor(documents, `/product/${productId}`);
    expect(body(product)).toContain(`<main>${storefrontProduct}</main>`);
    expect(firstCall(head(product))).toBe(`http://localhost:3000/api/v1/product/${productId}`);
    // As on the prerendered home: the JavaScript waits for the first paint, in the inert template.
    for (const page of [catalog, product]) {
      expect(page).not.toMatch(/<script type="module"/);
      expect(page).toContain(`<template id="${HELD_ENTRY_TEMPLATE_ID}">`);
    }
  });

  it("hold the entry where the shell's boot script looks for it", () => {
    // The boot script is inline and imports nothing: it names the template itself.
    const shellPage = readFileSync(path.join(import.meta.dirname, '../../../shell/index.html'), 'utf8');
    expect(shellPage).toContain(`document.getElementById('${HELD_ENTRY_TEMPLATE_ID}')`);
  });

  it('are not prerendered where the address says more than the skeleton knows', async () => {
    const documents = await deploy();
    for (const address of ['/products?page=2', '/products/phone', '/product/not-an-id', '/about']) {
      const [pathname, search = ''] = address.split('?');
      const page = documentFor(documents, pathname!, search && `?${search}`);
      expect(page, address).not.toContain(`${FIRST_PICTURE_ATTRIBUTE}="0"`);
      expect(firstCall(page), address).toBeUndefined();
      expect(page, address).toContain('<script type="module" crossorigin src="/assets/index.js">');
    }
  });

  it('keep the first call but no prerender when the storefront’s release published no such pages', async () => {
    const documents = await deploy({ storefrontPages: false });
    const catalog = documentFor(documents, '/products');
    expect(catalog).not.toContain(`${FIRST_PICTURE_ATTRIBUTE}="0"`);
    expect(firstCall(catalog)).toContain('/api/v1/products?');
    expect(body(documentFor(documents, '/'))).toContain('Hero');
  });
});
