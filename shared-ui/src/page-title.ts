import { useEffect } from 'react';

/** Sets the tab's title ('My Account | Shop'): screen readers announce it and tabs stay tellable apart. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Shop` : 'Shop';
  }, [title]);
}
