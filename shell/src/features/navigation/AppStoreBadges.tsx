import { HStack, Link } from '@shop/shared-ui';

// Drawn inline (no image request, nothing from a third-party host), in the stores' familiar black.
function Badge({
  store,
  line1,
  line2,
  glyph,
}: {
  store: string;
  line1: string;
  line2: string;
  glyph: string;
}) {
  return (
    <svg width="160" height="44" viewBox="0 0 160 44" role="img" aria-label={`${line1} ${line2}`}>
      <title>{store}</title>
      <rect x="0.5" y="0.5" width="159" height="43" rx="8" fill="#000" stroke="#a6a6a6" />
      <path d={glyph} fill="#fff" />
      {/* Sizes as styles: the page's CSS font-size would override SVG presentation attributes. */}
      <text x="44" y="17" fill="#fff" style={{ fontSize: '8.5px', fontFamily: 'system-ui, sans-serif' }}>
        {line1}
      </text>
      <text
        x="44"
        y="33"
        fill="#fff"
        style={{ fontSize: '14px', fontWeight: 600, fontFamily: 'system-ui, sans-serif' }}
      >
        {line2}
      </text>
    </svg>
  );
}

const playGlyph = 'M14 10 L32 22 L14 34 Z';
const appleGlyph =
  'M27 14c-1.4 0-2.7 1-3.4 1-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.5 1.3 0 1.8-.8 3.3-.8s2 .8 3.3.8c1.4 0 2.3-1.2 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1 0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.8-2zm-.6-1.7c.7-.9 1.2-2 1.1-3.2-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.1 1.1.1 2.3-.6 3-1.5z';

/** 'Get it on Google Play' and 'Download on the App Store' (docs/product.md, screens, footer). */
export function AppStoreBadges() {
  return (
    <HStack gap="3" wrap="wrap">
      <Link href="https://play.google.com/store" target="_blank" rel="noopener noreferrer">
        <Badge store="Google Play" line1="GET IT ON" line2="Google Play" glyph={playGlyph} />
      </Link>
      <Link href="https://www.apple.com/app-store/" target="_blank" rel="noopener noreferrer">
        <Badge store="App Store" line1="Download on the" line2="App Store" glyph={appleGlyph} />
      </Link>
    </HStack>
  );
}
