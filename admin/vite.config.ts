import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { defaultPorts, sharedDependencies } from '../federation.shared.ts';

const port = Number(process.env.ADMIN_PORT ?? defaultPorts.admin);

export default defineConfig(({ command }) => ({
  // Relative URLs: chunks resolve against the remote entry's own address, so one build serves from any
  // origin or CDN path and the shell page that loads it never rewrites them.
  base: './',
  plugins: [
    federation({
      name: 'admin',
      filename: 'remoteEntry-[hash].js',
      manifest: true,
      exposes: { './routes': './src/app/AdminRoutes.tsx' },
      shared: sharedDependencies({ standaloneDev: command === 'serve', remote: true }),
      dts: false,
    }),
    react(),
  ],
  server: { port, strictPort: true, origin: `http://localhost:${port}`, cors: true },
  preview: { port, strictPort: true, cors: true },
  // The shared Chakra chunk is large by design until shared tree shaking lands; pnpm bench tracks it.
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
}));
