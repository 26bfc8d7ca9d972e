import { loginPathFor, sessionSettled, sessionStore } from '@shop/shared-auth';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loadOverlayEntry } from './overlays.ts';

// The question is a dialog from the design system's overlays entry, fetched when a guest is first asked:
// imported here, it would load with every page that offers a signed-in action.
const ConfirmDialog = lazy(async () => ({ default: (await loadOverlayEntry()).ConfirmDialog }));

/** Product rule (docs/product.md): a guest who tries a signed-in action is asked, and OK goes to /login. */
export const SIGN_IN_PROMPT = 'Please login to access this resource';

/**
 * Runs an action that needs a signed-in shopper. A guest gets the confirm instead; OK takes them to
 * /login, which brings them back to this page afterwards. While the session is still being restored (a
 * tap right after the page appeared, or replayed after it was hydrated), the action waits for it: a
 * signed-in shopper is never asked to log in. The session is read when the shopper acts, not subscribed
 * to: its resolving right after React takes a server-rendered page over then re-renders nothing here
 * (docs/performance.md, "The session's arrival after hydration").
 */
export function useSignInPrompt(): { whenSignedIn: (action: () => void) => void; prompt: ReactNode } {
  const [asking, setAsking] = useState(false);
  // Mounted from the first question on, so closing still animates and returns focus.
  const [asked, setAsked] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const ask = () => {
    setAsked(true);
    setAsking(true);
  };
  return {
    whenSignedIn: (action) => {
      const { status } = sessionStore.getState();
      if (status !== 'loading') return status === 'signedIn' ? action() : ask();
      void sessionSettled().then((settled) => (settled === 'signedIn' ? action() : ask()));
    },
    prompt: asked ? (
      <Suspense fallback={null}>
        <ConfirmDialog
          open={asking}
          title="Login required"
          message={SIGN_IN_PROMPT}
          confirmLabel="OK"
          onCancel={() => setAsking(false)}
          onConfirm={() => navigate(loginPathFor(location.pathname + location.search))}
        />
      </Suspense>
    ) : null,
  };
}
