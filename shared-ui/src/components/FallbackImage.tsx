import { Image, type ImageProps } from '@chakra-ui/react';
import type { SyntheticEvent } from 'react';

/** docs/product.md, messages: an image that fails to load shows /profile.png instead. */
export const FALLBACK_IMAGE_URL = '/profile.png';

function showFallback(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  // A copy that failed (a <picture>'s source): the upload itself next, then the fallback.
  const sources = image.parentElement?.querySelectorAll('source[srcset]') ?? [];
  if (sources.length) return sources.forEach((source) => source.removeAttribute('srcset'));
  // Once only: if the fallback itself is missing, stop rather than loop.
  if (image.dataset.fallback) return;
  image.dataset.fallback = 'true';
  image.src = FALLBACK_IMAGE_URL;
}

/** A Chakra Image that falls back to /profile.png. Always give it meaningful `alt` text. */
export function FallbackImage(props: ImageProps & { alt: string }) {
  return <Image {...props} onError={showFallback} />;
}
