import { HStack, Link } from '@shop/shared-ui';
// Files of their own, not drawings in the page: every page's footer carried both (~340 B of brotli
// ahead of `/products`'s first flight, docs/performance.md). Hashed under /assets/, so cached for good,
// and fetched only when the footer comes near the screen. Same host, in the stores' familiar black.
import appStoreBadge from './app-store-badge.svg?no-inline';
import googlePlayBadge from './google-play-badge.svg?no-inline';

const badges = [
  { label: 'GET IT ON Google Play', href: 'https://play.google.com/store', src: googlePlayBadge },
  { label: 'Download on the App Store', href: 'https://www.apple.com/app-store/', src: appStoreBadge },
];

/** 'Get it on Google Play' and 'Download on the App Store' (docs/product.md, screens, footer). */
export function AppStoreBadges() {
  return (
    <HStack gap="3" wrap="wrap">
      {badges.map((badge) => (
        <Link key={badge.href} href={badge.href} target="_blank" rel="noopener noreferrer">
          {/* Width and height hold the badge's place while it loads: nothing below it moves. */}
          <img src={badge.src} alt={badge.label} width={160} height={44} loading="lazy" decoding="async" />
        </Link>
      ))}
    </HStack>
  );
}
