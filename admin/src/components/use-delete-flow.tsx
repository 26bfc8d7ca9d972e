import { errorMessage } from '@shop/shared-api';
import { ErrorAlert } from '@shop/shared-ui';
import { ConfirmDialog } from '@shop/shared-ui/overlays';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

interface DeleteFlowOptions<Target, Answer> {
  /** The spec's question, e.g. 'Are you sure you want to delete this product?' */
  question: string;
  remove: (target: Target) => Promise<Answer>;
  /** Query families the deletion changes; every list in them refreshes (the storefront's too). */
  invalidates: QueryKey[];
  /** The spec's fallback text when the server gives none. */
  fallback: string;
  onDeleted: (answer: Answer, target: Target) => void;
}

/**
 * Delete with confirmation: ask (ConfirmDialog), delete while the OK button is busy, then refresh the
 * changed lists and hand over to `onDeleted` (toast and redirect). A failure shows in an alert box.
 */
export function useDeleteFlow<Target, Answer = unknown>(
  options: DeleteFlowOptions<Target, Answer>,
): {
  ask: (target: Target) => void;
  dialog: ReactNode;
  failure: ReactNode;
} {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Target | null>(null);
  const mutation = useMutation({
    mutationFn: (value: Target) => options.remove(value),
    onSuccess: (answer, value) => {
      setTarget(null);
      // Marks every cached list of these families stale and refetches the ones on screen; not awaited, so
      // the redirect does not wait for a refetch.
      for (const queryKey of options.invalidates) void queryClient.invalidateQueries({ queryKey });
      options.onDeleted(answer, value);
    },
    onError: () => setTarget(null),
  });
  return {
    ask: (value) => {
      mutation.reset();
      setTarget(value);
    },
    dialog: (
      <ConfirmDialog
        open={target !== null}
        destructive
        title="Delete"
        confirmLabel="Delete"
        message={options.question}
        busy={mutation.isPending}
        onConfirm={() => {
          if (target !== null) mutation.mutate(target);
        }}
        onCancel={() => {
          if (!mutation.isPending) setTarget(null);
        }}
      />
    ),
    failure: mutation.isError ? (
      <ErrorAlert message={errorMessage(mutation.error, options.fallback)} />
    ) : null,
  };
}
