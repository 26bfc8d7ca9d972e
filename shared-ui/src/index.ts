// First and last: the design system's evaluation in a task of its own (evaluation/yield-first.ts).
import './evaluation/yield-first.ts';

export { getShopSystem } from './theme.ts';
export { ShopThemeProvider } from './theme-provider.tsx';
export { createShopStyleCache } from './style-cache.ts';
export { applyWholeGlobalStyles } from './whole-global-styles.ts';

export { toast } from './toast/toast.ts';
export {
  toastStore,
  TOAST_DURATION_MS,
  type ShopToast,
  type ToastAction,
  type ToastKind,
} from './toast/toast-store.ts';
export { loadToastList, ShopToaster } from './toast/ShopToaster.tsx';

export { formatRupees } from './format/money.ts';
export { formatLongDate } from './format/date.ts';
export { warmUpFormatsOffMainThread } from './format/warm-up.ts';

export { useSystemColorMode } from './color-mode/useSystemColorMode.ts';

export { ErrorAlert } from './components/ErrorAlert.tsx';
export { SuccessAlert } from './components/SuccessAlert.tsx';
export { useShopForm, type FieldErrors, type ShopForm, type ShopFormOptions } from './forms/use-shop-form.ts';
export { FormField } from './forms/FormField.tsx';
export { useBusyAction } from './actions/use-busy-action.ts';
export { Stars } from './components/Stars.tsx';
export { Pagination } from './components/Pagination.tsx';
export { PageSpinner } from './components/PageSpinner.tsx';
export { FallbackImage, FALLBACK_IMAGE_URL } from './components/FallbackImage.tsx';
export { UserAvatar } from './components/UserAvatar.tsx';
export { ProductImage, ProductImageSkeleton } from './components/ProductImage.tsx';
export { SearchCombobox, type SearchSuggestion } from './components/SearchCombobox.tsx';
export {
  OrderStatusBadge,
  orderStatusPalette,
  PaymentStatusBadge,
  RefundBadge,
} from './components/StatusBadges.tsx';
// The PAID rule the badge shows, as the api applies it (one definition, in the shared contract).
export { isPaid } from '@shop/shared-contract';
export { shopInfo } from './shop-info.ts';

export * from './design-system.ts';
export { loadOnce } from './load-once.ts';
export { preloadableLazy } from './preloadable-lazy.tsx';
export { loadOverlays, type Overlays } from './load-overlays.ts';
export { usePageTitle } from './page-title.ts';
export { PageProgress } from './components/PageProgress.tsx';
export { UnsentSuspenseFallbacks } from './components/unsent-suspense-fallbacks.ts';
export { CheckIcon } from './components/icons.ts';

export { nextTask } from './evaluation/next-task.ts';
import './evaluation/yield-last.ts';
