import { createStore } from 'zustand/vanilla';

export type ToastKind = 'success' | 'error' | 'info';

/** A way on from the toast (Add to Cart's 'View cart'): a button in it that also dismisses it. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ShopToast {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

export interface ToastState {
  toasts: ShopToast[];
  show: (kind: ToastKind, message: string, action?: ToastAction) => number;
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
    show: (kind, message, action) => {
      const id = nextId++;
      const shown: ShopToast = action ? { id, kind, message, action } : { id, kind, message };
      set(({ toasts }) => ({ toasts: [...toasts, shown].slice(-MAX_VISIBLE) }));
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
