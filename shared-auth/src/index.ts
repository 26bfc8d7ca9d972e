// The session of the whole shop: one provider mounted by the shell, read by every app.
export { SessionProvider, type AuthConfig } from './session/SessionProvider.tsx';
export {
  sessionStore,
  sessionSettled,
  type AuthProviderName,
  type ProviderProfile,
  type SessionAdapter,
  type SessionState,
  type SessionStatus,
} from './session/session-store.ts';
export { reloadCurrentUser } from './session/SessionSync.tsx';
export { currentUserStore, type CurrentUserState, type ProfileStatus } from './user/current-user-store.ts';
export { resolveRole, resolveShopUser, type ShopUser } from './user/resolve-user.ts';
export {
  useSession,
  useCurrentUser,
  getSessionToken,
  signOut,
  type SessionView,
  type CurrentUserView,
} from './hooks.ts';

// Guards for the shell's and the remotes' routes.
export { RequireAuth } from './guards/RequireAuth.tsx';
export { RequireAdmin } from './guards/RequireAdmin.tsx';
export { SessionUnavailable } from './guards/SessionUnavailable.tsx';
export { loginPathFor, returnAddressFrom, DEFAULT_AFTER_LOGIN } from './guards/login-path.ts';

// Sign-in screens.
export { signInLocally, registerLocally } from './local-identity.ts';
export { ProviderSignIn, ProviderSignUp } from './provider-widgets.tsx';

// A remote running on its own dev server, without the shell.
