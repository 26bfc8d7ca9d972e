import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { defaultPorts, portVariables } from '@shop/shared-contract';
import { federationRuntimeGroup, minify, shopAliases, sharedDependencies } from '../federation.shared.ts';

// The shell compiles in no remote URL: it reads /config.json at boot and registers the remotes then.
export default defineConfig(({ command }) => ({
  plugins: [
    federation({
      name: 'shell',
      remotes: {},
      // The build provides every share eagerly (docs/federation.md, round 3): every page runs them all
      // anyway, and eager shares are imported statically instead of through a small re-export file each.
      shared: sharedDependencies({ host: command === 'build' }),
      dts: false,
      // Publishes the runtime-core on globalThis._FEDERATION_RUNTIME_CORE for the remotes, which are built
      // with `experiments.externalRuntime` and so do not download a second copy (docs/federation.md).
      experiments: { provideExternalRuntime: true },
    }),
    react(),
  ],
  resolve: { alias: shopAliases(command) },
  server: { port: Number(process.env[portVariables.shell] ?? defaultPorts.shell), strictPort: true },
  preview: { port: Number(process.env[portVariables.shell] ?? defaultPorts.shell), strictPort: true },
  build: {
    target: 'es2022',
    minify,
    // The eager shares (react-dom, the design system with the trimmed Chakra, the api client, the router
    // ...) are one chunk of ~890 KB raw, ~260 KB gzip, that every page loads; pnpm bench tracks it, so
    // Vite's generic 500 KB warning adds nothing.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: { output: { codeSplitting: { groups: [federationRuntimeGroup] } } },
  },
}));
