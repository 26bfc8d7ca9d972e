import { remoteViteConfig } from '../remote-vite-config.ts';

export default remoteViteConfig('storefront', './src/app/StorefrontRoutes.tsx', {
  chunkGroups: [
    {
      // What two or more pages share (the quantity stepper, the not-found state, the catalog's address,
      // lucide's icon factory) came out as a file of 0.3-1.5 KB each, so a product page loaded four of
      // them: one file for all. Not the product grid and its card: the home page loads them, and nothing
      // else of these, within its 250 KB (docs/performance.md, round 5).
      name: 'page-pieces',
      test: /storefront[\\/]src[\\/](?:components[\\/](?!Product(?:Grid|Card)\.)|hooks[\\/]|features[\\/]catalog[\\/]catalog-address\.ts$)|[\\/]lucide-react[\\/]/,
      minShareCount: 2,
      priority: 5,
    },
  ],
});
