export { shopSystem } from './theme.ts';
export type { RemoteRoutesProps } from './federation.ts';
