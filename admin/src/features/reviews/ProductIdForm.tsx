import { Button, Field, HStack, Input, Stack, Text } from '@shop/shared-ui';
import { useState, type FormEvent } from 'react';
import { PRODUCT_ID_LENGTH } from './review-rules.ts';

interface ProductIdFormProps {
  /** The product whose reviews are shown ('' before the first search). */
  productId: string;
  onSearch: (productId: string) => void;
  searching: boolean;
}

/** The product id box: it searches by itself once 24 characters are typed, or on Search; blank is refused. */
export function ProductIdForm({ productId, onSearch, searching }: ProductIdFormProps) {
  const [typed, setTyped] = useState(productId);
  const [missing, setMissing] = useState(false);
  const search = (id: string) => {
    setMissing(false);
    onSearch(id);
  };
  const onType = (value: string) => {
    const id = value.trim();
    setTyped(value);
    if (id.length === PRODUCT_ID_LENGTH && id !== productId) search(id);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = typed.trim();
    if (id) search(id);
    else setMissing(true);
  };
  return (
    <Stack asChild gap="2">
      <form onSubmit={onSubmit} noValidate role="search" aria-label="Find a product's reviews">
        <HStack align="end" gap="2" maxW="xl">
          <Field.Root required invalid={missing}>
            <Field.Label>Product ID</Field.Label>
            <Input
              value={typed}
              onChange={(event) => onType(event.target.value)}
              maxLength={64}
              fontFamily="mono"
              spellCheck={false}
              autoComplete="off"
            />
            <Field.ErrorText>Please enter a product ID</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={searching} loadingText="Searching">
            Search
          </Button>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          The search starts by itself once the id is {PRODUCT_ID_LENGTH} characters long.
        </Text>
      </form>
    </Stack>
  );
}
