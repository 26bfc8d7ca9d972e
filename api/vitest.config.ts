import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'bench/**/*.test.ts'],
    // One PGlite per file is heavy on a 2-core machine; files run one at a time.
    fileParallelism: false,
    // One migrated database for the run, which each file's fresh one is copied from.
    globalSetup: ['test/helpers/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
