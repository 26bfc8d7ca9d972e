import { remoteViteConfig } from '../remote-vite-config.ts';

export default remoteViteConfig('admin', './src/app/AdminRoutes.tsx', {
  // The admin panel has no slider; declared, its share was downloaded with every admin page.
  unusedShares: ['@shop/shared-ui/slider'],
  chunkGroups: [
    {
      // The components and icons two or more pages share came out as a file of 0.2-1.5 KB each (the
      // dashboard loaded five): one file for all. Not the delete flow, whose static import of the overlays
      // entry would then load that entry with every admin page (docs/federation.md, round 5).
      name: 'page-pieces',
      test: /admin[\\/]src[\\/]components[\\/](?!use-delete-flow\.)|[\\/]lucide-react[\\/]/,
      minShareCount: 2,
      priority: 5,
    },
  ],
});
