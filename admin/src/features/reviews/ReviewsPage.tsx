import {
  deleteReview,
  FALLBACK_MESSAGES,
  productReviewsQuery,
  queryKeys,
  type Review,
} from '@shop/shared-api';
import {
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  Pagination,
  Stack,
  Stars,
  Table,
  Text,
  toast,
} from '@shop/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DataTable, wideOnly, type Column } from '../../components/DataTable.tsx';
import { EmptyList, LoadError } from '../../components/ListStates.tsx';
import { pageOf, PAGE_SIZE } from '../../components/list-params.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { StatSkeleton, TableSkeleton } from '../../components/TableSkeleton.tsx';
import { useDeleteFlow } from '../../components/use-delete-flow.tsx';

/** Product ids are 24 characters: the search starts by itself once the typed id is that long. */
export const PRODUCT_ID_LENGTH = 24;

const columns: Column[] = [
  { header: 'Review ID', wideOnly: true },
  { header: 'User' },
  { header: 'Rating' },
  { header: 'Comment' },
  { header: 'Actions', hiddenHeader: true },
];

/** The local filter: name, comment or review id contains the text. */
export function matchesReview(review: Review, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return (
    !needle ||
    review._id.includes(needle) ||
    review.name.toLowerCase().includes(needle) ||
    review.comment.toLowerCase().includes(needle)
  );
}

/** Total, average rating to one decimal and the 5-star count. */
export function reviewFigures(reviews: readonly Review[]) {
  const total = reviews.length;
  const average = total ? reviews.reduce((sum, review) => sum + review.rating, 0) / total : 0;
  return {
    total,
    average: average.toFixed(1),
    fiveStars: reviews.filter((review) => review.rating === 5).length,
  };
}

/** /admin/reviews: the reviews of one product, found by its id. */
export function ReviewsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const productId = params.get('product') ?? '';
  const [typed, setTyped] = useState(productId);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [missing, setMissing] = useState(false);

  const search = (id: string) => {
    setMissing(false);
    setFilter('');
    setPage(1);
    setParams(id ? { product: id } : {}, { replace: true });
  };
  const onType = (value: string) => {
    const id = value.trim();
    setTyped(value);
    if (id.length === PRODUCT_ID_LENGTH && id !== productId) search(id);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = typed.trim();
    if (!id) {
      setMissing(true);
      return;
    }
    search(id);
  };

  const reviews = useQuery({ ...productReviewsQuery(productId), enabled: productId.length > 0 });
  const remove = useDeleteFlow({
    question: 'Are you sure you want to delete this review?',
    remove: (review: Review) => deleteReview(review._id, productId),
    invalidates: [queryKeys.catalog],
    fallback: FALLBACK_MESSAGES.deleteReview,
    onDeleted: () => {
      toast.success('Review Deleted Successfully');
      navigate(`/admin/reviews?product=${productId}`);
    },
  });
  const all = reviews.data;
  const filtered = useMemo(
    () => (all ?? []).filter((review) => matchesReview(review, filter)),
    [all, filter],
  );
  const shown = pageOf(filtered, page, PAGE_SIZE.reviews);
  const figures = all ? reviewFigures(all) : null;

  return (
    <>
      <PageHeader title="Reviews" />
      <Stack asChild gap="2">
        <form onSubmit={onSubmit} noValidate role="search" aria-label="Find a product's reviews">
          <HStack align="end" gap="2" maxW="xl">
            <Field.Root required invalid={missing}>
              <Field.Label>Product ID</Field.Label>
              <Input
                value={typed}
                onChange={(event) => onType(event.target.value)}
                maxLength={64}
                fontFamily="mono"
                spellCheck={false}
                autoComplete="off"
              />
              <Field.ErrorText>Please enter a product ID</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={reviews.isFetching} loadingText="Searching">
              Search
            </Button>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            The search starts by itself once the id is {PRODUCT_ID_LENGTH} characters long.
          </Text>
        </form>
      </Stack>

      {remove.failure}
      {!productId ? (
        <EmptyList title="No Reviews Found" description="Enter a product ID above to search for reviews" />
      ) : reviews.isError ? (
        <LoadError error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : reviews.isPending ? (
        <>
          <StatSkeleton />
          <TableSkeleton label="Loading reviews" columns={columns} rows={4} />
        </>
      ) : all && figures ? (
        <>
          <StatGrid>
            <StatCard label="Total reviews" value={figures.total} />
            <StatCard label="Average rating" value={figures.average} />
            <StatCard label="5-star reviews" value={figures.fiveStars} />
          </StatGrid>
          {all.length === 0 ? (
            <EmptyList title="No Reviews Found" description="No one has reviewed this product yet." />
          ) : (
            <Stack gap="3">
              <SearchBox
                label="Filter by name, comment or id"
                value={filter}
                onChange={(value) => {
                  setFilter(value);
                  setPage(1);
                }}
              />
              {filtered.length === 0 ? (
                <EmptyList title="No Reviews Found" description={`No review matches “${filter}”.`} />
              ) : (
                <>
                  <DataTable caption="Reviews of the product" columns={columns}>
                    {shown.rows.map((review) => (
                      <Table.Row key={review._id}>
                        <Table.Cell fontFamily="mono" fontSize="xs" {...wideOnly}>
                          {review._id}
                        </Table.Cell>
                        <Table.Cell>{review.name}</Table.Cell>
                        <Table.Cell>
                          <Stars value={review.rating} />
                        </Table.Cell>
                        <Table.Cell maxW="md">{review.comment}</Table.Cell>
                        <Table.Cell textAlign="end">
                          <IconButton
                            size="sm"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={`Delete the review by ${review.name}`}
                            onClick={() => remove.ask(review)}
                          >
                            <Trash2 size={16} aria-hidden="true" />
                          </IconButton>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </DataTable>
                  <Pagination
                    page={shown.page}
                    pageCount={shown.pageCount}
                    onPageChange={setPage}
                    label="Reviews pages"
                  />
                </>
              )}
            </Stack>
          )}
        </>
      ) : null}
      {remove.dialog}
    </>
  );
}
