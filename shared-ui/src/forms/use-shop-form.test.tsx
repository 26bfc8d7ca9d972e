import type { StandardSchemaV1 } from '@standard-schema/spec';
import { act, renderHook } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
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

describe('a form the server rendered', () => {
  type Email = { email: string };
  const passThrough: StandardSchemaV1<Email, Email> = {
    '~standard': { version: 1, vendor: 'test', validate: (value) => ({ value: value as Email }) },
  };
  function EmailForm({ onSubmit, tick }: { onSubmit: (values: Email) => void; tick: number }) {
    const form = useShopForm({
      schema: passThrough,
      initialValues: { email: '' },
      onSubmit,
      describeFailure: () => 'failed',
    });
    return (
      <form onSubmit={form.handleSubmit} data-tick={tick}>
        <input aria-label="Email" {...form.field('email')} />
        <button type="submit">Send</button>
      </form>
    );
  }

  it('keeps the text typed before it was hydrated, through later renders, and sends it', async () => {
    const onSubmit = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<EmailForm onSubmit={onSubmit} tick={0} />);
    document.body.append(container);
    const input = container.querySelector('input')!;
    input.value = 'early@example.com';
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <EmailForm onSubmit={onSubmit} tick={0} />);
    });
    // Anything above re-rendering the form (a session found) writes the form's value into the field.
    await act(async () => root.render(<EmailForm onSubmit={onSubmit} tick={1} />));
    expect(input.value).toBe('early@example.com');
    await act(async () => container.querySelector('button')!.click());
    expect(onSubmit).toHaveBeenCalledWith({ email: 'early@example.com' });
    root.unmount();
    container.remove();
  });
});
