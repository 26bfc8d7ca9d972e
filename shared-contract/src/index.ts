export * from './deploy.ts';
export * from './federation.ts';
