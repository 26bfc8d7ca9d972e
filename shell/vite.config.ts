import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { defaultPorts, portVariables } from '@shop/shared-contract';
import { routerAlias, sharedDependencies } from '../federation.shared.ts';

// The shell compiles in no remote URL: it reads /config.json at boot and registers the remotes then.
export default defineConfig({
  plugins: [
    federation({
      name: 'shell',
      remotes: {},
      shared: sharedDependencies(),
      dts: false,
      // Publishes the runtime-core on globalThis._FEDERATION_RUNTIME_CORE for the remotes, which are built
      // with `experiments.externalRuntime` and so do not download a second copy (docs/federation.md).
      experiments: { provideExternalRuntime: true },
    }),
    react(),
  ],
  resolve: { alias: routerAlias },
  server: { port: Number(process.env[portVariables.shell] ?? defaultPorts.shell), strictPort: true },
  preview: { port: Number(process.env[portVariables.shell] ?? defaultPorts.shell), strictPort: true },
  // The design system chunk (shared-ui with the trimmed Chakra) is ~600 KB raw, ~170 KB gzip; pnpm bench
  // tracks it, so Vite's generic 500 KB warning adds nothing.
  build: { target: 'es2022', chunkSizeWarningLimit: 700 },
});
