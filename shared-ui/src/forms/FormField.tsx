import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormFieldProps {
  label: ReactNode;
  /** The field's message from `useShopForm().errors`; marks the input invalid for screen readers too. */
  error?: string | undefined;
  required?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  /** The input, select or textarea; Chakra's Field ties the label, help and error to it by id. */
  children: ReactNode;
}

/** One labelled field of a shop form: label, the control, help text, and its error message. */
export function FormField({
  label,
  error,
  required = false,
  helperText,
  disabled,
  children,
}: FormFieldProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      {children}
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
