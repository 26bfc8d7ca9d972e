import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';
import { onDemandRecipeAlias } from './federation.shared.ts';

const setupFile = fileURLToPath(new URL('./vitest.setup.ts', import.meta.url));

/**
 * The one test setup of the browser packages (apps and shared packages): React, happy-dom, jest-dom
 * matchers and cleanup, tests beside the code under src/.
 */
export function browserProject({ setupFiles = [] }: { setupFiles?: string[] } = {}): UserWorkspaceConfig {
  return defineProject({
    plugins: [react()],
    // As in the builds: the tests import the on-demand entries as the browser gets them.
    resolve: { alias: [onDemandRecipeAlias('build')] },
    test: {
      environment: 'happy-dom',
      setupFiles: [setupFile, ...setupFiles],
      include: ['src/**/*.test.{ts,tsx}'],
    },
  });
}

/** Code that runs in Node only (the deploy contract, build scripts). */
export function nodeProject({
  name,
  include = ['src/**/*.test.ts'],
}: { name?: string; include?: string[] } = {}) {
  return defineProject({ test: { ...(name ? { name } : {}), environment: 'node', include } });
}
