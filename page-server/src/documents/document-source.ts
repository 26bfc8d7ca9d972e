import type { RuntimeConfig } from '@shop/shared-contract';
import { shellDocuments, type ShellDocuments } from './shell-document.ts';

/** How long the documents of the live storefront manifest are used before they are made again. */
const LIVE_DOCUMENTS_MS = 5000;

/**
 * The shell's documents (its deploy step, shell-document.ts) for a storefront release: pinned to the
 * release's own browser manifest when one is rendered with (the page hydrates with the code it was rendered
 * from, whatever release goes live meanwhile), made once per release; else for the live manifest, made
 * again every few seconds in the background, so a release without a server entry is still picked up.
 */
export function createDocumentSource(shellDir: string, config: RuntimeConfig, timeoutMs: number) {
  const made = new Map<string, { at: number; documents: Promise<ShellDocuments> }>();
  const make = (manifestUrl: string) => {
    const documents = shellDocuments(
      shellDir,
      { ...config, remotes: { ...config.remotes, storefront: manifestUrl } },
      { timeoutMs },
    );
    // Pinned releases come and go: keep the last few.
    if (made.size >= 8) made.delete(made.keys().next().value!);
    made.set(manifestUrl, { at: Date.now(), documents });
    return documents;
  };
  return {
    for(pinnedManifest: string | null): Promise<ShellDocuments> {
      const manifestUrl = pinnedManifest ?? config.remotes.storefront;
      const entry = made.get(manifestUrl);
      if (!entry) return make(manifestUrl);
      if (!pinnedManifest && Date.now() - entry.at > LIVE_DOCUMENTS_MS) {
        // The old documents serve until the new ones are made.
        entry.at = Date.now();
        const next = shellDocuments(shellDir, config, { timeoutMs });
        next.then((documents) => (entry.documents = Promise.resolve(documents))).catch(() => {});
      }
      return entry.documents;
    },
  };
}
