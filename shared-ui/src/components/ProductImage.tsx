import { AspectRatio } from '@chakra-ui/react';
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
