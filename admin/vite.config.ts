import { remoteViteConfig } from '../remote-vite-config.ts';

export default remoteViteConfig('admin', './src/app/AdminRoutes.tsx');
