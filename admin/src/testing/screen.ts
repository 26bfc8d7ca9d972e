import { afterEach, beforeEach } from 'vitest';

const { happyDOM } = window as unknown as {
  happyDOM: { setViewport(size: { width: number; height?: number }): void };
};

/** happy-dom's screen (what matchMedia answers from) is 1024 px wide unless a test says otherwise. */
export const DESKTOP_WIDTH = 1024;
export const PHONE_WIDTH = 390;

/** Draws the page on a screen this wide; a live media query hears the change. */
export function setScreenWidth(width: number) {
  happyDOM.setViewport({ width });
}

/** Inside a describe: each test on a phone, and the desktop back after it. */
export function onAPhone() {
  beforeEach(() => setScreenWidth(PHONE_WIDTH));
  afterEach(() => setScreenWidth(DESKTOP_WIDTH));
}
