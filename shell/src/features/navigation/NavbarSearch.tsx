import { useProductSuggestions } from '@shop/shared-api';
import { Box, SearchCombobox } from '@shop/shared-ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * The keyword list's address, by the /search page's rule (docs/product.md, validation): a blank keyword
 * (after trimming) lists every product, any other the products whose name holds it.
 */
const searchAddress = (keyword: string) => {
  const trimmed = keyword.trim();
  return trimmed ? `/products/${encodeURIComponent(trimmed)}` : '/products';
};

/**
 * The bar's search box (issue 28): products suggested as the shopper types, a picked one opened; Enter
 * on the typed text lists its literal matches exactly as the /search page does.
 */
export function NavbarSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { suggestions, status } = useProductSuggestions(text);
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(searchAddress(String(new FormData(event.currentTarget).get('keyword') ?? '')));
  };
  return (
    <Box asChild w="full" maxW="xs" hideBelow="lg">
      <form role="search" aria-label="Shop search" onSubmit={search}>
        <SearchCombobox
          id="navbar-search"
          name="keyword"
          label="Search the shop"
          placeholder="Search products…"
          size="sm"
          onTextChange={setText}
          suggestions={suggestions}
          status={status}
          onChoose={(product) => navigate(`/product/${product._id}`)}
        />
      </form>
    </Box>
  );
}
