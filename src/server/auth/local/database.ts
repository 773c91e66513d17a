/**
 * better-auth's Drizzle adapter, with every write it makes queued through `writeTransaction`.
 * The embedded driver waits for SQLite's write lock synchronously; a better-auth write landing
 * while one of our write transactions is open would block the event loop until the busy timeout.
 * So: its transactions run as our queued write transactions, and each single write outside a
 * transaction becomes a one-statement queued transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuthSchema } from '../../../../db/auth-schema.ts';
import { writeTransaction, type Database, type Executor } from '../../../../db/client.ts';

const writeMethods = ['create', 'update', 'updateMany', 'delete', 'deleteMany', 'consumeOne', 'incrementOne'] as const;

/** The open queued write transaction of better-auth, to catch a write that would wait for itself. */
const insideQueuedWrite = new AsyncLocalStorage<Executor>();

/** `db` whose `transaction()` joins the process-wide write queue. */
function withQueuedTransactions(db: Database): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'transaction') {
        return (work: Parameters<Database['transaction']>[0]) => writeTransaction(target, (tx) => insideQueuedWrite.run(tx, () => work(tx)));
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

type AdapterFactory = ReturnType<typeof drizzleAdapter>;
type AdapterInstance = ReturnType<AdapterFactory>;
type WriteMethod = (typeof writeMethods)[number];

/** The better-auth database option for local accounts on `db`. */
export function createSerialisedAdapter(db: Database): AdapterFactory {
  const factory = drizzleAdapter(withQueuedTransactions(db), {
    provider: 'sqlite',
    schema: betterAuthSchema,
    transaction: true,
  });
  return ((options) => {
    const adapter: AdapterInstance = factory(options);
    for (const method of writeMethods) {
      // Writes inside better-auth's own transactions go to the transaction's adapter, not here.
      const queued = (args: unknown) => {
        if (insideQueuedWrite.getStore()) {
          throw new Error(`better-auth wrote (${method}) outside its open transaction; it would wait for itself`);
        }
        return adapter.transaction((trx) => (trx[method] as (a: unknown) => Promise<unknown>)(args));
      };
      (adapter as Record<WriteMethod, unknown>)[method] = queued;
    }
    return adapter;
  }) as AdapterFactory;
}

/**
 * Runs `work` in better-auth's open write transaction when called from inside one (a database
 * hook), else in a queued transaction of its own: mail for an account change is written with it.
 */
export function runInAuthWrite<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  const open = insideQueuedWrite.getStore();
  return open ? work(open) : writeTransaction(db, work);
}
