/** The last sign-in a local account records (the team screen shows it), and the language it used. */
import { eq } from 'drizzle-orm';
import { authUsers } from '../../../../db/auth-schema.ts';
import { writeTransaction, type Database } from '../../../../db/client.ts';
import type { Locale } from '../../../i18n/config.ts';

/**
 * Notes that `userId` got a session at `at`, and the language of the page it signed in through
 * (its mail's language from then on); a failure is logged, never turned into a failed sign-in.
 */
export async function recordSignIn(db: Database, userId: string, at: Date | undefined, locale?: Locale): Promise<void> {
  try {
    await writeTransaction(db, (tx) =>
      tx
        .update(authUsers)
        .set({ lastSignInAt: at ?? new Date(), ...(locale ? { locale } : {}) })
        .where(eq(authUsers.id, userId)),
    );
  } catch (error) {
    console.error('[auth] could not record the last sign-in', error);
  }
}
