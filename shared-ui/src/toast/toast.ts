import { toastStore } from './toast-store.ts';

/**
 * The toast API every app calls; the shell renders them with <ShopToaster/>.
 *   toast.success('Profile Updated Successfully')
 *   toast.error(message)  // announced assertively
 */
export const toast = {
  success: (message: string) => toastStore.getState().show('success', message),
  error: (message: string) => toastStore.getState().show('error', message),
  info: (message: string) => toastStore.getState().show('info', message),
  dismiss: (id: number) => toastStore.getState().dismiss(id),
};
