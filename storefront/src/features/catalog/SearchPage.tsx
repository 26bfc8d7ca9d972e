import { Button, Heading, HStack, Input, Stack, usePageTitle, VisuallyHidden } from '@shop/shared-ui';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchAddress } from './catalog-address.ts';

/** `/search`: a blank keyword lists every product, any other the products matching it. */
export default function SearchPage() {
  usePageTitle('Search');
  const navigate = useNavigate();
  // The box is the browser's (uncontrolled): what a shopper types before the page is hydrated stays theirs
  // (a controlled box would be written back to the empty text React rendered).
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(searchAddress(String(new FormData(event.currentTarget).get('keyword') ?? '')));
  };
  return (
    <Stack py="16" align="center" gap="6">
      <Heading as="h1" size="2xl">
        Search Products
      </Heading>
      <HStack asChild w="full" maxW="xl" gap="2">
        <form role="search" aria-label="Search products" onSubmit={search}>
          <label htmlFor="search-keyword">
            <VisuallyHidden>Search a product</VisuallyHidden>
          </label>
          <Input
            id="search-keyword"
            type="search"
            placeholder="Search a product…"
            name="keyword"
            maxLength={100}
            autoFocus
            size="lg"
          />
          <Button type="submit" colorPalette="brand" size="lg">
            Search
          </Button>
        </form>
      </HStack>
    </Stack>
  );
}
