import { createContext } from 'react';

// A server render of a page is renders of the one tree spliced together (src/server/frame-parts.ts): the
// frame (the navigation bar and footer, the same for every guest on every page of a section) is rendered
// once and kept, and each request renders its page with slots where the bar and the footer go. Each is the
// whole tree with parts left out, never a part rendered alone, so every element keeps its place and
// React's generated ids (useId) are the ones the browser works out when it hydrates the one tree.

export type FramePart = 'navbar' | 'main' | 'footer';

/** Which parts of the page frame a render writes: all of them in the browser, always. */
export type WrittenParts = Readonly<Record<FramePart, boolean>>;

export const RenderedPartsContext = createContext<WrittenParts>({ navbar: true, main: true, footer: true });

/** Where a part another render writes goes: an element no page renders, found and replaced as text. */
export function PartSlot({ name }: { name: FramePart }) {
  return <template data-shop-part={name} />;
}
