import { defineConfig } from 'drizzle-kit';

// One set of migrations for PGlite and PostgreSQL, hand-written since 0006 (README.md, "Schema change"):
// drizzle-kit's snapshots stop at 0005, so what `db:generate` writes now is not a migration to commit.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
