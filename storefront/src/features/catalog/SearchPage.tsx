import { Button, Heading, HStack, Input, Stack, usePageTitle, VisuallyHidden } from '@shop/shared-ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchAddress } from './catalog-address.ts';

/** `/search`: a blank keyword lists every product, any other the products matching it. */
export default function SearchPage() {
  usePageTitle('Search');
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchAddress(keyword));
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
            value={keyword}
            maxLength={100}
            onChange={(event) => setKeyword(event.target.value)}
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
