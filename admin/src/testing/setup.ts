import { loadDataDisplay } from '@shop/shared-ui';
import { beforeAll } from 'vitest';

// The shell fetches the design system's tables and stats, and the api client's admin calls, beside the
// admin remote (AdminRemote), so the admin's pages meet them loaded: so do its tests. The api client is
// imported here only once the test file's own module mocks are in place.
beforeAll(async () => {
  const { loadAdminCalls } = await import('@shop/shared-api');
  await Promise.all([loadDataDisplay(), loadAdminCalls()]);
});
