import { PRODUCT_CATEGORIES } from '@shop/shared-api';
import { Button, Heading, Stack, Stars, Wrap } from '@shop/shared-ui';
import { type CatalogFilters, RATING_CHOICES } from './catalog-address.ts';
import { PriceRangeFilter } from './PriceRangeFilter.tsx';

interface FilterSidebarProps {
  filters: CatalogFilters;
  onChange: (change: Partial<Pick<CatalogFilters, 'category' | 'price' | 'ratings'>>) => void;
  onClear: () => void;
}

/** Price range, category and minimum rating; each choice is a toggle button that says whether it is on. */
export default function FilterSidebar({ filters, onChange, onClear }: FilterSidebarProps) {
  const filtered =
    filters.category !== 'All' || filters.ratings > 0 || filters.price[0] > 0 || filters.price[1] < 25_000;
  return (
    <Stack as="aside" aria-label="Filters" gap="6" minW="0">
      <PriceRangeFilter value={filters.price} onCommit={(price) => onChange({ price })} />

      <Stack gap="2" role="group" aria-labelledby="category-heading">
        <Heading as="h2" id="category-heading" size="sm">
          Categories
        </Heading>
        <Wrap gap="2">
          {(['All', ...PRODUCT_CATEGORIES] as const).map((category) => {
            const active = filters.category === category;
            return (
              <Button
                key={category}
                size="xs"
                variant={active ? 'solid' : 'outline'}
                colorPalette="brand"
                aria-pressed={active}
                onClick={() => onChange({ category })}
              >
                {category}
              </Button>
            );
          })}
        </Wrap>
      </Stack>

      <Stack gap="2" role="group" aria-labelledby="rating-heading">
        <Heading as="h2" id="rating-heading" size="sm">
          Ratings Above
        </Heading>
        <Stack gap="1" align="start">
          {RATING_CHOICES.map((rating) => {
            const active = filters.ratings === rating;
            return (
              <Button
                key={rating}
                size="xs"
                variant={active ? 'solid' : 'ghost'}
                colorPalette="brand"
                aria-pressed={active}
                aria-label={`${rating} stars and up`}
                // Pressing the chosen rating again lifts it.
                onClick={() => onChange({ ratings: active ? 0 : rating })}
              >
                <Stars value={rating} size={14} /> &amp; up
              </Button>
            );
          })}
        </Stack>
      </Stack>

      {filtered ? (
        <Button size="sm" variant="outline" onClick={onClear} alignSelf="start">
          Clear filters
        </Button>
      ) : null}
    </Stack>
  );
}
