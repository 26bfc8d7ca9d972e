/** The public links of the sticky bar and the mobile menu (docs/product.md, screens, Navigation). */
export const mainLinks = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/search', label: 'Search' },
] as const;
