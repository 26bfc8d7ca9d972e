/**
 * The page's first api call as the shell's boot script (shell/index.html) sent it, before any module
 * loaded, to preload the picture its answer names (docs/performance.md, round 4).
 */
interface FirstCall {
  url: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __shopFirstCall?: FirstCall;
  }
}

/**
 * The boot script's answer for `request` when it is that same first call: taken once, and only a
 * successful one (a failed answer lets the request go out again, and fail or succeed on its own).
 */
export async function takeFirstCallAnswer(request: Request): Promise<Response | undefined> {
  const first = globalThis.window?.__shopFirstCall;
  if (!first || request.method !== 'GET' || request.url !== first.url) return undefined;
  delete window.__shopFirstCall;
  try {
    const response = await first.response;
    return response.ok ? response : undefined;
  } catch {
    return undefined;
  }
}
