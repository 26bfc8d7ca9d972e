import { remoteViteConfig } from '../remote-vite-config.ts';

export default remoteViteConfig('storefront', './src/app/StorefrontRoutes.tsx');
