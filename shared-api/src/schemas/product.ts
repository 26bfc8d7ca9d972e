import { z } from 'zod';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_SORTS,
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES_PER_PRODUCT,
  SUGGEST_MIN_LENGTH,
  SUGGESTIONS_PER_ANSWER,
} from './constants.ts';
import {
  categorySchema,
  imageSchema,
  isoDateSchema,
  nameSchema,
  objectIdSchema,
  pageNumberSchema,
  rupeesSchema,
} from './common.ts';

export const reviewSchema = z.object({
  _id: objectIdSchema,
  user: z.object({ _id: objectIdSchema, name: z.string(), avatar: imageSchema }),
  name: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: isoDateSchema,
  /** When it was last changed: a second review by the same shopper updates the first. */
  updatedAt: isoDateSchema,
});
export type Review = z.infer<typeof reviewSchema>;

export const productSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  price: rupeesSchema.describe('rupees'),
  description: z.string(),
  images: z.array(imageSchema),
  stock: z.number().int().nonnegative(),
  ratings: z.number().min(0).max(5).describe('average review rating, 0 when unreviewed'),
  numOfReviews: z.number().int().nonnegative(),
  category: categorySchema,
  reviews: z.array(reviewSchema),
  createdAt: isoDateSchema,
});
export type Product = z.infer<typeof productSchema>;

/** A query value: qs turns repeated keys into arrays, which we refuse with a clear message. */
const queryNumber = (field: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

const emptyToUndefined = (value: unknown) => (value === '' || value === 'All' ? undefined : value);

/**
 * `GET /products?keyword&category&price[gte]&price[lte]&ratings[gte]&page&sort` (brackets parsed with qs).
 * `sort` is optional (issue 28): without it the list is in the spec's order, newest first.
 */
export const productListQuerySchema = z.object({
  keyword: z.string().trim().max(100, 'keyword must be at most 100 characters').optional(),
  category: z.preprocess(
    emptyToUndefined,
    z
      .enum(PRODUCT_CATEGORIES, { error: `category must be one of ${PRODUCT_CATEGORIES.join(', ')}` })
      .optional(),
  ),
  price: z
    .object({
      gte: queryNumber('price[gte]', 0, 100_000_000).optional(),
      lte: queryNumber('price[lte]', 0, 100_000_000).optional(),
    })
    .strict()
    .optional(),
  ratings: z
    .object({ gte: queryNumber('ratings[gte]', 0, 5).optional() })
    .strict()
    .optional(),
  page: pageNumberSchema(100_000).optional(),
  sort: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
  ),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const productListResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
  productsCount: z.number().int(),
  resultPerPage: z.number().int(),
  filteredProductsCount: z.number().int(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** `GET /products/suggest?q=`: what the search box holds so far. */
export const productSuggestQuerySchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(SUGGEST_MIN_LENGTH, `q must be at least ${SUGGEST_MIN_LENGTH} characters`)
    .max(100, 'q must be at most 100 characters'),
});
export type ProductSuggestQuery = z.input<typeof productSuggestQuerySchema>;

/** A suggestion carries what its line shows: name, first picture, price. */
export const productSuggestionSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  price: rupeesSchema.describe('rupees'),
  image: imageSchema.nullable().describe('the first picture, null when the product has none'),
});
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;

export const productSuggestResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSuggestionSchema).max(SUGGESTIONS_PER_ANSWER),
});
export type ProductSuggestResponse = z.infer<typeof productSuggestResponseSchema>;

export const productDetailResponseSchema = z.object({ success: z.literal(true), product: productSchema });
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;

export const adminProductsResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
});
export type AdminProductsResponse = z.infer<typeof adminProductsResponseSchema>;

/**
 * Create or update a product: form data (multipart, image files under `images`) or JSON. `images` may also be
 * image data URLs. On update, sending images replaces the old ones; sending none keeps them.
 */
export const productInputSchema = z.object({
  name: nameSchema('Product name', 200, 'Please enter product name'),
  price: z.coerce
    .number({ error: 'Price must be a number' })
    .min(0, 'Price cannot be negative')
    .max(10_000_000, 'Price is too high'),
  description: z.string().trim().max(5000, 'Description must be at most 5000 characters').default(''),
  category: categorySchema,
  stock: z.coerce
    .number({ error: 'Stock must be a number' })
    .int('Stock must be a whole number')
    .min(0, 'Stock cannot be negative')
    .max(1_000_000, 'Stock is too high'),
  images: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('image data URLs (or files in form data)'),
});
export type ProductInput = z.input<typeof productInputSchema>;

export const productCreatedResponseSchema = z.object({ success: z.literal(true), product: productSchema });
export type ProductCreatedResponse = z.infer<typeof productCreatedResponseSchema>;

/** `PUT /review`: form data or JSON. A second review by the same user updates the first. */
export const reviewInputSchema = z.object({
  rating: z.coerce
    .number({ error: 'Rating must be a number' })
    .int('Rating must be a whole number')
    .min(1, 'Rating must be between 1 and 5')
    .max(5, 'Rating must be between 1 and 5'),
  comment: z
    .string()
    .trim()
    .min(1, 'Please write a comment')
    .max(2000, 'Comment must be at most 2000 characters'),
  productId: objectIdSchema,
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const reviewsQuerySchema = z.object({ id: objectIdSchema });
export const deleteReviewQuerySchema = z.object({ id: objectIdSchema, productId: objectIdSchema });

export const reviewsResponseSchema = z.object({ success: z.literal(true), reviews: z.array(reviewSchema) });
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

/** A blank text box is a missing value, not 0 (z.coerce.number would read '' as 0). */
const requiredNumber = <Schema extends z.ZodType<number, unknown>>(schema: Schema, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .unknown()
      .refine((value): boolean => value !== undefined && value !== null, message)
      .pipe(schema),
  );

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File;

/**
 * The admin's product form in the browser: the fields of `productInputSchema` (name, price and stock
 * required, price and stock numeric) plus the picked image files, which are sent as multipart form data.
 */
export const productFormSchema = productInputSchema.omit({ images: true }).extend({
  price: requiredNumber(productInputSchema.shape.price, 'Please enter a price'),
  stock: requiredNumber(productInputSchema.shape.stock, 'Please enter the stock'),
  images: z
    .array(z.custom<File>(isFile, 'Please choose image files'))
    .max(MAX_PRODUCT_IMAGES_PER_PRODUCT, `At most ${MAX_PRODUCT_IMAGES_PER_PRODUCT} images per product`)
    .refine(
      (files) => files.every((file) => (PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)),
      'Only image files are allowed (PNG, JPEG, GIF or WebP)',
    )
    .refine(
      (files) => files.every((file) => file.size <= MAX_PRODUCT_IMAGE_BYTES),
      'Each image must be at most 5 MB',
    ),
});
export type ProductFormValues = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;
