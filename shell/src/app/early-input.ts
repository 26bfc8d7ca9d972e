import { useEffect } from 'react';
import { nextTask } from '@shop/shared-ui';

/**
 * What a shopper does on a server-rendered page before React holds its elements: index.html's boot script
 * keeps taps and submissions on elements React has not taken over yet away from React (which would drop them
 * while hydrating) and holds back native form submissions, which would leave the page. Each is replayed
 * here, in order, once React holds its element: the phone menu opens, Add to Cart adds. Links are left to
 * navigate. Typed text stays in its field, and a field takes it when React attaches it: the form kit's
 * fields do (use-shop-form.ts), other fields on such a page are uncontrolled (the search box).
 */
interface RecordedInput {
  type: 'click' | 'submit';
  target: EventTarget | null;
}

interface EarlyInput {
  /** Hands over what was recorded so far, then each new recording as it happens. */
  take(take: (input: RecordedInput) => void): void;
  /** One recording was replayed (or dropped): taps after the last one go to React directly again. */
  settled(): void;
  /** Set while a recording is replayed, so its own event is not recorded again. */
  replaying: boolean;
}

declare global {
  interface Window {
    __shopEarlyInput?: EarlyInput;
  }
}

/** What a click on a server-rendered page does before hydration (a link simply navigates meanwhile). */
const CONTROL = 'button, [role="button"], [role="tab"], [role="radio"], summary';
/** How long a recorded input waits for its part of the page to be hydrated (a remote still downloading). */
const HYDRATION_WAIT_MS = 10_000;

/** React marks each element it takes over with its fiber (`__reactFiber$<id>`), as it renders it. */
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

let pageCommitted!: () => void;
/** Settles once React has committed the page it hydrated (`<PageCommitted />`, in the app's tree). */
const committed = new Promise<void>((resolve) => (pageCommitted = resolve));

/** Rendered in the app's tree: its effect runs once React has committed the page it hydrated. */
export function PageCommitted() {
  useEffect(() => pageCommitted(), []);
  return null;
}

/** Whether React holds `element`, once it has committed the page; false if it never does (or dropped it). */
async function hydrated(element: Element): Promise<boolean> {
  await committed;
  const held = await heldByReact(element);
  // A part hydrated after the page (its code arrived later) commits in a task of its own.
  if (held) await nextTask();
  return held && element.isConnected;
}

function heldByReact(element: Element): Promise<boolean> {
  if (isHydrated(element)) return Promise.resolve(true);
  const started = performance.now();
  return new Promise((resolve) => {
    const check = () => {
      if (!element.isConnected) resolve(false);
      else if (isHydrated(element)) resolve(true);
      else if (performance.now() - started > HYDRATION_WAIT_MS) resolve(false);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** Dispatches a recorded input again, past the boot script's recorder. */
function dispatch(early: EarlyInput, send: () => void) {
  early.replaying = true;
  try {
    send();
  } finally {
    early.replaying = false;
  }
}

async function replay(early: EarlyInput, { type, target }: RecordedInput): Promise<void> {
  if (!(target instanceof Element)) return;
  if (type === 'click') {
    const control = target.closest(CONTROL);
    if (control instanceof HTMLElement && (await hydrated(control))) dispatch(early, () => control.click());
  } else if (type === 'submit' && target instanceof HTMLFormElement && (await hydrated(target))) {
    dispatch(early, () => target.requestSubmit());
  }
}

/**
 * Takes over the boot script's recording, for the life of the page: each tap or submission is replayed once
 * its element is hydrated, in the order they happened (a tap on a hydrated element while earlier ones wait is
 * recorded too, and waits its turn). An element React did not keep (that part was
 * rendered anew) is skipped: the shopper sees the new part and taps again.
 */
export function replayEarlyInput(): void {
  const early = window.__shopEarlyInput;
  if (!early) return;
  let inOrder = Promise.resolve();
  early.take((input) => {
    inOrder = inOrder
      .then(() => replay(early, input))
      .catch(() => {})
      .finally(() => early.settled());
  });
}
