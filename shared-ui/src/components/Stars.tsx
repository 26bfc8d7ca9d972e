import { HStack, Text } from '@chakra-ui/react';

interface StarsProps {
  /** Average rating, 0 to 5. */
  value: number;
  size?: number;
  /** Also print the rating to one decimal next to the stars. */
  showValue?: boolean;
}

// The five stars are one drawing (two paths and a clipping viewport), not an icon per star: a catalog
// page shows a rating on every card, and five icons with a half-filled copy over each made half the
// elements of `/` (8 cards × 31), which the phone styles, lays out and hydrates before the page is ready
// (docs/performance.md, "One drawing for a rating").
const STAR_BOX = 24;
const STAR_GAP = 3;
const STAR_PITCH = STAR_BOX + STAR_GAP;
const ROW_WIDTH = 5 * STAR_BOX + 4 * STAR_GAP;

/** Ten corners of a five-pointed star in a 24-unit box, tips rounded by the stroke. */
function starCorners(): [number, number][] {
  const [centreX, centreY, outer, inner] = [12, 12.6, 10.2, 4.8];
  return Array.from({ length: 10 }, (_, corner) => {
    const angle = (corner * Math.PI) / 5;
    const radius = corner % 2 === 0 ? outer : inner;
    return [
      +(centreX + radius * Math.sin(angle)).toFixed(1),
      +(centreY - radius * Math.cos(angle)).toFixed(1),
    ];
  });
}

const tenth = (length: number) => +length.toFixed(1);

/**
 * The row's outline as one path: the first star from its top tip, each next one `STAR_PITCH` to the right,
 * every star in the same relative steps. Five copies of one string (and the same again on every card)
 * cost a page's compression next to nothing, where absolute corners differed star by star.
 */
function rowOfStars(): string {
  const corners = starCorners();
  const steps = corners
    .slice(1)
    .map(([x, y], corner) => `${tenth(x - corners[corner]![0])} ${tenth(y - corners[corner]![1])}`)
    .join(' ');
  const [tipX, tipY] = corners[0]!;
  return `M${tipX} ${tipY}${Array.from({ length: 5 }, (_, star) => `${star ? `m${STAR_PITCH} 0` : ''}l${steps}z`).join('')}`;
}

const ROW_OF_STARS = rowOfStars();

/** Where the gold ends, in the drawing's units: whole stars, then the part of the next one. */
function filledWidth(rating: number): number {
  const wholeStars = Math.floor(rating);
  if (wholeStars >= 5) return ROW_WIDTH;
  return wholeStars * STAR_PITCH + (rating - wholeStars) * STAR_BOX;
}

/** Read-only star rating; screen readers hear 'Rated 4.5 out of 5'. */
export function Stars({ value, size = 16, showValue = false }: StarsProps) {
  const rating = Math.max(0, Math.min(5, Number.isFinite(value) ? value : 0));
  const label = `Rated ${rating.toFixed(1)} out of 5`;
  const strokes = { strokeWidth: 2, strokeLinejoin: 'round' } as const;
  const width = (size * ROW_WIDTH) / STAR_BOX;
  const gold = filledWidth(rating);
  // Sizes are inline styles as well as attributes: a container's rule for its icons (a button's
  // `:where(svg)` is one) would otherwise size the drawing, and the gold viewport inside it, as an icon.
  return (
    <HStack gap="0.5" role="img" aria-label={label}>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${ROW_WIDTH} ${STAR_BOX}`}
        width={width}
        height={size}
        style={{ width, height: size, flexShrink: 0 }}
      >
        <path
          d={ROW_OF_STARS}
          {...strokes}
          style={{ fill: 'none', stroke: 'var(--chakra-colors-border-emphasized)' }}
        />
        {/* A nested viewport clips what it holds to its width: the gold copy shows up to the rating. */}
        <svg width={gold} height={STAR_BOX} style={{ width: gold, height: STAR_BOX, overflow: 'hidden' }}>
          <path
            d={ROW_OF_STARS}
            {...strokes}
            style={{ fill: 'var(--chakra-colors-yellow-400)', stroke: 'var(--chakra-colors-yellow-500)' }}
          />
        </svg>
      </svg>
      {showValue ? (
        <Text as="span" fontSize="sm" color="fg.muted" ms="1" aria-hidden="true">
          {rating.toFixed(1)}
        </Text>
      ) : null}
    </HStack>
  );
}
