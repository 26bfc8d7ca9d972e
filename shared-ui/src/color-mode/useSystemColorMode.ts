import { useLayoutEffect } from 'react';

const query = '(prefers-color-scheme: dark)';

function apply(dark: boolean) {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

/**
 * Follows the operating system's light or dark preference (DESIGN.md: the system preference is the
 * default). Chakra's `_dark` tokens key off the `dark` class on <html>.
 */
export function useSystemColorMode(): void {
  // A layout effect: the class is set before the first paint, so dark-mode visitors see no white flash.
  useLayoutEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    apply(media.matches);
    const onChange = (event: MediaQueryListEvent) => apply(event.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
}
