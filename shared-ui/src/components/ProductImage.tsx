import { AspectRatio, Box } from '@chakra-ui/react';
import {
  FIRST_PICTURE_ATTRIBUTE,
  FIRST_PICTURE_SIZES_ATTRIBUTE,
  PICTURE_COPY_FORMATS,
  pictureSrcSet,
} from '@shop/shared-contract';
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
  /** How wide the box is drawn (`sizes`), for picking a copy; by default `width` px. */
  sizes?: string;
  /** The page's main picture (above the fold): fetched first instead of lazily. */
  priority?: boolean;
  rounded?: string;
}

/**
 * A product picture in a fixed-ratio box, lazy below the fold, falling back to /profile.png when it fails.
 * An upload with resized copies (@shop/shared-contract/pictures) is drawn from the copy its box needs, AVIF
 * or WebP, the upload itself staying the `<img>`'s own source for a browser that takes neither.
 */
export function ProductImage({
  src,
  alt,
  ratio = 1,
  width = 400,
  height = Math.round(width / ratio),
  sizes = `${width}px`,
  priority = false,
  rounded = 'md',
}: ProductImageProps) {
  const url = src || FALLBACK_IMAGE_URL;
  const image = (
    <FallbackImage
      src={url}
      alt={alt}
      htmlWidth={width}
      htmlHeight={height}
      w="full"
      h="full"
      objectFit="contain"
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
  return (
    <AspectRatio ratio={ratio} w="full" bg="bg.muted" rounded={rounded} overflow="hidden">
      {pictureSrcSet(url, 'webp') ? (
        <picture>
          {PICTURE_COPY_FORMATS.map((format) => (
            <source key={format} type={`image/${format}`} srcSet={pictureSrcSet(url, format)} sizes={sizes} />
          ))}
          {image}
        </picture>
      ) : (
        image
      )}
    </AspectRatio>
  );
}

/**
 * The box a `ProductImage` draws (square, muted), still empty while its page loads. In a prerendered page a
 * box with a `slot` is where the shell's boot script draws the `slot`th product's picture of the page's first
 * api answer before any JavaScript has run (FIRST_PICTURE_ATTRIBUTE); the loaded page then draws the same
 * picture in the same place.
 */
export function ProductImageSkeleton({
  slot,
  sizes,
  rounded = 'md',
}: {
  slot?: number;
  /** The `sizes` of the picture the page draws here, for the boot script to pick the same copy. */
  sizes?: string;
  rounded?: string;
}) {
  return (
    <Box
      aspectRatio={1}
      w="full"
      position="relative"
      overflow="hidden"
      bg="bg.muted"
      rounded={rounded}
      {...(slot === undefined
        ? {}
        : { [FIRST_PICTURE_ATTRIBUTE]: slot, [FIRST_PICTURE_SIZES_ATTRIBUTE]: sizes })}
    />
  );
}
