import {
  failureMessage,
  PRODUCT_CATEGORIES,
  type Product,
  type ProductFormOutput,
  type ProductFormValues,
} from '@shop/shared-api';
import { productFormSchema } from '@shop/shared-api/schemas';
import {
  Box,
  Button,
  ErrorAlert,
  FormField,
  Grid,
  Input,
  NativeSelect,
  Progress,
  ProductImage,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  useShopForm,
} from '@shop/shared-ui';
import { useState } from 'react';
import { ImagePicker } from './ImagePicker.tsx';

/** The multipart body the api reads: the fields, and each file under `images`. */
export function productFormData(values: ProductFormOutput): FormData {
  const form = new FormData();
  form.set('name', values.name);
  form.set('price', String(values.price));
  form.set('description', values.description);
  form.set('category', values.category);
  form.set('stock', String(values.stock));
  for (const file of values.images) form.append('images', file, file.name);
  return form;
}

interface ProductFormProps {
  /** The product being edited; none for a new one. */
  product?: Product;
  submitLabel: string;
  fallback: string;
  /** Sends the form; reports upload progress (0 to 1) while image files go up. */
  onSave: (form: FormData, onProgress: (fraction: number) => void) => Promise<void>;
}

/** Create and update: name, price, description, category, stock and images with previews. */
export function ProductForm({ product, submitLabel, fallback, onSave }: ProductFormProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const initialValues: ProductFormValues = {
    name: product?.name ?? '',
    price: product ? String(product.price) : '',
    description: product?.description ?? '',
    category: product?.category ?? PRODUCT_CATEGORIES[0],
    stock: product ? String(product.stock) : '',
    images: [],
  };
  const form = useShopForm({
    schema: productFormSchema,
    initialValues,
    describeFailure: failureMessage(fallback),
    onSubmit: async (values) => {
      setProgress(values.images.length ? 0 : null);
      try {
        await onSave(productFormData(values), (fraction) => setProgress(fraction));
      } finally {
        setProgress(null);
      }
    },
  });
  const percent = progress === null ? null : Math.round(progress * 100);
  const busyText = percent === null ? 'Saving' : percent < 100 ? `Uploading ${percent}%` : 'Saving';

  return (
    <Stack asChild gap="5">
      <form onSubmit={form.handleSubmit} noValidate aria-label={submitLabel}>
        {form.failure ? <ErrorAlert message={form.failure} /> : null}
        <FormField label="Name" error={form.errors.name} required>
          <Input {...form.field('name')} />
        </FormField>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="5">
          <FormField label="Price (₹)" error={form.errors.price} required>
            <Input
              {...form.field('price')}
              value={String(form.values.price ?? '')}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
            />
          </FormField>
          <FormField label="Stock" error={form.errors.stock} required>
            <Input
              {...form.field('stock')}
              value={String(form.values.stock ?? '')}
              type="number"
              inputMode="numeric"
              min={0}
              step="1"
            />
          </FormField>
        </Grid>
        <FormField label="Description" error={form.errors.description}>
          <Textarea {...form.field('description')} value={form.values.description ?? ''} rows={4} />
        </FormField>
        <FormField label="Category" error={form.errors.category}>
          <NativeSelect.Root>
            <NativeSelect.Field {...form.field('category')}>
              {PRODUCT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField
          label="Images"
          error={form.errors.images}
          helperText={
            product
              ? 'Choosing new images replaces the current ones. PNG, JPEG, GIF or WebP, up to 5 MB each.'
              : 'Several at once: PNG, JPEG, GIF or WebP, up to 5 MB each.'
          }
        >
          <ImagePicker
            files={form.values.images}
            onPick={(files) => form.setValue('images', files, { check: true })}
          />
        </FormField>
        {product && product.images.length ? (
          <Box>
            <Text fontSize="sm" fontWeight="medium" mb="2">
              Current images
            </Text>
            <SimpleGrid columns={{ base: 3, sm: 4, md: 6 }} gap="2">
              {product.images.map((image, index) => (
                <ProductImage
                  key={image.url}
                  src={image.url}
                  alt={`${product.name}, image ${index + 1}`}
                  width={120}
                />
              ))}
            </SimpleGrid>
          </Box>
        ) : null}
        {percent !== null ? (
          <Progress.Root value={percent} size="sm" colorPalette="brand" maxW="md">
            <Progress.Label>Uploading images</Progress.Label>
            <Progress.Track aria-label="Uploading images">
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText>{percent}%</Progress.ValueText>
          </Progress.Root>
        ) : null}
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="start"
          loading={form.busy}
          loadingText={busyText}
          disabled={form.succeeded}
        >
          {submitLabel}
        </Button>
      </form>
    </Stack>
  );
}
