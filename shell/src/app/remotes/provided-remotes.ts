import type { RemoteRoutesProps } from '@shop/shared-contract';
import { createContext, type ComponentType } from 'react';
import type { RemoteName } from './remoteRegistry.ts';

/**
 * Remotes' routes already at hand, by name: a server render gets the storefront's from its server entry
 * (page-server/), as the browser gets them through federation. Empty in the browser.
 */
export const ProvidedRemotesContext = createContext<
  Partial<Record<RemoteName, ComponentType<RemoteRoutesProps>>>
>({});
