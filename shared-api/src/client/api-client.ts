import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import { ApiError, SESSION_EXPIRED_MESSAGE } from '../errors.ts';
import { takeFirstCallAnswer } from './first-call.ts';
import { storeLogoutMessage } from './logout-message.ts';

export interface ApiClientConfig {
  /** From config.json, e.g. 'http://localhost:3000/api/v1'. */
  baseUrl: string;
  /** The session's bearer token (refreshed by the session when it is about to expire); null for guests. */
  getToken?: () => Promise<string | null>;
  /**
   * Called once when any call answers 401: clears the session. The client has already stored the logout
   * message; after this resolves the browser goes to /login.
   */
  onUnauthorized?: (message: string) => void | Promise<void>;
}

/** Per-call switches, passed as ky's `context`. */
export interface CallContext {
  /** Send no bearer token (sign-in, register, refresh, password reset). */
  anonymous?: boolean;
  /**
   * A 401 from this call is the call's own answer (wrong password, no refresh cookie), not a dead session:
   * do not log out and redirect.
   */
  expectUnauthorized?: boolean;
}

let config: ApiClientConfig = { baseUrl: '/api/v1' };
let client: KyInstance | undefined;
let leaving = false;

/** The server's message in an error answer's body, when it gave one. */
export function serverMessage(data: unknown): string | undefined {
  if (
    data &&
    typeof data === 'object' &&
    'message' in data &&
    typeof data.message === 'string' &&
    data.message
  ) {
    return data.message;
  }
  return undefined;
}

/**
 * True from a 401 until the page is replaced by /login. The login screen then leaves the logout message
 * in storage for the fresh page to show, instead of showing (and consuming) it on the page being left.
 */
export function isLeavingForLogin(): boolean {
  return leaving;
}

/** Sends the browser to /login after a 401; a page full of 401s leaves only once. */
export async function leaveForLogin(message: string): Promise<void> {
  if (leaving) return;
  leaving = true;
  storeLogoutMessage(message);
  try {
    await config.onUnauthorized?.(message);
  } finally {
    window.location.assign('/login');
  }
}

function createClient(): KyInstance {
  return ky.create({
    prefix: config.baseUrl,
    credentials: 'include',
    // docs/product.md, numbers: the HTTP client has no timeout (uploads of product images can be slow).
    timeout: false,
    retry: 0,
    hooks: {
      beforeRequest: [
        // Returning the boot script's answer skips the request (and the hooks after this one).
        ({ request }) => takeFirstCallAnswer(request),
        async ({ request, options }) => {
          const context = options.context as CallContext;
          if (context.anonymous || !config.getToken) return;
          const token = await config.getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      beforeError: [
        ({ error, options }) => {
          if (!(error instanceof HTTPError)) return error;
          const status = error.response.status;
          const message = serverMessage(error.data);
          if (status === 401 && !(options.context as CallContext).expectUnauthorized) {
            void leaveForLogin(message ?? SESSION_EXPIRED_MESSAGE);
          }
          // The endpoint functions put their spec fallback text in when the server gave none.
          return new ApiError(message ?? '', status, { cause: error });
        },
      ],
    },
  });
}

/** Called once at boot by the shell (and again if the session provider changes). */
export function configureApi(next: ApiClientConfig): void {
  config = { ...next, baseUrl: next.baseUrl.replace(/\/+$/, '') };
  client = createClient();
  leaving = false;
}

/** The address the client asks for `path` (with `searchParams`), as its `prefix` option builds it. */
export function apiUrl(path: string, searchParams?: URLSearchParams): string {
  const url = `${config.baseUrl}/${path}`;
  return searchParams ? `${url}?${searchParams.toString()}` : url;
}

/** The configuration in force: base URL and token source, for the requests not sent through ky. */
export function apiConfig(): Readonly<ApiClientConfig> {
  return config;
}

/** The configured ky instance; endpoint functions use it, features call the endpoint functions. */
export function apiClient(): KyInstance {
  client ??= createClient();
  return client;
}

/** How far an upload has gone: 0 to 1 (`null` while the total is unknown). */
export type UploadProgressHandler = (fraction: number) => void;

export function callOptions(context: CallContext, options: Options = {}): Options {
  return { ...options, context: { ...context } };
}
