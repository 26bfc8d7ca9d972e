import { loginPathFor, useSession } from '@shop/shared-auth';
import { ConfirmDialog } from '@shop/shared-ui/overlays';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Product rule (docs/product.md): a guest who tries a signed-in action is asked, and OK goes to /login. */
export const SIGN_IN_PROMPT = 'Please login to access this resource';

/**
 * Runs an action that needs a signed-in shopper. A guest gets the confirm instead; OK takes them to
 * /login, which brings them back to this page afterwards.
 */
export function useSignInPrompt(): { whenSignedIn: (action: () => void) => void; prompt: ReactNode } {
  const { isSignedIn } = useSession();
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  return {
    whenSignedIn: (action) => (isSignedIn ? action() : setAsking(true)),
    prompt: (
      <ConfirmDialog
        open={asking}
        title="Login required"
        message={SIGN_IN_PROMPT}
        confirmLabel="OK"
        onCancel={() => setAsking(false)}
        onConfirm={() => navigate(loginPathFor(location.pathname + location.search))}
      />
    ),
  };
}
