export * from './deploy.ts';
export * from './federation.ts';
export type { PaymentsConfig, RuntimeConfig } from './runtime-config.ts';
export * from './server-rendering.ts';
