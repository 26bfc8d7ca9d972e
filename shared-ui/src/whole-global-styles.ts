// A server-rendered page's global sheet, held back until the page needs more than its head carries. The
// page server cuts the design system's global styles to the tokens and keyframes the page's markup draws
// with, and sends the whole sheet as a link that is fetched but not applied (`media="print"`,
// page-server/src/documents/shell-document.ts): applied, it declares ~640 custom properties on the root,
// which every element inherits, so every element is styled again, in a long task after the first paint.
import {
  HELD_ENTRY_TEMPLATE_ID,
  SHIPPED_GLOBAL_STYLES_ID,
  WHOLE_GLOBAL_STYLES_ATTRIBUTE,
} from '@shop/shared-contract';

const HELD_SHEET = `link[${WHOLE_GLOBAL_STYLES_ATTRIBUTE}]`;

/** The page's held link, in the head or still in the boot script's template. */
const heldSheet = () =>
  document.querySelector<HTMLLinkElement>(HELD_SHEET) ??
  document
    .querySelector<HTMLTemplateElement>(`#${HELD_ENTRY_TEMPLATE_ID}`)
    ?.content.querySelector<HTMLLinkElement>(HELD_SHEET);

/** The head's cut of the global styles while the whole sheet is held; null once it applies, or none is held. */
let headCut: string | null | undefined;

/** Applies the whole global sheet where the page holds it back; nothing on any other page. */
export function applyWholeGlobalStyles(): void {
  // Null: applied already, or the page holds none back (every later move of the shell ends here).
  if (headCut === null) return;
  headCut = null;
  const link = heldSheet();
  if (link) link.media = 'all';
}

/** A design token a style reads (`var(--chakra-…`), or the keyframes it names (`animation-name:`). */
const READS = /var\(\s*(--chakra-[\w-]+)|animation-name\s*:([^;{}]+)/g;

/**
 * Applies the whole sheet before `css` (a style about to be written) is drawn if it reads a token or names
 * keyframes the page's head lacks. A token the style declares itself (a colour palette's) counts as
 * lacking too: the sheet is then applied a little early, never late.
 */
export function applyWholeGlobalStylesFor(css: string): void {
  if (headCut === undefined)
    headCut = (heldSheet() && document.getElementById(SHIPPED_GLOBAL_STYLES_ID)?.textContent) || null;
  if (!headCut) return;
  for (const [, token, keyframes] of css.matchAll(READS)) {
    const lacking = token
      ? !headCut.includes(`${token}:`)
      : keyframes!.split(',').some((name) => !headCut!.includes(`@keyframes ${name.trim()}`));
    if (lacking) return applyWholeGlobalStyles();
  }
}
