import { createStore } from 'zustand/vanilla';

export type ToastKind = 'success' | 'error' | 'info';

export interface ShopToast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastState {
  toasts: ShopToast[];
  show: (kind: ToastKind, message: string) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

/** docs/product.md, numbers: toasts stay 5 seconds. */
export const TOAST_DURATION_MS = 5000;
/** More than this and the oldest goes: a burst of errors must not cover the page. */
const MAX_VISIBLE = 4;

function createToastStore() {
  let nextId = 1;
  return createStore<ToastState>()((set) => ({
    toasts: [],
    show: (kind, message) => {
      const id = nextId++;
      set(({ toasts }) => ({ toasts: [...toasts, { id, kind, message }].slice(-MAX_VISIBLE) }));
      return id;
    },
    dismiss: (id) => set(({ toasts }) => ({ toasts: toasts.filter((t) => t.id !== id) })),
    clear: () => set({ toasts: [] }),
  }));
}

type ToastStore = ReturnType<typeof createToastStore>;

// One toast store per page: federation shares this package as a singleton that remotes never bundle
// (federation.shared.ts); e2e/foundation.spec.ts fails if a remote ever loads its own copy.
export const toastStore: ToastStore = createToastStore();
