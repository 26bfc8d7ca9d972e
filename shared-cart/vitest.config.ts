import { defineProject } from 'vitest/config';

export default defineProject({
  test: { environment: 'happy-dom', setupFiles: ['../vitest.setup.ts'], include: ['src/**/*.test.{ts,tsx}'] },
});
