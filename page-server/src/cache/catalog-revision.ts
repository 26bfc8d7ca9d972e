import { catalogRevisionResponseSchema } from '@shop/shared-api/schemas';

export interface CatalogRevisionOptions {
  /** The api's `/api/v1` address as this server reaches it. */
  apiUrl: string;
  /** How often the revision is asked. */
  everyMs: number;
  /** Called when the revision moved (not on the first answer). */
  onChange: () => void;
  log: (line: string) => void;
}

/**
 * Follows the catalog's revision (`GET /catalog/revision`, which moves with every catalog write on any api
 * instance) and calls `onChange` when it moves: the page cache drops its pages. While the api cannot be
 * asked, pages keep their own age limit (the cache's fresh and stale times), and one line says so.
 */
export function followCatalogRevision(options: CatalogRevisionOptions) {
  const url = `${options.apiUrl.replace(/\/$/, '')}/catalog/revision`;
  let known: number | null = null;
  let failing = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function check() {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(Math.max(options.everyMs, 1000)) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { revision } = catalogRevisionResponseSchema.parse(await response.json());
      if (known !== null && revision !== known) options.onChange();
      known = revision;
      if (failing) options.log(`catalog revision readable again at ${url}`);
      failing = false;
    } catch (error) {
      if (!failing)
        options.log(
          `catalog revision unreadable at ${url} (${error instanceof Error ? error.message : String(error)}): cached pages expire by age only`,
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
