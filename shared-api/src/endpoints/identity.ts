import type {
  authSessionResponseSchema,
  successMessageSchema,
  successSchema,
  AuthSessionResponse,
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  UpdatePasswordRequest,
} from '../schemas/index.ts';
import { callOptions } from '../client/api-client.ts';
import { call, type Answer } from '../client/call.ts';
import { FALLBACK_MESSAGES } from '../errors.ts';

// The local identity provider (ARCHITECTURE.md). A 401 from sign-in or refresh is that call's own
// answer (wrong password, no session cookie), so these calls never trigger the global logout redirect.
const ownAnswer = { anonymous: true, expectUnauthorized: true } as const;

/** POST /auth/register: creates the account and signs in (sets the refresh cookie). */
export function register(body: RegisterRequest): Promise<AuthSessionResponse> {
  return call<Answer<typeof authSessionResponseSchema>>(FALLBACK_MESSAGES.register, (api) =>
    api.post('auth/register', callOptions(ownAnswer, { json: body })).json(),
  );
}

/** POST /auth/login */
export function login(body: LoginRequest): Promise<AuthSessionResponse> {
  return call<Answer<typeof authSessionResponseSchema>>(FALLBACK_MESSAGES.login, (api) =>
    api.post('auth/login', callOptions(ownAnswer, { json: body })).json(),
  );
}

/** POST /auth/refresh: a new access token from the httpOnly refresh cookie; 401 when there is no session. */
export function refreshSession(): Promise<AuthSessionResponse> {
  return call<Answer<typeof authSessionResponseSchema>>(FALLBACK_MESSAGES.loadUser, (api) =>
    api.post('auth/refresh', callOptions(ownAnswer)).json(),
  );
}

/** POST /auth/logout: forgets the refresh cookie. */
export async function logout(): Promise<void> {
  await call<Answer<typeof successSchema>>(FALLBACK_MESSAGES.logout, (api) =>
    api.post('auth/logout', callOptions(ownAnswer)).json(),
  );
}

/** PUT /password/update (signed in). */
export function updatePassword(body: UpdatePasswordRequest) {
  return call<Answer<typeof successSchema> & Record<string, unknown>>(
    FALLBACK_MESSAGES.updatePassword,
    (api) => api.put('password/update', { json: body }).json(),
  );
}

/** POST /password/forgot: the api writes the reset link to its log. */
export function forgotPassword(body: ForgotPasswordRequest) {
  return call<Answer<typeof successMessageSchema>>(FALLBACK_MESSAGES.forgotPassword, (api) =>
    api.post('password/forgot', callOptions({ anonymous: true }, { json: body })).json(),
  );
}

/** PUT /password/reset/:token */
export function resetPassword(token: string, body: ResetPasswordRequest) {
  return call<Answer<typeof successMessageSchema>>(FALLBACK_MESSAGES.resetPassword, (api) =>
    api
      .put(
        `password/reset/${encodeURIComponent(token)}`,
        callOptions({ anonymous: true, expectUnauthorized: true }, { json: body }),
      )
      .json(),
  );
}
