import { defineConfig } from 'drizzle-kit';

// One set of migrations for PGlite and PostgreSQL: `pnpm --filter @shop/api db:generate` drafts the next
// after a schema change (README.md, "Schema change": what it does not write is added by hand).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
