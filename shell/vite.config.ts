import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { defaultPorts, sharedDependencies } from '../federation.shared.ts';

// The shell compiles in no remote URL: it reads /config.json at boot and registers the remotes then.
export default defineConfig({
  plugins: [
    federation({
      name: 'shell',
      remotes: {},
      shared: sharedDependencies(),
      dts: false,
    }),
    react(),
  ],
  server: { port: Number(process.env.SHELL_PORT ?? defaultPorts.shell), strictPort: true },
  preview: { port: Number(process.env.SHELL_PORT ?? defaultPorts.shell), strictPort: true },
  // The shared Chakra chunk is large by design until shared tree shaking lands; pnpm bench tracks it.
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
});
