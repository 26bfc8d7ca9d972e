import { defineConfig } from 'drizzle-kit';

// One set of migrations for PGlite and PostgreSQL: `pnpm --filter @shop/api db:generate` after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
