import { remoteViteConfig } from '../remote-vite-config.ts';

export default remoteViteConfig('admin', './src/app/AdminRoutes.tsx', {
  // The shared components and lucide's icons: the dashboard loaded five of them as files of their own. Not
  // the delete flow, which imports the overlays entry statically.
  pieces: { 'page-pieces': /admin[\\/]src[\\/]components[\\/](?!use-delete-flow\.)|[\\/]lucide-react[\\/]/ },
  // The admin panel has no slider; declared, its share was downloaded with every admin page.
  unusedShares: ['@shop/shared-ui/slider'],
});
