import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { WholeStylesOnNavigation } from './WholeStylesOnNavigation.tsx';

describe('WholeStylesOnNavigation', () => {
  it('applies the held global sheet when the page moves to another address, not before', () => {
    document.head.innerHTML =
      '<style id="shop-global-styles">:where(html){--chakra-colors-fg:#111}</style>' +
      '<link rel="stylesheet" media="print" data-shop-whole-sheet="spin" />';
    const held = document.querySelector('link')!;
    render(
      <MemoryRouter initialEntries={['/about']}>
        <WholeStylesOnNavigation />
        <Routes>
          <Route path="/about" element={<Link to="/products">Products</Link>} />
          <Route path="/products" element={<h1>Products</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(held.media).toBe('print');
    fireEvent.click(screen.getByRole('link', { name: 'Products' }));
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(held.media).toBe('all');
    document.head.innerHTML = '';
  });
});
