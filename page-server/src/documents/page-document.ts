import { SERVER_PAGE_DATA_ID, SERVER_RENDERED_ATTRIBUTE, type PageHead } from '@shop/shared-contract';
import type { RenderedDocument } from './shell-document.ts';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// JSON inside <script>: '<' escaped so no value can close the element.
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The head tags of a rendered page: title, description, canonical address, robots, Open Graph and Twitter
 * card tags (absolute urls, as link previews need) and the JSON-LD documents.
 */
export function headTags(head: PageHead): string[] {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', 'Shop'),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('name', 'twitter:card', head.picture ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.picture) {
    tags.push(
      meta('property', 'og:image', head.picture.url),
      meta('property', 'og:image:alt', head.picture.alt),
      meta('name', 'twitter:image', head.picture.url),
      meta('name', 'twitter:image:alt', head.picture.alt),
    );
    if (head.picture.width && head.picture.height)
      tags.push(
        meta('property', 'og:image:width', String(head.picture.width)),
        meta('property', 'og:image:height', String(head.picture.height)),
      );
  }
  for (const document of head.structuredData)
    tags.push(`<script type="application/ld+json">${jsonForScript(document)}</script>`);
  return tags;
}

/**
 * React writes resource hints (a picture to preload with high priority) at the start of a partial render;
 * they belong in the head, where the browser reads them first and hydration does not meet them.
 */
function hoistedHints(root: string): { hints: string; markup: string } {
  const match = /^(?:<link\b[^>]*\/?>)+/.exec(root);
  return match ? { hints: match[0], markup: root.slice(match[0].length) } : { hints: '', markup: root };
}

export interface RenderedPageParts {
  /** Null: the shell's own title and description stay (a page that sets them in the browser). */
  head: PageHead | null;
  /** `#root`'s markup from the server render. */
  root: string;
  /** The `<style>` elements of the classes the markup uses, for the head. */
  styles?: string;
  /** The render's query cache (`pageDataOf`), for the browser's first render. */
  pageData: string;
}

/**
 * The shell's document around a page's parts, split once: up to its global styles, from them to the end
 * of the head, and from there to `#root` (marked rendered: the boot script records taps there until React
 * has taken the markup over). Worked out per document and per kind of head, not per render: copying the
 * ~50 KB head five times over was a tenth of a render's CPU.
 */
interface DocumentPieces {
  beforeStyles: string;
  /** Null when the head carries no global styles to cut. */
  afterStyles: string | null;
  /** Null when the document has no head to add to. */
  fromHeadEnd: string | null;
  /** The document's end, after `#root`'s `</div>` and the page's data. */
  afterRoot: string;
}

function piecesOf(document: RenderedDocument, ownHead: boolean): DocumentPieces {
  let before = document.before;
  if (ownHead) {
    before = before
      .replace(/\s*<title>[\s\S]*?<\/title>/, '')
      .replace(/\s*<meta\s+name="description"[^>]*>/, '');
  }
  before = before.replace(/<div id="root">$/, `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="">`);
  const headEnd = before.indexOf('</head>');
  // The newline and indent the page's own head tags end with, kept with the piece after them.
  const fromHeadEnd = headEnd < 0 ? null : `\n  ${before.slice(headEnd)}`;
  const afterRoot = document.after.slice('</div>'.length);
  const head = headEnd < 0 ? before : before.slice(0, headEnd);
  const styles = document.globalStyles ? head.indexOf(document.globalStyles.tag) : -1;
  return styles < 0
    ? { beforeStyles: head, afterStyles: null, fromHeadEnd, afterRoot }
    : {
        beforeStyles: head.slice(0, styles),
        afterStyles: head.slice(styles + document.globalStyles!.tag.length),
        fromHeadEnd,
        afterRoot,
      };
}

const documentPieces = new WeakMap<
  RenderedDocument,
  { ownHead?: DocumentPieces; shellHead?: DocumentPieces }
>();

function piecesFor(document: RenderedDocument, ownHead: boolean): DocumentPieces {
  let kept = documentPieces.get(document);
  if (!kept) documentPieces.set(document, (kept = {}));
  return ownHead
    ? (kept.ownHead ??= piecesOf(document, true))
    : (kept.shellHead ??= piecesOf(document, false));
}

/**
 * A piece of a page's text. One that `recurs` is the very same string from page to page (the document's
 * pieces, the cut of the global styles, the styles of a kind of page), whose bytes are made once
 * (../http/page-bytes.ts); the others are the render's own.
 */
export interface PagePart {
  text: string;
  recurs: boolean;
}

/** A page's text whole, as its parts are sent. */
export const pageText = (parts: readonly PagePart[]) => parts.map((part) => part.text).join('');

const own = (text: string): PagePart => ({ text, recurs: false });
const recurring = (text: string): PagePart => ({ text, recurs: true });

/**
 * A server-rendered page, in parts: the shell's document with the page's head, its markup and its data.
 * The page's styles are the last of its head tags.
 */
export function pageDocument(document: RenderedDocument, page: RenderedPageParts): PagePart[] {
  const { hints, markup } = hoistedHints(page.root);
  const pieces = piecesFor(document, page.head !== null);
  const parts = [recurring(pieces.beforeStyles)];
  const { globalStyles } = document;
  if (globalStyles && pieces.afterStyles !== null)
    parts.push(
      recurring(globalStyles.tagFor(markup, [page.styles ?? '', document.after])),
      recurring(pieces.afterStyles),
    );
  if (pieces.fromHeadEnd !== null) {
    const tags = [...(page.head ? headTags(page.head) : []), ...(hints ? [hints] : [])];
    const styles = page.styles ? [page.styles] : [];
    const between = tags.length && styles.length ? '\n    ' : '';
    parts.push(
      own(`  ${tags.join('\n    ')}${between}`),
      ...styles.map(recurring),
      recurring(pieces.fromHeadEnd),
    );
  }
  const data = `<script type="application/json" id="${SERVER_PAGE_DATA_ID}">${page.pageData}</script>`;
  parts.push(own(`${markup}</div>${data}`), recurring(pieces.afterRoot));
  return parts;
}
