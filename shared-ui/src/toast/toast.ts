import { toastStore, type ToastAction } from './toast-store.ts';

/**
 * The toast API every app calls; the shell renders them with <ShopToaster/>.
 *   toast.success('Profile Updated Successfully')
 *   toast.error(message)  // announced assertively
 *   toast.success('Item Added To Cart', { action: { label: 'View cart', onClick } })
 */
export const toast = {
  success: (message: string, options?: { action?: ToastAction }) =>
    toastStore.getState().show('success', message, options?.action),
  error: (message: string) => toastStore.getState().show('error', message),
  info: (message: string) => toastStore.getState().show('info', message),
  dismiss: (id: number) => toastStore.getState().dismiss(id),
};
