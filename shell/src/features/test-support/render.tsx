// The shell's tests render pages as the shell does; the helpers are shared with the remotes' tests.
export { admin, Location, renderPage, resetSession, shopper } from '@shop/shared-auth/testing';
