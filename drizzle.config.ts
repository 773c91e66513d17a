import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'turso',
  schema: ['./db/schema.ts', './db/auth-schema.ts'],
  out: './db/migrations',
  dbCredentials: {
    url: process.env.DATABASE_URL ?? 'file:./data/hub.db',
    ...(process.env.DATABASE_AUTH_TOKEN ? { authToken: process.env.DATABASE_AUTH_TOKEN } : {}),
  },
  // The FTS5 index and its shadow tables are created by a hand-written migration.
  tablesFilter: ['!search_fts*'],
  strict: true,
  verbose: true,
});
