/** What a CDN may do with a public rendered page: keep it a minute, serve it stale while it asks again. */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/** A page that is not the same for a long time or for everyone (a frame, a fallback): ask every time. */
export const PRIVATE_PAGE_CACHE = 'private, no-cache';

/** robots.txt: what it says changes with a release, rarely; an hour old is fine. */
export const ROBOTS_CACHE = 'public, max-age=3600';

/** A file named by its content's hash (`/assets/`, the global sheet): it never changes, keep it a year. */
export const IMMUTABLE_FILE_CACHE = 'public, max-age=31536000, immutable';

/** A file of the release: hashed names are kept for good, everything else is revalidated. */
export const staticCacheControl = (pathname: string) =>
  /\/assets\//.test(pathname) ? IMMUTABLE_FILE_CACHE : 'no-cache';
