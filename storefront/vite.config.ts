import { remoteViteConfig } from '../remote-vite-config.ts';

export default remoteViteConfig('storefront', './src/app/StorefrontRoutes.tsx', {
  // The quantity stepper, the not-found state, the overlay loader, the catalog's address and lucide's icon
  // factory: a product page loaded four of them as files of their own. Not the product grid and its card:
  // the home page loads them, and nothing else of these, within its 250 KB (docs/performance.md, round 5).
  pagePieces:
    /storefront[\\/]src[\\/](?:components[\\/](?!Product(?:Grid|Card)\.)|hooks[\\/]|features[\\/]catalog[\\/]catalog-address\.ts$)|[\\/]lucide-react[\\/]/,
});
