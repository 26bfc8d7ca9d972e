import type { StandardSchemaV1 } from '@standard-schema/spec';
import { loadOnce } from '@shop/shared-ui';

/** A form's schema whose code is downloaded when the form is first used, not with its page. */
export interface SchemaOnUse<Schema extends StandardSchemaV1> extends StandardSchemaV1<
  StandardSchemaV1.InferInput<Schema>,
  StandardSchemaV1.InferOutput<Schema>
> {
  /** Starts the download (a first focus, a finger on the button); validating waits for it anyway. */
  load: () => Promise<Schema>;
}

/**
 * The shared schema of a form behind a dynamic import: zod (about 27 KB gzip) then loads when the shopper
 * first touches the form instead of with the page (docs/performance.md, round 6). It validates exactly as
 * the loaded schema does, asynchronously until the schema is here and synchronously after, so its errors
 * still show in the render of the click. A failed download fails that one validation and is retried.
 */
export function schemaOnUse<Schema extends StandardSchemaV1>(
  load: () => Promise<Schema>,
): SchemaOnUse<Schema> {
  const loadSchema = loadOnce(load);
  let loaded: Schema | undefined;
  const loadAndKeep = () =>
    loadSchema().then((schema) => {
      loaded = schema;
      return schema;
    });
  return {
    load: loadAndKeep,
    '~standard': {
      version: 1,
      vendor: 'shop',
      validate: (value) =>
        loaded
          ? loaded['~standard'].validate(value)
          : loadAndKeep().then((schema) => schema['~standard'].validate(value)),
    },
  };
}
