/**
 * `npm run db:seed [-- --events N --database <url> --uploads <dir>]`: migrates the database and
 * fills it with demo content, unless an edition already exists.
 */
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { DEFAULT_EVENT_COUNT, seedDatabase } from '../db/seed/generate.ts';

const MAX_EVENTS = 1_000_000;

class UsageError extends Error {
  override name = 'UsageError';
}

const usage = 'Usage: node scripts/db-seed.ts [--events N] [--database <url>] [--uploads <dir>]';

function readOptions(): { events: number; database: string; uploads: string } {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        events: { type: 'string' },
        database: { type: 'string' },
        uploads: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage}`);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const eventsText = values.events ?? String(DEFAULT_EVENT_COUNT);
  const events = Number(eventsText);
  if (!/^\d+$/.test(eventsText) || !Number.isSafeInteger(events) || events < 1 || events > MAX_EVENTS) {
    throw new UsageError(`--events must be a whole number from 1 to ${MAX_EVENTS.toLocaleString('en')}, got "${eventsText}".`);
  }
  const database = values.database ?? process.env.DATABASE_URL ?? 'file:./data/hub.db';
  if (!/^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/.test(database)) {
    throw new UsageError(`--database must start with file:, libsql://, http(s):// or ws(s)://, got "${database}".`);
  }
  const uploads = values.uploads ?? process.env.UPLOADS_DIR ?? './data/uploads';
  if (!uploads.trim()) throw new UsageError('--uploads must name a directory.');
  return { events, database, uploads };
}

function describeDatabase(url: string): string {
  return url.startsWith('file:') ? url : 'the remote database';
}

/**
 * A readable one-paragraph reason. Drizzle's query errors quote the whole multi-row statement
 * and its parameters, so the driver's own message (the cause) is the useful part.
 */
function describeError(error: unknown): string {
  const message = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
  return message.length > 500 ? `${message.slice(0, 500)}…` : message;
}

let db: Database | undefined;
try {
  const options = readOptions();
  db = await openDatabase({ url: options.database, authToken: process.env.DATABASE_AUTH_TOKEN });
  await migrateDatabase(db);
  const result = await seedDatabase(db, { events: options.events, uploadsDir: options.uploads, log: (message) => console.log(message) });
  if (!result.inserted) {
    console.log('Demo content already present; nothing to do.');
  } else {
    const c = result.counts;
    console.log(
      `Seeded ${c.events ?? 0} events, ${c.editions ?? 0} editions, ${c.curators ?? 0} curators, ` +
        `${c.organizers ?? 0} organizers, ${c.tags ?? 0} tags, ${c.medias ?? 0} medias and ${c.files ?? 0} files ` +
        `into ${describeDatabase(options.database)} in ${(result.ms / 1000).toFixed(1)} s.`,
    );
    console.log(
      Object.entries(c)
        .map(([table, count]) => `  ${table}: ${count}`)
        .join('\n'),
    );
  }
  db.$client.close();
} catch (error) {
  db?.$client.close();
  if (error instanceof UsageError) {
    console.error(error.message);
  } else {
    console.error(`Seeding failed (no demo content was written): ${describeError(error)}`);
  }
  process.exit(1);
}
