import { remoteViteConfig } from '../remote-vite-config.ts';

export default remoteViteConfig('admin', './src/app/AdminRoutes.tsx', {
  // The admin panel has no slider; declared, its share was downloaded with every admin page.
  unusedShares: ['@shop/shared-ui/slider'],
});
