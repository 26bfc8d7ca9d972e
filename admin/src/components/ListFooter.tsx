import { Pagination, Text } from '@shop/shared-ui';

interface ListFooterProps {
  /** Rows matching the search, and the words for one and many ('order', 'orders'). */
  count: number;
  noun: [one: string, many: string];
  search: string;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the pager for screen readers ('Orders pages'). */
  label: string;
}

/** Under an admin table: how many rows match (announced politely) and the pager when there are pages. */
export function ListFooter({ count, noun, search, page, pageCount, onPageChange, label }: ListFooterProps) {
  return (
    <>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {count} {count === 1 ? noun[0] : noun[1]}
        {search ? ` matching “${search}”` : ''}
      </Text>
      <Pagination page={page} pageCount={pageCount} onPageChange={onPageChange} label={label} />
    </>
  );
}
