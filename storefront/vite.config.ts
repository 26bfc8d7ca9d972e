import { remoteViteConfig } from '../remote-vite-config.ts';

export default remoteViteConfig('storefront', './src/app/StorefrontRoutes.tsx', {
  pieces: {
    // What the checkout's pages share (the steps, the order's lines and figures, the stored order and
    // payment): one file for the journey cart → shipping → confirm → payment instead of six, so the
    // payment page's first state is its own chunk and this one (issue 25: no heavier than before the
    // other methods came; docs/performance.md).
    'checkout-pieces':
      /storefront[\\/]src[\\/](?:features[\\/]checkout[\\/](?:CheckoutSteps|OrderSummary|order-info|stored-checkout|use-checkout-payment|pending-payment|card-confirmation|upi[\\/]pending-upi)\.tsx?$|lib[\\/]price-cart\.ts$|components[\\/]OrderLines\.tsx$)/,
    // The quantity stepper, the not-found state, the overlay loader, the catalog's address and lucide's
    // icon factory: a product page loaded four of them as files of their own. Not the product grid and its
    // card: the home page loads them, and nothing else of these, within its 250 KB (docs/performance.md,
    // round 5).
    'page-pieces':
      /storefront[\\/]src[\\/](?:components[\\/](?!Product(?:Grid|Card)\.)|hooks[\\/]|features[\\/]catalog[\\/]catalog-address\.ts$)|[\\/]lucide-react[\\/]/,
  },
});
