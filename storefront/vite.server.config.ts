import { fileURLToPath } from 'node:url';
import { remoteServerViteConfig } from '../server-vite-config.ts';

// `vite build -c vite.server.config.ts`, after the browser build: the storefront's server entry and its
// server-manifest.json, published with the release (docs/federation.md, "Server rendering").
export default remoteServerViteConfig(fileURLToPath(new URL('.', import.meta.url)), 'src/server/entry.tsx');
