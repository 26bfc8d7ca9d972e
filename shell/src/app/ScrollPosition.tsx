import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a restored position waits for its page to be tall enough (its answer still loading). */
const RESTORE_WAIT_MS = 1500;

/**
 * Where each visited page was scrolled to, by history entry: a new page starts at the top (a link followed
 * from far down a page no longer lands far down the next one), and back and forward return to where the
 * shopper left the page. The browser's own restoration is off: it would act before the page has drawn.
 */
export function ScrollPosition() {
  const { key, hash } = useLocation();
  const navigation = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef(key);

  useEffect(() => {
    history.scrollRestoration = 'manual';
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.current.set(current.current, window.scrollY));
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      window.removeEventListener('scroll', remember);
      cancelAnimationFrame(frame);
    };
  }, []);

  useLayoutEffect(() => {
    if (current.current === key) return;
    current.current = key;
    if (navigation !== 'POP') {
      // A link to a place on the page (the skip link, an anchor) is the browser's to follow.
      if (!hash) window.scrollTo(0, 0);
      return;
    }
    const target = positions.current.get(key) ?? 0;
    const started = performance.now();
    let frame = 0;
    const restore = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
      window.scrollTo(0, target);
      if (!reachable && performance.now() - started < RESTORE_WAIT_MS) frame = requestAnimationFrame(restore);
    };
    restore();
    // The shopper scrolls meanwhile: theirs wins.
    const stop = () => cancelAnimationFrame(frame);
    window.addEventListener('wheel', stop, { once: true, passive: true });
    window.addEventListener('touchmove', stop, { once: true, passive: true });
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchmove', stop);
    };
  }, [key, hash, navigation]);

  return null;
}
