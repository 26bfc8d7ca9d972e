import type { Image } from '@shop/shared-api';
import { Box, HStack, ProductImage, Stack } from '@shop/shared-ui';
import { useState } from 'react';

/** How wide the main picture is drawn: the page's first column (28rem) from md, else the frame's width. */
export const GALLERY_PICTURE_SIZES = '(min-width: 48em) 28rem, 92vw';

/** The main picture and, when there are several, thumbnail buttons that switch it (keyboard included). */
export function ImageGallery({ images, name }: { images: Image[]; name: string }) {
  const [shown, setShown] = useState(0);
  const current = images[Math.min(shown, images.length - 1)];
  return (
    <Stack gap="3">
      <ProductImage
        src={current?.url}
        alt={name}
        ratio={1}
        width={640}
        sizes={GALLERY_PICTURE_SIZES}
        priority
      />
      {images.length > 1 ? (
        <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" aria-label="Product images">
          {images.map((image, index) => (
            <li key={image.url}>
              <Box
                asChild
                w="16"
                borderWidth="2px"
                borderColor={index === shown ? 'brand.solid' : 'border'}
                rounded="md"
                overflow="hidden"
                cursor="pointer"
                focusRing="outside"
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
              >
                <button type="button">
                  <ProductImage src={image.url} alt="" ratio={1} width={64} rounded="none" />
                </button>
              </Box>
            </li>
          ))}
        </HStack>
      ) : null}
    </Stack>
  );
}
