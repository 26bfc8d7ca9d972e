import { HStack, Text } from '@chakra-ui/react';
import { Star } from 'lucide-react';

interface StarsProps {
  /** Average rating, 0 to 5. */
  value: number;
  size?: number;
  /** Also print the rating to one decimal next to the stars. */
  showValue?: boolean;
}

/** Read-only star rating; screen readers hear 'Rated 4.5 out of 5'. */
export function Stars({ value, size = 16, showValue = false }: StarsProps) {
  const rating = Math.max(0, Math.min(5, Number.isFinite(value) ? value : 0));
  const label = `Rated ${rating.toFixed(1)} out of 5`;
  return (
    <HStack gap="0.5" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = Math.max(0, Math.min(1, rating - position + 1));
        return (
          <span
            key={position}
            style={{ position: 'relative', display: 'inline-flex', width: size, height: size }}
          >
            <Star size={size} aria-hidden="true" color="var(--chakra-colors-border-emphasized)" />
            <span style={{ position: 'absolute', inset: 0, width: `${fill * 100}%`, overflow: 'hidden' }}>
              <Star
                size={size}
                aria-hidden="true"
                color="var(--chakra-colors-yellow-500)"
                fill="var(--chakra-colors-yellow-400)"
              />
            </span>
          </span>
        );
      })}
      {showValue ? (
        <Text as="span" fontSize="sm" color="fg.muted" ms="1" aria-hidden="true">
          {rating.toFixed(1)}
        </Text>
      ) : null}
    </HStack>
  );
}
