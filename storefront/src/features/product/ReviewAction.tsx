import type { Product } from '@shop/shared-api';
import { useCurrentUser } from '@shop/shared-auth';
import { Button } from '@shop/shared-ui';
import { lazy, Suspense, useState } from 'react';
import { loadOverlayEntry } from '../../hooks/overlays.ts';
import { useSignInPrompt } from '../../hooks/use-sign-in-prompt.tsx';

// The review form is its own chunk: it validates with the contract's schemas, and zod (about 25 KB gzip)
// is then not part of every product page; its dialog comes from the design system's overlays entry
// (docs/performance.md). Both are fetched when the shopper reaches for the button.
const loadReviewDialog = () => import('./ReviewDialog.tsx');
const ReviewDialog = lazy(async () => ({ default: (await loadReviewDialog()).ReviewDialog }));
const prepareReview = () => {
  void loadReviewDialog();
  void loadOverlayEntry();
};

/**
 * Submit Review (or Update review, when the shopper has one) and its dialog. The product page's one part
 * that follows the session, so the session resolving after React takes a server-rendered page over
 * re-renders this button and not the gallery and reviews (docs/performance.md).
 */
export function ReviewAction({ product }: { product: Product }) {
  const [reviewing, setReviewing] = useState(false);
  // The dialog needs the design system's overlays entry (~39 KB gzip), which most product views never
  // use: it is mounted, and the entry fetched, from the first opening on (closing still animates).
  const [reviewUsed, setReviewUsed] = useState(false);
  const { whenSignedIn, prompt } = useSignInPrompt();
  const { user } = useCurrentUser();
  const mine = user?.id ? product.reviews.find((review) => review.user._id === user.id) : undefined;
  return (
    <>
      <Button
        variant="outline"
        colorPalette="brand"
        alignSelf="start"
        // A finger on the button, or focus, starts the downloads before the tap ends.
        onPointerDown={prepareReview}
        onFocus={prepareReview}
        onClick={() =>
          whenSignedIn(() => {
            setReviewUsed(true);
            setReviewing(true);
          })
        }
      >
        {mine ? 'Update review' : 'Submit Review'}
      </Button>
      {reviewUsed ? (
        <Suspense fallback={null}>
          <ReviewDialog
            productId={product._id}
            mine={mine}
            open={reviewing}
            onClose={() => setReviewing(false)}
          />
        </Suspense>
      ) : null}
      {prompt}
    </>
  );
}
