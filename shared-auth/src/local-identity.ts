// The local provider's own sign-in calls, for the shell's LOGIN and REGISTER tabs.
export { signInLocally, registerLocally } from './session/local/local-session.ts';
