import { fileURLToPath } from 'node:url';
import { shellServerViteConfig } from '../server-vite-config.ts';

// `vite build -c vite.server.config.ts`: the shell's server entry for the page server (page-server/).
export default shellServerViteConfig(fileURLToPath(new URL('.', import.meta.url)));
