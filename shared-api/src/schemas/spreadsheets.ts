import { z } from 'zod';
import { dayField, instantSchema } from './admin-activity.ts';
import { objectIdSchema } from './common.ts';
import { MAX_IMPORT_BYTES } from './constants.ts';
import { productFormSchema } from './product.ts';

/**
 * `GET /admin/orders/export.csv?from=&to=`: the order lines of the orders placed from `from` (inclusive)
 * to `to` (exclusive), both ISO 8601 instants, oldest first; either left out is no bound. The admin's page
 * turns the days it shows into the instants of its own time zone, as the Activity screen does.
 */
export const orderExportQuerySchema = z
  .object({ from: instantSchema('from').optional(), to: instantSchema('to').optional() })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    path: ['to'],
    message: 'to must be after from',
  });
export type OrderExportQuery = z.input<typeof orderExportQuerySchema>;

/** The orders page's export form: the days from and to, inclusive, in the admin's time zone; blank is open. */
export const orderExportFormSchema = z
  .object({ from: dayField('From'), to: dayField('To') })
  .refine((days) => !days.from || !days.to || days.from <= days.to, {
    path: ['to'],
    message: 'To must be on or after From',
  });
export type OrderExportDays = z.output<typeof orderExportFormSchema>;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * One row of a products CSV import, its cells by column name: the product form's own rules (the fields
 * `productInputSchema` checks when a product is created or updated, a blank price or stock a missing
 * value rather than 0), and an optional id (blank: a new product).
 */
export const productCsvRowSchema = productFormSchema.omit({ images: true }).extend({
  id: z.preprocess(blankToUndefined, objectIdSchema.optional()),
});
export type ProductCsvRow = z.output<typeof productCsvRowSchema>;

/** A row the import refused: its number as a spreadsheet shows it (the header is row 1) and why. */
export const badCsvRowSchema = z.object({
  row: z.number().int().positive(),
  reason: z.string(),
});
export type BadCsvRow = z.infer<typeof badCsvRowSchema>;

/** `POST /admin/products/import`, every row applied in one transaction. */
export const productImportResponseSchema = z.object({
  success: z.literal(true),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative().describe('rows identical to their product: nothing written'),
});
export type ProductImportResponse = z.infer<typeof productImportResponseSchema>;

/** The import's 400: no row was applied; the bad rows, the first MAX_LISTED_BAD_ROWS of them, and their count. */
export const productImportRefusedSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  // Defaults: the route's other 400s (text that cannot be stored, say) name no row.
  badRowsCount: z.number().int().nonnegative().default(0),
  badRows: z.array(badCsvRowSchema).default([]),
});
export type ProductImportRefused = z.infer<typeof productImportRefusedSchema>;

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File;

/** The products page's import form: one CSV file, within the size the api takes. */
export const productImportFormSchema = z.object({
  file: z
    .unknown()
    .refine(isFile, 'Please choose a CSV file')
    .pipe(z.custom<File>())
    .refine(
      (file) => /\.csv$/i.test(file.name) || file.type === 'text/csv',
      'Please choose a CSV file (.csv)',
    )
    .refine(
      (file) => file.size <= MAX_IMPORT_BYTES,
      `The file must be at most ${MAX_IMPORT_BYTES / (1024 * 1024)} MB`,
    ),
});
export type ProductImportFormValues = z.input<typeof productImportFormSchema>;
