import { AspectRatio, Box } from '@chakra-ui/react';
import { FIRST_PICTURE_ATTRIBUTE } from '@shop/shared-contract';
import { FALLBACK_IMAGE_URL, FallbackImage } from './FallbackImage.tsx';

interface ProductImageProps {
  src: string | undefined;
  /** The product's name, or what the picture shows. */
  alt: string;
  /** Width over height of the box; the box keeps its size while the picture loads, so nothing jumps. */
  ratio?: number;
  /** Pixel size hints for the browser (the box itself is fluid). */
  width?: number;
  height?: number;
  /** The page's main picture (above the fold): fetched first instead of lazily. */
  priority?: boolean;
  rounded?: string;
}

/** A product picture in a fixed-ratio box, lazy below the fold, falling back to /profile.png when it fails. */
export function ProductImage({
  src,
  alt,
  ratio = 1,
  width = 400,
  height = Math.round(400 / ratio),
  priority = false,
  rounded = 'md',
}: ProductImageProps) {
  return (
    <AspectRatio ratio={ratio} w="full" bg="bg.muted" rounded={rounded} overflow="hidden">
      <FallbackImage
        src={src || FALLBACK_IMAGE_URL}
        alt={alt}
        width={width}
        height={height}
        objectFit="contain"
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </AspectRatio>
  );
}

/**
 * The box a `ProductImage` draws (square, muted), still empty while its page loads. In a prerendered page a
 * box with a `slot` is where the shell's boot script draws the `slot`th product's picture of the page's first
 * api answer before any JavaScript has run (FIRST_PICTURE_ATTRIBUTE); the loaded page then draws the same
 * picture in the same place.
 */
export function ProductImageSkeleton({ slot, rounded = 'md' }: { slot?: number; rounded?: string }) {
  return (
    <Box
      aspectRatio={1}
      w="full"
      position="relative"
      overflow="hidden"
      bg="bg.muted"
      rounded={rounded}
      {...(slot === undefined ? {} : { [FIRST_PICTURE_ATTRIBUTE]: slot })}
    />
  );
}
