import type { Product, ProductSummaryList } from '@shop/shared-api';
import type { PageHead } from '@shop/shared-contract';
import {
  addressOfFilters,
  catalogHeading,
  SORT_LABELS,
  type CatalogFilters,
} from '../features/catalog/catalog-address.ts';
import { PRODUCT_NOT_FOUND } from '../features/product/product-title.ts';

// What a server-rendered page says about itself to search engines and link previews. Titles are the ones
// the pages set in the browser (usePageTitle), so nothing changes when React takes over.

const SHOP = 'Shop';
const titled = (title: string) => (title ? `${title} | ${SHOP}` : SHOP);
const SCHEMA = 'https://schema.org';
/** Search engines show about this much of a description. */
export const DESCRIPTION_LENGTH = 160;

/** `text` on one line, cut at a word before `length` characters (with an ellipsis) when longer. */
export function summary(text: string, length = DESCRIPTION_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= length) return line;
  const cut = line.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

const rupees = (amount: number) => amount.toFixed(2);
const absolute = (shopUrl: string, path: string) => `${shopUrl.replace(/\/$/, '')}${path}`;

function breadcrumbs(shopUrl: string, trail: { name: string; path: string }[]) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absolute(shopUrl, step.path),
    })),
  };
}

const HOME_DESCRIPTION =
  'Laptops, phones, cameras, clothing and footwear at honest prices, in rupees. Free shipping on orders over ₹500, secure payment, 24/7 support and 30 day returns.';

export function homeHead(shopUrl: string): PageHead {
  return {
    title: titled(''),
    description: HOME_DESCRIPTION,
    canonical: absolute(shopUrl, '/'),
    type: 'website',
    structuredData: [
      {
        '@context': SCHEMA,
        '@type': 'WebSite',
        name: SHOP,
        url: absolute(shopUrl, '/'),
        // A search box for the shop in search results: the catalog's keyword address.
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: absolute(shopUrl, '/products/{search_term_string}') },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

export function catalogHead(shopUrl: string, filters: CatalogFilters, list: ProductSummaryList): PageHead {
  const heading = catalogHeading(filters);
  const scope = [
    filters.category !== 'All' ? `in ${filters.category}` : null,
    filters.ratings > 0 ? `rated ${filters.ratings} stars and up` : null,
    filters.price[0] > 0 || filters.price[1] < 25_000
      ? `from ₹${filters.price[0]} to ₹${filters.price[1]}`
      : null,
  ]
    .filter(Boolean)
    .join(', ');
  const pages = Math.max(1, Math.ceil(list.filteredProductsCount / list.resultPerPage));
  const count = list.filteredProductsCount;
  const order = filters.sort === 'newest' ? '' : `, ${SORT_LABELS[filters.sort].toLowerCase()}`;
  const description = summary(
    `${count} ${count === 1 ? 'product' : 'products'}${scope ? ` ${scope}` : ''}${order}${
      pages > 1 ? `, page ${filters.page} of ${pages}` : ''
    }: ${list.products.map((product) => product.name).join(', ') || 'none yet'}.`,
  );
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Products', path: '/products' },
    ...(filters.keyword || filters.category !== 'All'
      ? [
          {
            name: heading === 'Products' ? filters.category : heading,
            // The list itself: its first page, in the spec's order.
            path: addressOfFilters({ ...filters, page: 1, sort: 'newest' }),
          },
        ]
      : []),
  ];
  return {
    title: titled(heading),
    description,
    canonical: absolute(shopUrl, addressOfFilters(filters)),
    type: 'website',
    // A list that matched nothing is no page to keep.
    ...(count === 0 || list.products.length === 0 ? { noindex: true } : {}),
    structuredData: [breadcrumbs(shopUrl, trail)],
  };
}

export function productHead(shopUrl: string, product: Product): PageHead {
  const url = absolute(shopUrl, `/product/${product._id}`);
  const pictures = product.images.map((image) => image.url);
  const description = summary(
    product.description || `${product.name} in ${product.category}, ₹${rupees(product.price)}.`,
  );
  return {
    title: titled(product.name),
    description,
    canonical: url,
    type: 'product',
    ...(pictures[0] ? { picture: { url: pictures[0], alt: product.name } } : {}),
    structuredData: [
      {
        '@context': SCHEMA,
        '@type': 'Product',
        name: product.name,
        description: product.description || undefined,
        image: pictures,
        sku: product._id,
        productID: product._id,
        category: product.category,
        url,
        offers: {
          '@type': 'Offer',
          url,
          priceCurrency: 'INR',
          price: rupees(product.price),
          availability: `${SCHEMA}/${product.stock > 0 ? 'InStock' : 'OutOfStock'}`,
          itemCondition: `${SCHEMA}/NewCondition`,
        },
        ...(product.numOfReviews > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: Number(product.ratings.toFixed(1)),
                reviewCount: product.numOfReviews,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
      breadcrumbs(shopUrl, [
        { name: 'Home', path: '/' },
        { name: 'Products', path: '/products' },
        { name: product.category, path: `/products?category=${encodeURIComponent(product.category)}` },
        { name: product.name, path: `/product/${product._id}` },
      ]),
    ],
  };
}

export function productNotFoundHead(shopUrl: string, pathname: string): PageHead {
  return {
    title: titled(PRODUCT_NOT_FOUND),
    description: 'This product may have been removed, or the link is mistyped.',
    canonical: absolute(shopUrl, pathname),
    type: 'website',
    noindex: true,
    structuredData: [],
  };
}

export function searchHead(shopUrl: string): PageHead {
  return {
    title: titled('Search'),
    description: 'Search the shop’s laptops, phones, cameras, clothing and footwear by name.',
    canonical: absolute(shopUrl, '/search'),
    type: 'website',
    structuredData: [],
  };
}
