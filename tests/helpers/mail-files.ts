/** The `.eml` file a test server writes under MAIL_DIR for an outbox row (no SMTP configured), parsed. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { vi } from 'vitest';

/** Waits until the outbox row `outboxId` is written as a file in `serverDir`/mail, and parses it. */
export async function readMailFile(serverDir: string, outboxId: number): Promise<ParsedMail> {
  const dir = join(serverDir, 'mail');
  const file = await vi.waitFor(
    () => {
      const name = readdirSync(dir).find((entry) => entry.endsWith(`-${outboxId}.eml`));
      if (!name) throw new Error('not written yet');
      return join(dir, name);
    },
    { timeout: 20_000, interval: 100 },
  );
  return simpleParser(readFileSync(file));
}
