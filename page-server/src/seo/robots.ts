/**
 * robots.txt: crawlers may read every public page, none behind sign-in (account, cart, checkout, orders,
 * the admin panel), and find the sitemap. `privatePaths` are the route patterns of those pages, as the
 * shell and the storefront declare them (`order/:id`): each is kept out by its fixed start (`/order/`).
 */
export function robotsTxt(shopUrl: string, privatePaths: readonly string[]): string {
  const fixedStart = (pattern: string) => {
    const path = `/${pattern.replace(/^\//, '')}`;
    const dynamic = path.search(/[:*]/);
    return dynamic === -1 ? path : path.slice(0, dynamic);
  };
  const starts = [...new Set(privatePaths.map(fixedStart))].sort();
  // `/order/` already keeps `/order/confirm` out.
  const prefixes = starts.filter(
    (start) => !starts.some((other) => other !== start && other.endsWith('/') && start.startsWith(other)),
  );
  return [
    'User-agent: *',
    ...prefixes.map((prefix) => `Disallow: ${prefix}`),
    'Allow: /',
    '',
    `Sitemap: ${shopUrl.replace(/\/$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}
