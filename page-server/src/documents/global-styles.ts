import { createHash } from 'node:crypto';
import { SHIPPED_GLOBAL_STYLES_ID } from '@shop/shared-contract';

/** A `@keyframes` block: its name, then its steps (one level of braces inside). */
const KEYFRAMES = /@keyframes\s+([\w-]+)\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g;
/**
 * A custom property's declaration: `--name:value`, through its `;`. A value's strings and parentheses are
 * read whole, so a `;` inside them (a data url) does not end it.
 */
const DECLARATION = /(--[\w-]+)\s*:((?:[^;{}"'(]|"[^"]*"|'[^']*'|\([^)]*\))*);?/g;
/** Where a rule names keyframes: `animation` and `animation-name`, and a token's value (`spin 1s linear`). */
const ANIMATION = /animation(?:-name)?\s*:([^;{}]*)/g;

/**
 * How many cuts a sheet keeps, by what the page refers to. The design's pages make a few dozen between
 * them; past this a page is referring to something new on every render, and the kept cuts start over.
 */
const MAX_KEPT_CUTS = 256;

/** How many shared parts' names a sheet keeps (a few kinds of page, their styles and documents). */
const MAX_KEPT_SCANS = 64;

/** What a part of a page refers to and animates with, and the two as one key. */
interface PartNames {
  referenced: string[];
  animated: string[];
  key: string;
}

function namesOf(text: string): PartNames {
  const referenced = [...referencedNamesIn([text])];
  const animated = [...animatedNamesIn([text])];
  return { referenced, animated, key: `${referenced.join(',')}|${animated.join(',')}` };
}

/** A property's name right after `var(` (sticky: tried at one place only). */
const REFERENCED_NAME = /\s*(--[\w-]+)/y;

/**
 * The properties `texts` refer to, each once, in the order first met. Found by `var(` and then the name
 * there, in the parts as they come: with one regular expression over their concatenation (~50 KB of
 * styles and markup) the cut of a product page took 251 µs a render, now 146.
 */
function referencedNamesIn(texts: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const text of texts) {
    for (let at = text.indexOf('var('); at >= 0; at = text.indexOf('var(', at + 4)) {
      REFERENCED_NAME.lastIndex = at + 4;
      const name = REFERENCED_NAME.exec(text)?.[1];
      if (name) names.add(name);
    }
  }
  return names;
}

/** The words of each `animation` value in `texts`, each once. */
function animatedNamesIn(texts: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const text of texts)
    for (const [, value] of text.matchAll(ANIMATION))
      for (const word of value!.match(/[\w-]+/g) ?? []) names.add(word);
  return names;
}

export interface GlobalStyleSheet {
  /** The whole sheet as the page's `<style>`, as the deploy step ships it in every page. */
  tag: string;
  css: string;
  /** Where the whole sheet is served: named by its content's hash, so it can be cached for good. */
  path: string;
  /**
   * The `<style>` for one rendered page: the sheet with only the custom properties and keyframes that
   * `page` (its markup) and `shared` (parts pages of a kind have alike: its styles, the document's end)
   * use, directly or through others. The rest are the design system's tokens and animations for what the
   * page does not draw; the whole sheet (`path`) is fetched after the first paint and applied when the page
   * needs more (shared-ui/src/whole-global-styles.ts).
   */
  tagFor(page: string, shared?: readonly string[]): string;
}

type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'property'; name: string; text: string }
  | { kind: 'keyframes'; name: string; text: string };

/** The sheet in order: its custom properties' declarations, its keyframes, and the text between them. */
function piecesOf(css: string): Piece[] {
  const pieces: Piece[] = [];
  const declarations = (text: string) => {
    let at = 0;
    for (const match of text.matchAll(DECLARATION)) {
      pieces.push({ kind: 'text', text: text.slice(at, match.index) });
      pieces.push({ kind: 'property', name: match[1]!, text: match[0] });
      at = match.index + match[0].length;
    }
    pieces.push({ kind: 'text', text: text.slice(at) });
  };
  let at = 0;
  for (const match of css.matchAll(KEYFRAMES)) {
    declarations(css.slice(at, match.index));
    pieces.push({ kind: 'keyframes', name: match[1]!, text: match[0] });
    at = match.index + match[0].length;
  }
  declarations(css.slice(at));
  return pieces.filter((piece) => piece.text);
}

/**
 * The design system's global styles (reset, tokens as custom properties, keyframes, global CSS), made ready
 * to be cut to a page: of 641 custom properties a product page uses ~160, and with the 33 keyframes they
 * are ~25 of the sheet's 37 KB. A page whose document fits TCP's first flight (~14.6 KB with its headers)
 * arrives a round trip sooner (docs/performance.md, "A page in the first flight").
 */
export function globalStyleSheet(css: string): GlobalStyleSheet {
  const pieces = piecesOf(css);
  /** What each property's values refer to, whichever rule (light, dark) declares it. */
  const uses = new Map<string, string[]>();
  for (const piece of pieces)
    if (piece.kind === 'property')
      uses.set(piece.name, [...(uses.get(piece.name) ?? []), ...referencedNamesIn([piece.text])]);
  const withUses = (names: Iterable<string>, kept: Set<string>) => {
    const next = [...names];
    while (next.length) {
      const name = next.pop()!;
      if (kept.has(name)) continue;
      kept.add(name);
      next.push(...(uses.get(name) ?? []));
    }
    return kept;
  };
  // What the sheet's own rules use (the reset's font and border colour) is kept on every page.
  const rules = pieces.filter((piece) => piece.kind === 'text').map((piece) => piece.text);
  const always = withUses(referencedNamesIn(rules), new Set());
  const alwaysAnimated = animatedNamesIn(rules);
  const styleTag = (content: string) => `<style id="${SHIPPED_GLOBAL_STYLES_ID}">${content}</style>`;
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 12);
  const cutTo = (referenced: string[], animated: string[]) => {
    const kept = withUses(referenced, new Set(always));
    const properties = pieces.filter((piece) => piece.kind === 'property' && kept.has(piece.name));
    const animations = new Set([
      ...animated,
      ...alwaysAnimated,
      // A token's value is a whole animation (`--chakra-animations-spin: spin 1s linear infinite`).
      ...properties.flatMap((piece) => piece.text.match(/[\w-]+/g) ?? []),
    ]);
    const keep = (piece: Piece) =>
      piece.kind === 'text' ||
      (piece.kind === 'property' ? kept.has(piece.name) : animations.has(piece.name));
    return pieces
      .filter(keep)
      .map((piece) => piece.text)
      .join('');
  };
  const cuts = new Map<string, string>();
  // A page's styles are the same text on every page of its kind (~30 KB and ~400 references on a product
  // page): scanned once, where each render scanned them again (3% of an uncached render's CPU).
  const sharedScans = new Map<string, PartNames>();
  const sharedNamesOf = (text: string) => {
    let names = sharedScans.get(text);
    if (!names) {
      names = namesOf(text);
      if (sharedScans.size >= MAX_KEPT_SCANS) sharedScans.clear();
      sharedScans.set(text, names);
    }
    return names;
  };
  return {
    tag: styleTag(css),
    css,
    path: `/global-styles-${hash}.css`,
    tagFor(page, shared = []) {
      // Pages of one kind use the same few tokens: the cut is kept by what the parts refer to (in the
      // order met: a page of the same kind meets them in the same order), and a render pays for the scan
      // of its markup alone (a product page's cut was 5% of its render's CPU).
      const parts = [namesOf(page), ...shared.map(sharedNamesOf)];
      const key = parts.map((part) => part.key).join('#');
      let tag = cuts.get(key);
      if (tag === undefined) {
        const referenced = new Set(parts.flatMap((part) => part.referenced));
        const animated = new Set(parts.flatMap((part) => part.animated));
        tag = styleTag(cutTo([...referenced], [...animated]));
        if (cuts.size >= MAX_KEPT_CUTS) cuts.clear();
        cuts.set(key, tag);
      }
      return tag;
    },
  };
}
