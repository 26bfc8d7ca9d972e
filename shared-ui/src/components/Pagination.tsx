import { Button, HStack } from '@chakra-ui/react';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
}

/** Numbered pages with Previous and Next; renders nothing when there is a single page (SPEC section 9). */
export function Pagination({ page, pageCount, onPageChange, label = 'Pagination' }: PaginationProps) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <HStack as="nav" aria-label={label} gap="1" justify="center" wrap="wrap" py="4">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      {pages.map((number) => (
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
      ))}
      <Button size="sm" variant="outline" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </HStack>
  );
}
