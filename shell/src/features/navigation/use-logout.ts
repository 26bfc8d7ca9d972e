import { currentUserStore, signOut } from '@shop/shared-auth';
import { toast } from '@shop/shared-ui';
import { useNavigate } from 'react-router-dom';

/** Logout: clears the user, toasts 'Logout Successfully' and goes home (docs/product.md, screens). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    if (await signOut()) {
      toast.success('Logout Successfully');
      navigate('/');
    } else {
      // docs/product.md, how things change: a failed logout keeps the user signed in and says why.
      toast.error(currentUserStore.getState().error ?? 'Failed to logout');
    }
  };
}
