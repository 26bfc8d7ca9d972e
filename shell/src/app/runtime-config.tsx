import { createContext, use } from 'react';
import type { RuntimeConfig } from './config.ts';

/** This deployment's config.json, for the shell's own code (remotes receive it as a prop, see RemoteRoutes). */
export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = use(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig needs the ShopProviders around it');
  return config;
}
