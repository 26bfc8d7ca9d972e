import { PRODUCT_IMAGE_TYPES } from '@shop/shared-api';
import { Box, Input, ProductImage, SimpleGrid, Text } from '@shop/shared-ui';
import { useEffect, useMemo } from 'react';

/** Object URLs of the picked files for their previews, released when the pick changes or the page closes. */
function usePreviews(files: readonly File[]) {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

interface ImagePickerProps {
  files: File[];
  onPick: (files: File[]) => void;
}

/** Several image files at once, previewed before they are uploaded. */
export function ImagePicker({ files, onPick }: ImagePickerProps) {
  const previews = usePreviews(files);
  return (
    <>
      <Input
        name="images"
        type="file"
        multiple
        accept={PRODUCT_IMAGE_TYPES.join(',')}
        p="1.5"
        onChange={(event) => onPick(Array.from(event.target.files ?? []))}
      />
      {files.length ? (
        <Box w="full" mt="2">
          <Text fontSize="sm" color="fg.muted" mb="2">
            New images ({files.length}), uploaded when you save:
          </Text>
          <SimpleGrid columns={{ base: 3, sm: 4, md: 6 }} gap="2">
            {files.map((file, index) => (
              <ProductImage
                key={previews[index]}
                src={previews[index]}
                alt={`Preview of ${file.name}`}
                width={120}
              />
            ))}
          </SimpleGrid>
        </Box>
      ) : null}
    </>
  );
}
