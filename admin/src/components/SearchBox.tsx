import { Field, Input } from '@shop/shared-ui';

interface SearchBoxProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/** A labelled search field for a list; the list follows as the admin types. */
export function SearchBox({ label, value, onChange, placeholder }: SearchBoxProps) {
  return (
    <Field.Root maxW={{ base: 'full', md: 'sm' }}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field.Root>
  );
}
