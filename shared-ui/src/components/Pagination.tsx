import { Box, Button, HStack } from '@chakra-ui/react';

/** Up to this many pages every number shows; beyond it, the first, the last and the current one's neighbours. */
const ALL_PAGES_UP_TO = 9;

/** The page numbers to show, with `null` where a run of pages is left out (1 … 4 5 6 … 500). */
export function visiblePages(page: number, pageCount: number): (number | null)[] {
  if (pageCount <= ALL_PAGES_UP_TO) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const near = new Set([1, pageCount]);
  // Near either end, keep five in a row so the list does not jump as the admin steps through.
  const from = Math.max(2, Math.min(page - 1, pageCount - 4));
  const to = Math.min(pageCount - 1, Math.max(page + 1, 5));
  for (let number = from; number <= to; number++) near.add(number);
  const sorted = [...near].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((number, index) => {
    if (index > 0 && number - sorted[index - 1]! > 1) result.push(null);
    result.push(number);
  });
  return result;
}

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
}

/**
 * Numbered pages with Previous and Next; renders nothing when there is a single page (docs/product.md, numbers).
 * Hundreds of pages (an admin list of 5,000 orders) show as 1 … 4 5 6 … 500, so a page change re-renders
 * a dozen buttons, not hundreds.
 */
export function Pagination({ page, pageCount, onPageChange, label = 'Pagination' }: PaginationProps) {
  if (pageCount <= 1) return null;
  const pages = visiblePages(page, pageCount);
  return (
    <HStack as="nav" aria-label={label} gap="1" justify="center" wrap="wrap" py="4">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      {pages.map((number, index) =>
        number === null ? (
          <Box key={`gap-${index}`} as="span" px="1" color="fg.muted" aria-hidden="true">
            …
          </Box>
        ) : (
          <Button
            key={number}
            size="sm"
            colorPalette="brand"
            variant={number === page ? 'solid' : 'outline'}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => onPageChange(number)}
          >
            {number}
          </Button>
        ),
      )}
      <Button size="sm" variant="outline" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </HStack>
  );
}
