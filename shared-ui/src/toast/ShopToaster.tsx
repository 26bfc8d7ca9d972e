import { Box } from '@chakra-ui/react';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { toastStore, type ShopToast } from './toast-store.ts';

// The toasts' animations (framer-motion, ~40 KB gzip) are fetched with the first toast, not with every
// page: most page views show none. The live region below is in the page from the start, so the first
// toast is still announced.
type RenderToasts = (toasts: ShopToast[]) => ReactNode;
let renderToasts: RenderToasts | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Fetches the animated toast list once; resolves when it can render (tests await it). */
export function loadToastList(): Promise<void> {
  loading ??= import('./ToastList.tsx').then(
    (module) => {
      renderToasts = module.renderToasts;
      listeners.forEach((listener) => listener());
    },
    (error: unknown) => {
      loading = null; // a later toast tries again (a flaky network, a new deploy)
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useRenderToasts(wanted: boolean): RenderToasts | null {
  const loaded = useSyncExternalStore(
    subscribe,
    () => renderToasts,
    () => null,
  );
  useEffect(() => {
    if (wanted && !loaded) loadToastList().catch((error: unknown) => console.error(error));
  }, [wanted, loaded]);
  return loaded;
}

/** Renders the page's toasts (bottom right; full width on phones). The shell mounts it once. */
export function ShopToaster() {
  const toasts = useStore(toastStore, (state) => state.toasts);
  const render = useRenderToasts(toasts.length > 0);
  return (
    <Box
      as="section"
      aria-label="Notifications"
      position="fixed"
      zIndex="toast"
      bottom="4"
      right="4"
      left={{ base: '4', sm: 'auto' }}
      w={{ sm: '360px' }}
      pointerEvents="none"
    >
      <Box aria-live="polite" display="flex" flexDirection="column" gap="2" m="0" p="0" pointerEvents="auto">
        {render ? render(toasts) : null}
      </Box>
    </Box>
  );
}
