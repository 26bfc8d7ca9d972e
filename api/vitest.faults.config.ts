import { defineConfig } from 'vitest/config';

// `pnpm test:faults`: the api killed, restarted and its database restarted under it (issue 13 §1). Real
// processes and a PostgreSQL cluster of the suite's own, so it is kept out of `pnpm test:unit`.
export default defineConfig({
  test: {
    name: 'api-faults',
    root: import.meta.dirname,
    environment: 'node',
    include: ['faults/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
