/**
 * The page's first api call as the shell's boot script (shell/index.html) sent it, before any module
 * loaded, to draw or preload the pictures its answer names (docs/performance.md, rounds 4 and 6).
 */
interface FirstCall {
  url: string;
  response: Promise<Response>;
  /** The answer's JSON, or null when it was not a success (as read by the boot script). */
  body?: Promise<unknown>;
}

declare global {
  interface Window {
    __shopFirstCall?: FirstCall;
  }
}

/** The first call's answer once `firstCallArrival` has seen it arrive. */
let arrived: { url: string; body: object } | undefined;

/**
 * Resolves when the boot script's answer has arrived (or failed), at once when the page made no first
 * call. From then on, the query of that same address starts with the answer (`takeArrivedFirstCall`):
 * the page's first render draws it, as a prerendered page already shows it, instead of a skeleton first.
 */
export async function firstCallArrival(): Promise<void> {
  const first = globalThis.window?.__shopFirstCall;
  const body = await first?.body?.catch(() => null);
  if (first && body && typeof body === 'object' && !Array.isArray(body)) arrived = { url: first.url, body };
}

/**
 * The arrived answer of the first call when `url` is its address (as the api client writes it, as the
 * deploy step does): taken once, so a later refetch asks the api; undefined otherwise.
 */
export function takeArrivedFirstCall(url: string): object | undefined {
  const answer = arrived;
  if (answer?.url !== url || !window.__shopFirstCall) return undefined;
  delete window.__shopFirstCall;
  arrived = undefined;
  return answer.body;
}

/**
 * The boot script's answer for `request` when it is that same first call: taken once, and only a
 * successful one (a failed answer lets the request go out again, and fail or succeed on its own).
 */
export async function takeFirstCallAnswer(request: Request): Promise<Response | undefined> {
  const first = globalThis.window?.__shopFirstCall;
  if (!first || request.method !== 'GET' || request.url !== first.url) return undefined;
  delete window.__shopFirstCall;
  arrived = undefined;
  try {
    const response = await first.response;
    return response.ok ? response : undefined;
  } catch {
    return undefined;
  }
}
