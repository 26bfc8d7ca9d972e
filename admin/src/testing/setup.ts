import { loadDataDisplay } from '@shop/shared-ui';
import { beforeAll } from 'vitest';

// The shell fetches the design system's tables and stats beside the admin remote (AdminRemote), so the
// admin's pages meet them loaded: so do its tests.
beforeAll(async () => {
  await loadDataDisplay();
});
