import { useRef, useState } from 'react';
import { toast } from '../toast/toast.ts';

/**
 * A button's action that takes a moment (a download, an export): `busy` while it runs, a second press
 * ignored meanwhile (a double click downloads once), and a failure told in an error toast in the screen's
 * words, `describeFailure` giving the server's message or the screen's fallback text.
 */
export function useBusyAction(action: () => Promise<unknown>, describeFailure: (error: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast.error(describeFailure(error));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}
