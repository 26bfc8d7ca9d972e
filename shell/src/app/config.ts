import type { RuntimeConfig } from '@shop/shared-contract';

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

/**
 * config.json, written at deploy time beside the shell's files (the deploy contract, shared-contract).
 * The deploy step writes it into the page already checked (`#shop-config`, scripts/lib/shell-document.ts);
 * one fetched as a plain file is checked here, and only then is its schema (and zod) downloaded.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const raw = await (window.__shopConfig ?? fetchConfig());
  if (document.getElementById('shop-config')) return raw as RuntimeConfig;
  const { parseRuntimeConfig } = await import('@shop/shared-contract/runtime-config');
  return parseRuntimeConfig(raw);
}
