import type { Review } from '@shop/shared-api';

/** Product ids are 24 characters: the search starts by itself once the typed id is that long. */
export const PRODUCT_ID_LENGTH = 24;

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
