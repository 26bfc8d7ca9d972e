// One schema for PGlite and PostgreSQL, its tables in a file per part of the shop (tables/). drizzle-kit
// reads this file to generate the migrations (drizzle.config.ts), and the api imports its tables from here.
export * from './tables/accounts.ts';
export * from './tables/catalog.ts';
export * from './tables/orders.ts';
export * from './tables/payments.ts';
export * from './tables/invoices.ts';
export * from './tables/operations.ts';
export * from './tables/carts.ts';
