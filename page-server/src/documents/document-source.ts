import type { RuntimeConfig } from '@shop/shared-contract';
import { shellDocuments, type ShellDocuments } from './shell-document.ts';

/** How long the documents of a manifest that may change in place are used before they are made again. */
const LIVE_DOCUMENTS_MS = 5000;
/** Documents of this many configs are kept: a few releases (a canary and its fall-back) and their pins. */
const KEPT = 16;

/**
 * The shell's documents (its deploy step, shell-document.ts) for a visitor's config: pinned to the
 * storefront release's own browser manifest when one is rendered with (the page hydrates with the code it
 * was rendered from, whatever release goes live meanwhile), made once per release; else for the config's
 * manifest, made again every few seconds in the background, so a release without a server entry that
 * replaced the manifest in place is still picked up.
 */
export function createDocumentSource(shellDir: string, timeoutMs: number) {
  const made = new Map<string, { at: number; documents: Promise<ShellDocuments> }>();
  const make = (config: RuntimeConfig) => shellDocuments(shellDir, config, { timeoutMs });
  return {
    for(visitorConfig: RuntimeConfig, pinnedManifest: string | null): Promise<ShellDocuments> {
      const config = pinnedManifest
        ? { ...visitorConfig, remotes: { ...visitorConfig.remotes, storefront: pinnedManifest } }
        : visitorConfig;
      const key = JSON.stringify(config);
      const entry = made.get(key);
      if (!entry) {
        if (made.size >= KEPT) made.delete(made.keys().next().value!);
        const documents = make(config);
        made.set(key, { at: Date.now(), documents });
        return documents;
      }
      if (!pinnedManifest && Date.now() - entry.at > LIVE_DOCUMENTS_MS) {
        // The old documents serve until the new ones are made.
        entry.at = Date.now();
        make(config)
          .then((documents) => (entry.documents = Promise.resolve(documents)))
          .catch(() => {});
      }
      return entry.documents;
    },
  };
}
