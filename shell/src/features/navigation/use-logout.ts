import { currentUserStore, signOut } from '@shop/shared-auth';
import { toast } from '@shop/shared-ui';
import { useNavigate } from 'react-router-dom';

/** Logout: clears the user, toasts 'Logout Successfully' and goes home (SPEC section 2). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    if (await signOut()) {
      toast.success('Logout Successfully');
      navigate('/');
    } else {
      // SPEC section 4: a failed logout keeps the user signed in and says why.
      toast.error(currentUserStore.getState().error ?? 'Failed to logout');
    }
  };
}
