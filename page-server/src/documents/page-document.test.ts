import { SERVER_PAGE_DATA_ID, SERVER_RENDERED_ATTRIBUTE, type PageHead } from '@shop/shared-contract';
import { describe, expect, it } from 'vitest';
import { globalStyleSheet } from './global-styles.ts';
import { headTags, pageDocument as pageParts, pageText, type RenderedPageParts } from './page-document.ts';

const pageDocument = (document: Parameters<typeof pageParts>[0], page: RenderedPageParts) =>
  pageText(pageParts(document, page));

const shell = {
  before:
    '<!doctype html><html><head><meta name="description" content="The shop" /><title>Shop</title></head><body><div id="root">',
  after: '</div><template id="shop-entry"></template></body></html>',
};
const head: PageHead = {
  title: 'Pens & "Inks" <Sale> | Shop',
  description: 'Fountain pens & inks',
  canonical: 'https://shop.example/products?category=Tops&page=2',
  type: 'product',
  picture: { url: 'https://api.shop.example/uploads/pen.png', alt: 'A pen' },
  structuredData: [{ '@type': 'Product', name: '</script><script>alert(1)</script>' }],
};

describe('a rendered page’s document', () => {
  it('replaces the shell’s title and description with the page’s, escaped', () => {
    const html = pageDocument(shell, { head, root: '<main>Pens</main>', pageData: '{}' });
    const tags = html.slice(0, html.indexOf('</head>'));
    expect(tags.match(/<title>/g)).toHaveLength(1);
    expect(tags).toContain('<title>Pens &amp; &quot;Inks&quot; &lt;Sale&gt; | Shop</title>');
    expect(tags.match(/name="description"/g)).toHaveLength(1);
    expect(tags).toContain(
      '<link rel="canonical" href="https://shop.example/products?category=Tops&amp;page=2" />',
    );
    expect(tags).toContain('<meta property="og:image" content="https://api.shop.example/uploads/pen.png" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('writes structured data that no value can close', () => {
    const [tag] = headTags(head).filter((line) => line.includes('ld+json'));
    expect(tag).not.toContain('</script><script>');
    const json = tag!.replace(/^<script type="application\/ld\+json">/, '').replace(/<\/script>$/, '');
    expect(JSON.parse(json)).toEqual(head.structuredData[0]);
  });

  it('marks the root as rendered, and carries the page’s data after it', () => {
    const html = pageDocument(shell, { head: null, root: '<main>Pens</main>', pageData: '{"queries":[]}' });
    expect(html).toContain(`<div id="root" ${SERVER_RENDERED_ATTRIBUTE}=""><main>Pens</main></div>`);
    expect(html).toContain(
      `<script type="application/json" id="${SERVER_PAGE_DATA_ID}">{"queries":[]}</script>`,
    );
    expect(html).toContain('<title>Shop</title>');
    expect(html.endsWith(shell.after.slice('</div>'.length))).toBe(true);
  });

  it('moves the resource hints React writes first into the head', () => {
    const root = '<link rel="preload" as="image" href="/a.png" fetchPriority="high"/><main>Pens</main>';
    const html = pageDocument(shell, { head: null, root, pageData: '{}' });
    expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain(`${SERVER_RENDERED_ATTRIBUTE}=""><main>Pens</main>`);
  });

  it('cuts the design system’s global styles to the properties the page uses', () => {
    const globalStyles = globalStyleSheet(
      ':root{--chakra-colors-brand-700:#0f766e;--chakra-colors-purple-500:#a855f7;--chakra-colors-gray-50:#fafafa;}',
    );
    const document = {
      before: shell.before.replace('</head>', `${globalStyles.tag}</head>`),
      after: shell.after,
      globalStyles,
    };
    const html = pageDocument(document, {
      head: null,
      root: '<main class="css-1" style="border-color:var(--chakra-colors-gray-50)">Pens</main>',
      styles: '<style data-emotion="css 1">.css-1{color:var(--chakra-colors-brand-700);}</style>',
      pageData: '{}',
    });
    const shipped = html.slice(html.indexOf('<style id='), html.indexOf('</style>') + '</style>'.length);
    expect(shipped).toContain('--chakra-colors-brand-700:#0f766e;');
    expect(shipped).toContain('--chakra-colors-gray-50:#fafafa;');
    expect(shipped).not.toContain('purple');
  });
});
