import type { StandardSchemaV1 } from '@standard-schema/spec';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';

/** The first message for each field; keys are the field names of the form's values. */
export type FieldErrors = Partial<Record<string, string>>;

export interface ShopFormOptions<Schema extends StandardSchemaV1<Record<string, unknown>, unknown>> {
  /** The shared-api schema of what is sent: the form shows exactly the rules the server applies. */
  schema: Schema;
  initialValues: StandardSchemaV1.InferInput<Schema>;
  /** Called with the parsed values once they pass the schema; a throw becomes the form's failure. */
  onSubmit: (values: StandardSchemaV1.InferOutput<Schema>) => Promise<void> | void;
  /** The text to show for a thrown error: the server's message or the screen's fallback text. */
  describeFailure: (error: unknown) => string;
  /** Called when the values do not pass the schema (a screen that must also say it in a toast). */
  onInvalid?: (errors: FieldErrors) => void;
}

export interface ShopForm<Values extends Record<string, unknown>> {
  values: Values;
  errors: FieldErrors;
  /** Why the last submit failed (shown above the form), or null. */
  failure: string | null;
  busy: boolean;
  /** True once a submit went through; screens that redirect afterwards keep the button disabled. */
  succeeded: boolean;
  /**
   * Sets one value. `check: true` validates that field at once (a picked file, a chosen option), where
   * typing fields wait for the submit.
   */
  setValue: <Name extends keyof Values & string>(
    name: Name,
    value: Values[Name],
    options?: { check?: boolean },
  ) => void;
  /**
   * Props for a text input bound to `name`: its value, its name (for focus on error), onChange, and a ref
   * through which the form takes what the browser already holds in the field when it attaches (below).
   */
  field: <Name extends keyof Values & string>(
    name: Name,
  ) => {
    name: Name;
    value: Values[Name];
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
    ref: (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => void;
  };
  setFailure: (message: string | null) => void;
  handleSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
}

/** A field whose value is the text it shows (not a box to tick, nor files). */
const holdsText = (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) =>
  !(element instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(element.type));

function firstErrors(issues: readonly StandardSchemaV1.Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const head = issue.path?.[0];
    const key = typeof head === 'object' ? head.key : head;
    errors[String(key ?? '')] ??= issue.message;
  }
  return errors;
}

/**
 * Every form of the shop: parse with the shared schema, show the first error of each field (and focus the
 * first field in error), stay busy while the submit runs, show its failure. A second submit while one is
 * running is ignored, so a double click sends once.
 */
export function useShopForm<Schema extends StandardSchemaV1<Record<string, unknown>, unknown>>(
  options: ShopFormOptions<Schema>,
): ShopForm<StandardSchemaV1.InferInput<Schema>> {
  type Values = StandardSchemaV1.InferInput<Schema>;
  const [values, setValues] = useState<Values>(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const running = useRef(false);
  // The values as of the last change, so two changes in one handler (country, then its state) both land.
  const latestValues = useRef(options.initialValues);

  const setValue = <Name extends keyof Values & string>(
    name: Name,
    value: Values[Name],
    { check = false }: { check?: boolean } = {},
  ) => {
    const next = { ...latestValues.current, [name]: value };
    latestValues.current = next;
    setValues(next);
    // The shopper is fixing this field: its old message no longer applies (or is checked again now).
    setErrors(({ [name]: _fixed, ...rest }) => rest);
    if (!check) return;
    const pending = options.schema['~standard'].validate(next);
    const showFieldError = (result: StandardSchemaV1.Result<unknown>) => {
      const message = result.issues ? firstErrors(result.issues)[name] : undefined;
      if (message) setErrors((current) => ({ ...current, [name]: message }));
    };
    if (pending instanceof Promise) void pending.then(showFieldError);
    else showFieldError(pending);
  };

  const handleSubmit = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (running.current) return;
    // Running from here: a second click while the schema still validates (one whose code loads on first
    // use, say) must not submit twice.
    running.current = true;
    const form = event?.currentTarget;
    const { schema, onSubmit, describeFailure } = options;
    try {
      // zod validates synchronously: the errors then show in the same render as the click, no await.
      const pending = schema['~standard'].validate(latestValues.current);
      const result = pending instanceof Promise ? await pending : pending;
      if (result.issues) {
        const found = firstErrors(result.issues);
        setErrors(found);
        options.onInvalid?.(found);
        const first = Object.keys(found)[0];
        const input = first ? form?.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`) : null;
        input?.focus();
        return;
      }
      setErrors({});
      setFailure(null);
      setBusy(true);
      await onSubmit(result.value);
      setSucceeded(true);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return {
    values,
    errors,
    failure,
    busy,
    succeeded,
    setValue,
    field: (name) => ({
      name,
      value: values[name],
      onChange: (event) => setValue(name, event.target.value as Values[typeof name]),
      // A field of a page the server rendered may hold text typed before React took the page over (or put
      // back by the browser): when React attaches the field, that text is the form's, not the empty value
      // it rendered, which its next render would otherwise write back over the text (issue 23: an email
      // typed the moment the forgot-password form appeared was wiped, 'Email is required').
      ref: (element) => {
        if (!element || !holdsText(element)) return;
        if (element.value !== String(latestValues.current[name] ?? ''))
          setValue(name, element.value as Values[typeof name]);
      },
    }),
    setFailure,
    handleSubmit,
  };
}
