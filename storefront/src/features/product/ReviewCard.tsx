import type { Review } from '@shop/shared-api';
import { Card, formatLongDate, HStack, Stack, Stars, Text, UserAvatar } from '@shop/shared-ui';

/** Changed after it was written (a second review by the same shopper replaces the first). */
const changedLater = (review: Review) => Date.parse(review.updatedAt) > Date.parse(review.createdAt);

export function ReviewCard({ review }: { review: Review }) {
  return (
    <Card.Root as="article" size="sm" h="full">
      <Card.Body>
        <Stack gap="2">
          <HStack gap="3">
            <UserAvatar src={review.user.avatar.url} name={review.name} size="md" />
            <Stack gap="0">
              <Text fontWeight="semibold">{review.name}</Text>
              <Text fontSize="xs" color="fg.muted">
                {changedLater(review)
                  ? `Updated ${formatLongDate(review.updatedAt)}`
                  : formatLongDate(review.createdAt)}
              </Text>
            </Stack>
          </HStack>
          <Stars value={review.rating} />
          <Text whiteSpace="pre-line" wordBreak="break-word">
            {review.comment}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
