/** A product page's key ends with its address, `/product/<id>` and perhaps a query (page-server.ts). */
const PRODUCT_PAGE = /(?:^| )\/product\/([^/?\s]+)(?:\?\S*)?$/;

/**
 * Which cached pages a catalog change touches: the changed products' own pages, and every page that lists
 * products (home, the catalog and its searches, the sitemap) whichever products changed, since a list's
 * members, order and counts may move with any of them. Every other product's page stays: it shows that
 * product alone.
 */
export function pagesTouchedBy(products: readonly string[]): (key: string) => boolean {
  const changed = new Set(products);
  return (key) => {
    const product = PRODUCT_PAGE.exec(key)?.[1];
    return product === undefined || changed.has(product);
  };
}
