import { FALLBACK_MESSAGES, failureMessage, queryKeys, submitReview, type Review } from '@shop/shared-api';
import { reviewInputSchema } from '@shop/shared-api/schemas';
import { Button, ErrorAlert, FormField, Portal, Stack, Textarea, toast, useShopForm } from '@shop/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { use } from 'react';
import { loadOverlayEntry } from '../../hooks/overlays.ts';

interface ReviewDialogProps {
  productId: string;
  /** The shopper's own review of the product, if any: a second one replaces it, so it is changed here. */
  mine: Review | undefined;
  open: boolean;
  onClose: () => void;
}

/**
 * Submit Review: 1 to 5 stars and a comment; the product's rating and reviews refresh at once. The dialog
 * and the stars input come from the design system's overlays entry, so the first opening waits for it
 * (render it inside Suspense).
 */
export function ReviewDialog({ productId, mine, open, onClose }: ReviewDialogProps) {
  const { Dialog } = use(loadOverlayEntry());
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => (details.open ? undefined : onClose())}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{mine ? 'Update review' : 'Submit Review'}</Dialog.Title>
            </Dialog.Header>
            {/* Mounted per opening, so each one starts from the shopper's review as it stands (or empty). */}
            <ReviewForm productId={productId} mine={mine} onDone={onClose} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ReviewForm({
  productId,
  mine,
  onDone,
}: {
  productId: string;
  mine: Review | undefined;
  onDone: () => void;
}) {
  const { Dialog, RatingGroup } = use(loadOverlayEntry());
  const queryClient = useQueryClient();
  const form = useShopForm({
    schema: reviewInputSchema,
    initialValues: { rating: mine?.rating ?? 0, comment: mine?.comment ?? '', productId },
    describeFailure: failureMessage(FALLBACK_MESSAGES.submitReview),
    onSubmit: async (review) => {
      await submitReview(review);
      toast.success('Review submitted successfully');
      onDone();
      // The product's stars, count and reviews, and every list showing them.
      await queryClient.invalidateQueries({ queryKey: queryKeys.catalog });
    },
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={mine ? 'Update review' : 'Submit Review'}>
      <Dialog.Body>
        <Stack gap="4">
          {form.failure ? <ErrorAlert message={form.failure} /> : null}
          <FormField label="Rating" error={form.errors.rating} required>
            <RatingGroup.Root
              count={5}
              value={Number(form.values.rating) || 0}
              onValueChange={(details) => form.setValue('rating', details.value)}
              colorPalette="yellow"
              size="lg"
            >
              <RatingGroup.HiddenInput name="rating" />
              {/* Each star a 44 px target (WCAG's size for touch); the drawn star keeps its size. */}
              <RatingGroup.Control
                css={{
                  '& [data-part=item]': {
                    minWidth: '44px',
                    minHeight: '44px',
                    flexShrink: 0,
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                  },
                }}
              />
            </RatingGroup.Root>
          </FormField>
          <FormField label="Comment" error={form.errors.comment} required>
            <Textarea rows={4} maxLength={2000} {...form.field('comment')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="brand" loading={form.busy}>
          {mine ? 'Update' : 'Submit'}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
