import { defineProject } from 'vitest/config';

export default defineProject({
  test: { environment: 'happy-dom', include: ['src/**/*.test.ts'] },
});
