import createCache from '@emotion/cache';
import { describe, expect, it, vi } from 'vitest';
import { KeptFrames, keptFrameOf, spliceFrame, startFromFrame, type KeptFrame } from './frame-parts.ts';

const slot = (name: string) => `<template data-shop-part="${name}"></template>`;
const outline = `<div class="css-frame">${slot('navbar')}${slot('main')}${slot('footer')}</div><section>toasts</section>`;
const framed = `<div class="css-frame"><header>bar</header>${slot('main')}<footer>foot</footer></div><section>toasts</section>`;
const pageOf = (main: string, top = '') =>
  `${top}<div class="css-frame">${slot('navbar')}${main}${slot('footer')}</div><section>toasts</section>`;

function frameCache() {
  const cache = createCache({ key: 'css' });
  cache.inserted.bar = '.css-bar{color:red;}';
  cache.registered['css-bar'] = 'color:red;';
  return cache;
}

describe('keptFrameOf and spliceFrame', () => {
  it('writes the kept bar and footer around the page’s main, leaving what the page hoisted on top', () => {
    const frame = keptFrameOf(framed, outline, frameCache())!;
    expect(frame).toMatchObject({ navbar: '<header>bar</header>', footer: '<footer>foot</footer>' });
    const top = '<link rel="preload" href="/a.png" as="image"/>';
    expect(spliceFrame(frame, pageOf('<main>page</main>', top))).toBe(
      `${top}<div class="css-frame"><header>bar</header><main>page</main><footer>foot</footer></div><section>toasts</section>`,
    );
  });

  it('keeps no frame whose bar puts something outside its place, or with no single slot for the page', () => {
    const hoisting = `<link rel="preload" href="/logo.png" as="image"/>${framed}`;
    expect(keptFrameOf(hoisting, outline, frameCache())).toBeNull();
    expect(keptFrameOf(framed.replace(slot('main'), ''), outline, frameCache())).toBeNull();
    expect(keptFrameOf(framed, `<div>${slot('main')}</div>`, frameCache())).toBeNull();
  });

  it('refuses a page without both slots, with one twice, or with something else around them', () => {
    const frame = keptFrameOf(framed, outline, frameCache())!;
    expect(spliceFrame(frame, '<main>a page outside the frame</main>')).toBeNull();
    expect(spliceFrame(frame, pageOf(`<main>${slot('navbar')}</main>`))).toBeNull();
    expect(spliceFrame(frame, pageOf('<main>page</main>').replace('css-frame', 'css-other'))).toBeNull();
    expect(spliceFrame(frame, `${pageOf('<main>page</main>')}<aside>more</aside>`)).toBeNull();
  });

  it('starts a page’s style cache from the frame’s compiled styles', () => {
    const frame = keptFrameOf(framed, outline, frameCache())!;
    const cache = createCache({ key: 'css' });
    startFromFrame(cache, frame);
    expect(cache.inserted.bar).toBe('.css-bar{color:red;}');
    expect(cache.registered['css-bar']).toBe('color:red;');
  });
});

describe('KeptFrames', () => {
  const frame = {} as KeptFrame;

  it('renders a frame once for concurrent and later requests of the same key', async () => {
    const frames = new KeptFrames();
    const render = vi.fn(async () => frame);
    const all = await Promise.all([
      frames.get('a', render),
      frames.get('a', render),
      frames.get('a', render),
    ]);
    expect(await frames.get('a', render)).toBe(frame);
    expect(all).toEqual([frame, frame, frame]);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed render, so the next request renders again', async () => {
    const frames = new KeptFrames();
    await expect(frames.get('a', () => Promise.reject(new Error('render failed')))).rejects.toThrow(
      'render failed',
    );
    await expect(frames.get('a', async () => frame)).resolves.toBe(frame);
  });

  it('forgets the oldest frame past its limit', async () => {
    const frames = new KeptFrames(2);
    const render = vi.fn(async () => frame);
    for (const key of ['a', 'b', 'c', 'a']) await frames.get(key, render);
    expect(render).toHaveBeenCalledTimes(4);
    await frames.get('c', render);
    expect(render).toHaveBeenCalledTimes(4);
  });
});
