// What only a server render needs: the shell's server build imports it, the browser never does.
export { createServerQueryClient, pageDataOf } from './query/server-page-data.ts';
