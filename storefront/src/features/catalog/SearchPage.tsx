import { useProductSuggestions } from '@shop/shared-api';
import { Button, Heading, HStack, SearchCombobox, Stack, usePageTitle } from '@shop/shared-ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchAddress } from './catalog-address.ts';

/**
 * `/search`: a blank keyword lists every product, any other the products matching it; products are
 * suggested as the shopper types (issue 28), a picked one opened.
 */
export default function SearchPage() {
  usePageTitle('Search');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { suggestions, status } = useProductSuggestions(text);
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
      <HStack asChild w="full" maxW="xl" gap="2" align="start">
        <form role="search" aria-label="Search products" onSubmit={search}>
          <SearchCombobox
            id="search-keyword"
            name="keyword"
            label="Search a product"
            placeholder="Search a product…"
            size="lg"
            autoFocus
            onTextChange={setText}
            suggestions={suggestions}
            status={status}
            onChoose={(product) => navigate(`/product/${product._id}`)}
          />
          <Button type="submit" colorPalette="brand" size="lg">
            Search
          </Button>
        </form>
      </HStack>
    </Stack>
  );
}
