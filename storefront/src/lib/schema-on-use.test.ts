import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expect, it, vi } from 'vitest';
import { schemaOnUse } from './schema-on-use.ts';

type Card = { number: string };
// A schema as the contract's card rules behave: four digits or 'Incomplete' on the field.
const cardRules: StandardSchemaV1<Card, Card> = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate: (value) => {
      const card = value as Card;
      return /^\d{4}$/.test(card.number)
        ? { value: { number: card.number } }
        : { issues: [{ message: 'Incomplete', path: ['number'] }] };
    },
  },
};

/** A download the test finishes when it chooses. */
function heldDownload() {
  let finish: (schema: typeof cardRules) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<typeof cardRules>((resolve) => {
        finish = resolve;
      }),
  );
  return { load, finish: (schema = cardRules) => finish(schema) };
}

describe('a schema loaded on use', () => {
  it('validates as the loaded schema, downloads it once, and answers at once when it is here', async () => {
    const download = heldDownload();
    const schema = schemaOnUse(download.load);
    const incomplete = schema['~standard'].validate({ number: '12' });
    const complete = schema['~standard'].validate({ number: '1234' });
    expect(incomplete).toBeInstanceOf(Promise);
    download.finish();
    await expect(incomplete).resolves.toEqual({ issues: [{ message: 'Incomplete', path: ['number'] }] });
    await expect(complete).resolves.toEqual({ value: { number: '1234' } });
    expect(schema['~standard'].validate({ number: '5678' })).toEqual({ value: { number: '5678' } });
    expect(download.load).toHaveBeenCalledTimes(1);
  });

  it('fails a validation whose download failed, and downloads again for the next', async () => {
    const load = vi.fn<() => Promise<typeof cardRules>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(cardRules);
    const schema = schemaOnUse(load);
    await expect(schema['~standard'].validate({ number: '1234' })).rejects.toThrow('offline');
    await expect(schema['~standard'].validate({ number: '1234' })).resolves.toEqual({
      value: { number: '1234' },
    });
  });
});
