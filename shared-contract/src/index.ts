export * from './deploy.ts';
export * from './federation.ts';
export type { PaymentsConfig, RemoteRelease, RuntimeConfig } from './runtime-config.ts';
export * from './server-rendering.ts';
export * from './releases.ts';
export * from './pictures.ts';
export * from './payment-status.ts';
