import { catalogChangesResponseSchema, catalogRevisionResponseSchema } from '@shop/shared-api/schemas';

export interface CatalogChangesOptions {
  /** The api's `/api/v1` address as this server reaches it. */
  apiUrl: string;
  /** How often the api is asked. */
  everyMs: number;
  /**
   * Called when the catalog's revision moved (not on the first answer), with the products whose pages
   * changed, or null when anything may have.
   */
  onChange: (products: readonly string[] | null) => void;
  log: (line: string) => void;
}

/**
 * Follows the catalog's changes (`GET /catalog/changes?since=N`, which moves with every catalog write on
 * any api instance and names the products each changed) and calls `onChange` when the revision moves: the
 * page cache drops those products' pages and the lists. An api older than that route (404) is followed by
 * its revision alone (`GET /catalog/revision`), every move dropping every page. While the api cannot be
 * asked, pages keep their own age limit (the cache's fresh and stale times), and one line says so.
 */
export function followCatalogChanges(options: CatalogChangesOptions) {
  const api = options.apiUrl.replace(/\/$/, '');
  let known: number | null = null;
  let revisionOnly = false;
  let failing = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const ask = (path: string) =>
    fetch(`${api}${path}`, { signal: AbortSignal.timeout(Math.max(options.everyMs, 1000)) });

  async function changesSinceKnown(): Promise<{ revision: number; products: readonly string[] | null }> {
    if (!revisionOnly) {
      const response = await ask(`/catalog/changes${known === null ? '' : `?since=${known}`}`);
      if (response.status === 404) revisionOnly = true;
      else {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return catalogChangesResponseSchema.parse(await response.json());
      }
    }
    const response = await ask('/catalog/revision');
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return { ...catalogRevisionResponseSchema.parse(await response.json()), products: null };
  }

  async function check() {
    try {
      const { revision, products } = await changesSinceKnown();
      if (known !== null && revision !== known) options.onChange(products);
      known = revision;
      if (failing) options.log(`catalog changes readable again at ${api}`);
      failing = false;
    } catch (error) {
      if (!failing)
        options.log(
          `catalog changes unreadable at ${api} (${error instanceof Error ? error.message : String(error)}): cached pages expire by age only`,
        );
      failing = true;
    }
  }

  async function loop() {
    await check();
    if (!stopped) timer = setTimeout(() => void loop(), options.everyMs);
    // The server's own lifetime decides when the process ends, not this poll.
    timer?.unref();
  }

  const first = loop();
  return {
    /** Resolves once the first revision was asked (read or not). */
    ready: first,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
