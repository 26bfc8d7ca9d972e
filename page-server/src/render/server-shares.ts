import { registerHooks } from 'node:module';

/**
 * How a remote's server entry gets the shell's shared packages on the page server, as the federation
 * runtime hands them to the remote in the browser: the entry is built with its shares left as bare imports
 * (`import { useState } from 'react'`), fetched from its release over HTTP, and imported under its own
 * address; Node's module hooks answer those bare imports of release modules with small modules that
 * re-export the shell's copies. One React, one router, one query cache in every render.
 *
 * A release's module stays in Node's module cache for the life of the process (ES modules cannot be
 * unloaded): each release loaded costs its code's memory once (docs/federation.md, "Server rendering").
 */

const LENT = Symbol.for('shop.page-server.shares');
const SHARE_URL = 'shop-share:';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

type Lent = Record<string, Record<string, unknown>>;
const registry = globalThis as typeof globalThis & { [LENT]?: Lent };

/** Sources of release modules being imported, by address (Node's load hook is synchronous). */
const pending = new Map<string, string>();
/** Addresses of the release modules imported so far: only their bare imports are answered with shares. */
const releaseModules = new Set<string>();
let hooksRegistered = false;

/** The module that stands for a share: each export of the shell's copy, under the same name. */
function shareModule(name: string): string {
  const shared = registry[LENT]?.[name];
  if (!shared) throw new Error(`no shared module ${name} is lent to release modules`);
  const names = Object.keys(shared).filter((key) => key !== 'default' && key !== '__esModule');
  const lines = [
    `const shared = globalThis[Symbol.for('shop.page-server.shares')][${JSON.stringify(name)}];`,
  ];
  lines.push(`export default ('default' in shared ? shared.default : shared);`);
  names.forEach((key, index) => {
    lines.push(`const v${index} = shared[${JSON.stringify(key)}];`);
    lines.push(`export { v${index} as ${IDENTIFIER.test(key) ? key : JSON.stringify(key)} };`);
  });
  return lines.join('\n');
}

function registerShareHooks() {
  if (hooksRegistered) return;
  hooksRegistered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (parent && releaseModules.has(parent)) {
        if (registry[LENT]?.[specifier]) return { url: `${SHARE_URL}${specifier}`, shortCircuit: true };
        if (specifier.startsWith('node:')) return nextResolve(specifier, context);
        // A release's server build bundles everything else: anything more is a build fault, named here.
        throw new Error(`${parent} imports ${specifier}, which is neither bundled in it nor a share`);
      }
      if (pending.has(specifier)) return { url: specifier, shortCircuit: true };
      return nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      if (url.startsWith(SHARE_URL))
        return { format: 'module', source: shareModule(url.slice(SHARE_URL.length)), shortCircuit: true };
      const source = pending.get(url);
      if (source !== undefined) return { format: 'module', source, shortCircuit: true };
      return nextLoad(url, context);
    },
  });
}

/** Makes `shares` (the shell's copies, by import name) what release modules' bare imports resolve to. */
export function lendShares(shares: Record<string, object>): void {
  registry[LENT] = shares as Lent;
  registerShareHooks();
}

/**
 * Imports a release module from its source, under its own (hashed, never reused) address. A module with
 * the same address is the same module: it is imported once.
 */
export async function importReleaseModule(url: string, source: string): Promise<Record<string, unknown>> {
  registerShareHooks();
  pending.set(url, source);
  releaseModules.add(url);
  try {
    return (await import(url)) as Record<string, unknown>;
  } finally {
    pending.delete(url);
  }
}
