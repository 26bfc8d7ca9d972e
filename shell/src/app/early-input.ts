/**
 * What a shopper does on a server-rendered page before React holds its elements: index.html's boot script
 * keeps taps, submissions and typing on elements React has not taken over yet away from React (which would
 * drop them while hydrating) and holds back native form submissions, which would leave the page. Each is
 * handed over here, in order, once React holds its element: the phone menu opens, Add to Cart adds, typed
 * text reaches the field's state before a submission reads it. Links are left to navigate.
 */
interface RecordedInput {
  type: 'click' | 'submit' | 'input' | 'change';
  target: EventTarget | null;
}

interface EarlyInput {
  /** Hands over what was recorded so far, then each new recording as it happens. */
  take(take: (input: RecordedInput) => void): void;
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

/** React marks each element it has taken over with its fiber (`__reactFiber$<id>`). */
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

function hydrated(element: Element): Promise<boolean> {
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

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const FIELD = 'input, textarea, select';
const isTextField = (field: Field) =>
  !(
    field instanceof HTMLInputElement &&
    ['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(field.type)
  );

/** The field's value as the server wrote it. */
function renderedValue(field: Field): string {
  if (field instanceof HTMLSelectElement)
    return (
      [...field.options].find((option) => option.defaultSelected)?.value ?? field.options[0]?.value ?? ''
    );
  return field.defaultValue;
}

/**
 * Tells React what a field it has taken over holds. React reads a change only when the value differs from
 * the one it last knew, which it takes from the field when it hydrates it (the typed text): so the field is
 * set to what was rendered through its own `value` (which React watches), then back to the typed text
 * through the element's prototype (which it does not), and an `input` event follows, exactly as if the
 * shopper had typed it now.
 */
function tellReact(field: Field): void {
  const text = field.value;
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  if (!setValue) return;
  field.value = renderedValue(field) === text ? '' : renderedValue(field);
  setValue.call(field, text);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Fields typed into before React held them, whose text React has not been told yet. */
const untold = new Set<Field>();

/**
 * Tells React the text of every such field it now holds. Also run before any click, key or submission on
 * the page reaches React: a search typed before hydration and submitted just after it searches for the
 * typed text, not for the empty one React rendered.
 */
function tellReactWhatWasTyped(): void {
  for (const field of untold) {
    if (!field.isConnected) untold.delete(field);
    else if (isHydrated(field)) {
      untold.delete(field);
      tellReact(field);
    }
  }
}

async function handOver(field: Field): Promise<void> {
  if (!isTextField(field)) return;
  untold.add(field);
  if (await hydrated(field)) tellReactWhatWasTyped();
}

async function replay({ type, target }: RecordedInput): Promise<void> {
  if (!(target instanceof Element)) return;
  if (type === 'input' || type === 'change') {
    const field = target.closest<Field>(FIELD);
    if (field) await handOver(field);
  } else if (type === 'click') {
    const control = target.closest(CONTROL);
    if (control instanceof HTMLElement && (await hydrated(control))) {
      tellReactWhatWasTyped();
      control.click();
    }
  } else if (target instanceof HTMLFormElement && (await hydrated(target))) {
    tellReactWhatWasTyped();
    target.requestSubmit();
  }
}

/**
 * Takes over the boot script's recording, for the life of the page: each input is replayed once its element
 * is hydrated, in the order they happened. Text in the page's fields that differs from what was rendered
 * (typed, or restored by the browser) is handed over first. An element React did not keep (that part was
 * rendered anew) is skipped: the shopper sees the new part and taps again.
 */
export function replayEarlyInput(): void {
  const root = document.getElementById('root');
  const changed = [...(root?.querySelectorAll<Field>(FIELD) ?? [])].filter(
    (field) => isTextField(field) && field.value !== renderedValue(field),
  );
  // Before React sees any of these, the typed text it has not been told yet (capture phase, on the document,
  // which events reach before React's listeners on the root).
  for (const type of ['click', 'keydown', 'submit'])
    document.addEventListener(type, tellReactWhatWasTyped, { capture: true });
  let inOrder = Promise.all(changed.map(handOver)).then(() => {});
  window.__shopEarlyInput?.take((input) => {
    inOrder = inOrder.then(() => replay(input)).catch(() => {});
  });
}
