import {
  deleteReview,
  FALLBACK_MESSAGES,
  productQuery,
  productReviewsQuery,
  queryKeys,
  type Review,
} from '@shop/shared-api';
import { Link, Stars, toast } from '@shop/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { Column } from '../../components/list-columns.ts';
import { pageOf, PAGE_SIZE } from '../../components/list-params.ts';
import { ListPage } from '../../components/ListPage.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useDeleteFlow } from '../../components/use-delete-flow.tsx';
import { ProductIdForm } from './ProductIdForm.tsx';
import { matchesReview, reviewFigures } from './review-rules.ts';

/** The columns; the product's name comes from its own answer (the reviews answer does not hold it). */
const columnsFor = (product: { id: string; name: string }): Column<Review>[] => [
  { header: 'Review ID', mono: true, cell: (review) => review._id },
  {
    header: 'Product',
    cell: () => (
      <Link asChild colorPalette="brand">
        <RouterLink to={`/product/${product.id}`}>{product.name}</RouterLink>
      </Link>
    ),
  },
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
  // The product's own page answer: cached with the storefront's, asked beside the reviews.
  const product = useQuery({ ...productQuery(productId), enabled: chosen });
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
  // Without the product's answer (it failed), its id stands for its name.
  const columns = columnsFor({ id: productId, name: product.data?.name ?? productId });

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
        // The rows wait for the product's name too, so it never changes under the admin's eyes.
        loading: reviews.isPending || product.isPending,
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
