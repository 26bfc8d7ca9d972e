import type { EmotionCache } from '@emotion/cache';
import type { FramePart } from '../app/rendered-part.tsx';

// The frame (navigation bar, footer) is about half of an uncached page's render and the same for every
// guest on every page of a section (docs/performance.md). So the server renders the one tree with parts
// left out (app/rendered-part.tsx) and splices: once per frame, the tree with its bar and footer and a
// slot for the page's <main>, and the tree with slots for all three (its outline, to tell the bar and the
// footer from what surrounds them); on each request, the tree with the page and slots for the bar and the
// footer, which are then written in from the kept frame. Every element keeps its place in each render, so
// React's ids are the browser's, and the spliced markup is the markup of one whole render.

const slot = (name: FramePart) => `<template data-shop-part="${name}"></template>`;

/** A frame rendered once: its bar's and footer's markup, what surrounds them, and the styles they use. */
export interface KeptFrame {
  navbar: string;
  footer: string;
  /** The markup before the bar and after the footer, which a page's render must have around its slots. */
  outside: { before: string; after: string };
  /** Emotion's compiled rules and registered classes, for a page's render to start from. */
  inserted: EmotionCache['inserted'];
  registered: EmotionCache['registered'];
}

/** `markup` as the text before `separator`, and after it; null unless it is there exactly once. */
function splitOnce(markup: string, separator: string): [string, string] | null {
  const at = markup.indexOf(separator);
  if (at < 0 || markup.includes(separator, at + 1)) return null;
  return [markup.slice(0, at), markup.slice(at + separator.length)];
}

/**
 * The frame from its two renders: `framed` (bar and footer written, the page's slot between) and `outline`
 * (all three slots). Null when they do not fit: a route outside the frame, or a bar or footer that puts
 * something outside its place (a resource React hoists to the top of the markup), which a splice would lose.
 */
export function keptFrameOf(framed: string, outline: string, cache: EmotionCache): KeptFrame | null {
  const slots = slot('navbar') + slot('main') + slot('footer');
  const around = splitOnce(outline, slots);
  const page = splitOnce(framed, slot('main'));
  if (!around || !page) return null;
  const [before, after] = around;
  const [head, tail] = page;
  if (!head.startsWith(before) || !tail.endsWith(after)) return null;
  const navbar = head.slice(before.length);
  const footer = tail.slice(0, tail.length - after.length);
  if (navbar.includes('data-shop-part') || footer.includes('data-shop-part')) return null;
  return {
    navbar,
    footer,
    outside: { before, after },
    inserted: { ...cache.inserted },
    registered: { ...cache.registered },
  };
}

/**
 * The page's render with the kept bar and footer written into their slots. Null when the two do not fit
 * (no slots, as a route outside the frame renders, or another outline around them) and the whole tree
 * must be rendered instead. What the page puts at the top of the markup (React hoists a preloaded
 * picture's `<link>` there) stays where it is.
 */
export function spliceFrame(frame: KeptFrame, pageMarkup: string): string | null {
  const upToBar = splitOnce(pageMarkup, slot('navbar'));
  if (!upToBar) return null;
  const [beforeBar, fromBar] = upToBar;
  const pastFooter = splitOnce(fromBar, slot('footer'));
  if (!pastFooter) return null;
  const [main, afterFooter] = pastFooter;
  if (!beforeBar.endsWith(frame.outside.before) || afterFooter !== frame.outside.after) return null;
  return beforeBar + frame.navbar + main + frame.footer + afterFooter;
}

/** Gives a page's style cache the frame's compiled styles, so the page's render compiles only its own. */
export function startFromFrame(cache: EmotionCache, frame: KeptFrame) {
  Object.assign(cache.inserted, frame.inserted);
  Object.assign(cache.registered, frame.registered);
}

/**
 * Kept frames by what they depend on, at most `limit` (a few sections, a config or two per release): a
 * frame is rendered once per key, concurrent requests waiting for the same render. A failed render is not
 * kept, so the next request tries again.
 */
export class KeptFrames {
  readonly #frames = new Map<string, Promise<KeptFrame | null>>();
  readonly #limit: number;

  constructor(limit = 32) {
    this.#limit = limit;
  }

  get(key: string, render: () => Promise<KeptFrame | null>): Promise<KeptFrame | null> {
    const kept = this.#frames.get(key);
    if (kept) return kept;
    const rendered = render();
    this.#frames.set(key, rendered);
    rendered.catch(() => {
      if (this.#frames.get(key) === rendered) this.#frames.delete(key);
    });
    if (this.#frames.size > this.#limit) {
      const oldest = this.#frames.keys().next();
      if (!oldest.done) this.#frames.delete(oldest.value);
    }
    return rendered;
  }
}
