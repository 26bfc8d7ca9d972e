import { parseRuntimeConfig, type RuntimeConfig } from '@shop/shared-contract';

export type { RuntimeConfig };

declare global {
  interface Window {
    /** config.json as fetched by index.html's boot script, before the shell's scripts arrived. */
    __shopConfig?: Promise<unknown>;
  }
}

async function fetchConfig(): Promise<unknown> {
  const response = await fetch('/config.json');
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return response.json();
}

/** config.json, written at deploy time beside the shell's files (the deploy contract, shared-contract). */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  return parseRuntimeConfig(await (window.__shopConfig ?? fetchConfig()));
}
