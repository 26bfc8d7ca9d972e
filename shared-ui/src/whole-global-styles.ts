// A server-rendered page's global sheet, held back until the page needs more than its head carries. The
// page server cuts the design system's global styles to the tokens and keyframes the page's markup draws
// with, and sends the whole sheet as a link that is fetched but not applied (`media="print"`,
// page-server/src/documents/shell-document.ts): applied, it declares ~640 custom properties on the root,
// which every element inherits, so every element is styled again, in a long task after the first paint.
import { SHIPPED_GLOBAL_STYLES_ID, WHOLE_GLOBAL_STYLES_ATTRIBUTE } from '@shop/shared-contract';

const HELD_SHEET = `link[${WHOLE_GLOBAL_STYLES_ATTRIBUTE}]`;

/** The page's held link, in the head or still in the boot script's template; null on any other page. */
function heldSheet(): HTMLLinkElement | null {
  return (
    document.querySelector<HTMLLinkElement>(HELD_SHEET) ??
    document.querySelector<HTMLTemplateElement>('template#shop-entry')?.content.querySelector(HELD_SHEET) ??
    null
  );
}

/** What the page's head declares, and the keyframes the held sheet adds to it. */
interface HeadCut {
  properties: Set<string>;
  missingKeyframes: Set<string>;
}

/** The cut, once read; null once the whole sheet applies or the page holds none back. */
let headCut: HeadCut | null | undefined;

function readHeadCut(): HeadCut | null {
  const link = typeof document === 'undefined' ? null : heldSheet();
  const head = link && document.getElementById(SHIPPED_GLOBAL_STYLES_ID)?.textContent;
  if (!link || !head) return null;
  const headKeyframes = new Set([...head.matchAll(/@keyframes\s+([\w-]+)/g)].map(([, name]) => name!));
  const sheetKeyframes = (link.getAttribute(WHOLE_GLOBAL_STYLES_ATTRIBUTE) ?? '').split(' ');
  return {
    properties: new Set([...head.matchAll(/(--[\w-]+)\s*:/g)].map(([, name]) => name!)),
    missingKeyframes: new Set(sheetKeyframes.filter((name) => name && !headKeyframes.has(name))),
  };
}

/** Applies the whole global sheet where the page holds it back; once, and nothing on any other page. */
export function applyWholeGlobalStyles(): void {
  if (headCut === null || typeof document === 'undefined') return;
  headCut = null;
  const link = heldSheet();
  if (link) link.media = 'all';
}

/** A design token's property (`var(--chakra-…`) that `css` reads. */
const TOKEN_READ = /var\(\s*(--chakra-[\w-]+)/g;
/** The names after `animation:` or `animation-name:` (keyframes, and the shorthand's other words). */
const ANIMATION_WORDS = /animation(?:-name)?\s*:([^;{}]*)/g;

/**
 * Applies the whole sheet before `css` (a style about to be written) is drawn if it reads a token or
 * keyframes the page's head lacks. A token declared by the style itself (a colour palette's) counts as
 * lacking too: the sheet is then applied a little early, never late.
 */
export function applyWholeGlobalStylesFor(css: string): void {
  if (headCut === undefined) headCut = readHeadCut();
  if (headCut === null) return;
  const { properties, missingKeyframes } = headCut;
  const lacking =
    [...css.matchAll(TOKEN_READ)].some(([, name]) => !properties.has(name!)) ||
    [...css.matchAll(ANIMATION_WORDS)].some(([, value]) =>
      (value!.match(/[\w-]+/g) ?? []).some((word) => missingKeyframes.has(word)),
    );
  if (lacking) applyWholeGlobalStyles();
}
