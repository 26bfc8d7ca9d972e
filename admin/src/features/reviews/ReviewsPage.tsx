import {
  deleteReview,
  FALLBACK_MESSAGES,
  productReviewsQuery,
  queryKeys,
  type Review,
} from '@shop/shared-api';
import { Stars, toast } from '@shop/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Column } from '../../components/list-columns.ts';
import { pageOf, PAGE_SIZE } from '../../components/list-params.ts';
import { ListPage } from '../../components/ListPage.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useDeleteFlow } from '../../components/use-delete-flow.tsx';
import { ProductIdForm } from './ProductIdForm.tsx';
import { matchesReview, reviewFigures } from './review-rules.ts';

const columns: Column<Review>[] = [
  { header: 'Review ID', mono: true, cell: (review) => review._id },
  { header: 'User', cell: (review) => review.name },
  { header: 'Rating', cell: (review) => <Stars value={review.rating} /> },
  { header: 'Comment', cell: (review) => review.comment },
];

/** /admin/reviews: the reviews of one product, found by its id. */
export function ReviewsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const productId = params.get('product') ?? '';
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);

  const chosen = productId.length > 0;
  const reviews = useQuery({ ...productReviewsQuery(productId), enabled: chosen });
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
    <ListPage
      title="Reviews"
      noun={['review', 'reviews']}
      lookup={
        <ProductIdForm
          productId={productId}
          searching={reviews.isFetching}
          onSearch={(id) => {
            setFilter('');
            setPage(1);
            setParams({ product: id }, { replace: true });
          }}
        />
      }
      idle={
        chosen
          ? undefined
          : { title: 'No Reviews Found', description: 'Enter a product ID above to search for reviews' }
      }
      figures={
        figures && [
          { label: 'Total reviews', value: figures.total },
          { label: 'Average rating', value: figures.average },
          { label: '5-star reviews', value: figures.fiveStars },
        ]
      }
      list={{
        query: filter,
        search: filter,
        setQuery: (text) => {
          setFilter(text);
          setPage(1);
        },
        rows: shown.rows,
        total: all?.length ?? 0,
        matching: filtered.length,
        page: shown.page,
        pageCount: shown.pageCount,
        setPage,
        pageSize: PAGE_SIZE.reviews,
        loading: reviews.isPending,
        stale: false,
        error: reviews.error,
        retry: () => void reviews.refetch(),
      }}
      searchLabel="Filter by name, comment or id"
      caption="Reviews of the product"
      columns={columns}
      rowKey={(review) => review._id}
      rowActions={(review) => (
        <RowActions name={`the review by ${review.name}`} onDelete={() => remove.ask(review)} />
      )}
      empty={{ title: 'No Reviews Found', description: 'No one has reviewed this product yet.' }}
      noMatch={(query) => ({ title: 'No Reviews Found', description: `No review matches “${query}”.` })}
      deletion={remove}
    />
  );
}
