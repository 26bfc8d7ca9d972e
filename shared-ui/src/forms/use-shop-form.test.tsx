import type { StandardSchemaV1 } from '@standard-schema/spec';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useShopForm } from './use-shop-form.ts';

type Card = { number: string };

/** A schema that answers when the test says (as one whose code is still downloading does). */
function heldSchema() {
  let answer: () => void = () => {};
  const schema: StandardSchemaV1<Card, Card> = {
    '~standard': {
      version: 1,
      vendor: 'test',
      validate: (value) =>
        new Promise((resolve) => {
          answer = () => resolve({ value: { number: (value as Card).number } });
        }),
    },
  };
  return { schema, answer: () => answer() };
}

describe('a form whose schema answers later', () => {
  it('submits once when the shopper presses twice while it validates', async () => {
    const held = heldSchema();
    const onSubmit = vi.fn();
    const { result } = renderHook(() =>
      useShopForm({
        schema: held.schema,
        initialValues: { number: '1234' },
        onSubmit,
        describeFailure: () => 'Payment failed',
      }),
    );
    let submits: Promise<void>[] = [];
    act(() => {
      submits = [result.current.handleSubmit(), result.current.handleSubmit()];
    });
    held.answer();
    await act(async () => {
      await Promise.all(submits);
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ number: '1234' });
  });

  it('says the failure when the schema cannot validate (its code did not download), and sends nothing', async () => {
    const onSubmit = vi.fn();
    const broken: StandardSchemaV1<Card, Card> = {
      '~standard': { version: 1, vendor: 'test', validate: () => Promise.reject(new Error('offline')) },
    };
    const { result } = renderHook(() =>
      useShopForm({
        schema: broken,
        initialValues: { number: '1234' },
        onSubmit,
        describeFailure: () => 'Payment failed',
      }),
    );
    await act(() => result.current.handleSubmit());
    expect(result.current.failure).toBe('Payment failed');
    expect(result.current.busy).toBe(false);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
