/**
 * The outbox sender against a real SMTP server on loopback (docs/decisions/017): messages are
 * queued straight into the server's database file, as a request's transaction would, and must
 * arrive once, localized, with text and HTML; retried after a temporary refusal, given up after
 * a permanent one; delivered once when two app nodes share the database; delivered after a
 * restart; and written as `.eml` files when no SMTP server is configured.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, writeTransaction, type Database } from '../../db/client.ts';
import type { Locale } from '../../src/i18n/config.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { composeMail } from '../../src/server/mail/compose.ts';
import { enqueueMail, type MailRequest } from '../../src/server/mail/outbox.ts';
import { claimDueMailIn } from '../../src/server/mail/queue.ts';
import { MailSender } from '../../src/server/mail/sender.ts';
import { eraseMailAbout } from '../../src/server/mail/retention.ts';
import { createFileTransport, emlFileName, type MailTransport } from '../../src/server/mail/transport.ts';
import { createTestDatabase, makeTempDir, type TestDatabase } from '../helpers/db.ts';
import { get, signUp } from '../helpers/auth.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp-server.ts';

interface OutboxRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
  sent_at: number | null;
  text: string;
  html: string;
}

/** Quick retries and polls: the behaviour is the production one, on a shorter clock. */
const FAST = { HUB_MAIL_RETRY_BASE_MS: '50', HUB_MAIL_POLL_MS: '200', HUB_DEMO: '0' };

let counter = 0;
function request(overrides: Partial<MailRequest> & { locale?: Locale } = {}): MailRequest {
  counter += 1;
  const locale = overrides.locale ?? 'en';
  const subject = `Test message ${counter} ${Date.now()}`;
  return {
    cause: `test:${counter}:${Date.now()}`,
    kind: 'contact-reply',
    to: `person${counter}@example.test`,
    locale,
    mail: composeMail({ locale, subject, paragraphs: ['Hello there.'], action: { label: 'Open', url: 'https://hub.example.test/x' } }),
    ...overrides,
  };
}

async function enqueue(db: Database, mail: MailRequest): Promise<boolean> {
  return writeTransaction(db, (tx) => enqueueMail(tx, mail));
}

async function rowOf(server: TestServer, cause: string): Promise<OutboxRow> {
  const [row] = await server.query<OutboxRow>('SELECT * FROM mail_outbox WHERE cause = ?', [cause]);
  if (!row) throw new Error(`no outbox row for ${cause}`);
  return row;
}

/** Waits until the row of `cause` reaches `status` (the sender works in the server's process). */
function waitForStatus(server: TestServer, cause: string, status: string): Promise<OutboxRow> {
  return vi.waitFor(
    async () => {
      const row = await rowOf(server, cause);
      if (row.status !== status) throw new Error(`row is ${row.status}, expected ${status}`);
      return row;
    },
    { timeout: 20_000, interval: 50 },
  );
}

describe('over SMTP', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let db: Database;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ ...smtp.env, ...FAST });
    db = await openDatabase({ url: server.databaseUrl });
  });

  afterAll(async () => {
    db?.$client.close();
    await server?.stop();
    await smtp?.stop();
  });

  it('delivers a localized message with text, HTML, the site name and a stable Message-ID', async () => {
    const mail = request({ locale: 'fr', replyTo: 'visitor@example.test' });
    expect(await enqueue(db, mail)).toBe(true);
    const received = await smtp.waitFor((m) => m.subject === mail.mail.subject);
    expect(received.to).toEqual([mail.to]);
    expect(received.from).toBe('hub@example.test');
    expect(received.replyTo).toBe('visitor@example.test');
    expect(received.subject).toContain('Edition Hub');
    expect(received.text).toContain('Hello there.');
    expect(received.text).toContain('https://hub.example.test/x');
    expect(received.html).toContain('<a href="https://hub.example.test/x"');
    expect(received.html).toContain('Edition Hub');
    expect(received.html).toContain('<html lang="fr">');

    const row = await waitForStatus(server, mail.cause, 'sent');
    expect(row.attempts).toBe(1);
    expect(row.sent_at).not.toBeNull();
    // Derived from the row: a redelivery after a crash would carry the same id.
    expect(row.message_id).toMatch(new RegExp(`^<outbox\\.${row.id}\\.\\d+@example\\.test>$`));
    expect(received.messageId).toBe(row.message_id);
    // Not sensitive: the body stays for the admin's "Sent mail" view.
    expect(row.text).toContain('Hello there.');
  });

  it('clears the body of a sensitive message once delivered', async () => {
    const mail = request({ sensitive: true });
    await enqueue(db, mail);
    const received = await smtp.waitFor((m) => m.subject === mail.mail.subject);
    expect(received.text).toContain('https://hub.example.test/x');
    const row = await waitForStatus(server, mail.cause, 'sent');
    expect(row.text).toBe('');
    expect(row.html).toBe('');
  });

  it('sends one message for a cause enqueued twice', async () => {
    const mail = request();
    expect(await enqueue(db, mail)).toBe(true);
    expect(await enqueue(db, { ...mail, mail: { ...mail.mail, subject: `${mail.mail.subject} again` } })).toBe(false);
    // A later message arrives after both would have: then count.
    const later = request();
    await enqueue(db, later);
    await smtp.waitFor((m) => m.subject === later.mail.subject);
    await waitForStatus(server, mail.cause, 'sent');
    expect(smtp.received.filter((m) => m.subject.startsWith(mail.mail.subject))).toHaveLength(1);
    expect(await server.query('SELECT id FROM mail_outbox WHERE cause = ?', [mail.cause])).toHaveLength(1);
  });

  it('retries after temporary refusals (4xx) and then delivers', async () => {
    smtp.refuseNext(2, 451);
    const mail = request();
    await enqueue(db, mail);
    const received = await smtp.waitFor((m) => m.subject === mail.mail.subject);
    expect(received.to).toEqual([mail.to]);
    const row = await waitForStatus(server, mail.cause, 'sent');
    expect(row.attempts).toBe(3);
    expect(row.last_error).toBeNull();
    expect(smtp.received.filter((m) => m.subject === mail.mail.subject)).toHaveLength(1);
  });

  it('gives up at once on a permanent refusal (5xx)', async () => {
    smtp.refuseNext(1, 550);
    const mail = request();
    await enqueue(db, mail);
    const row = await waitForStatus(server, mail.cause, 'failed');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/^550: /);
    // Not retried: a later message goes through while the failed one stays undelivered.
    const later = request();
    await enqueue(db, later);
    await smtp.waitFor((m) => m.subject === later.mail.subject);
    expect(smtp.received.some((m) => m.subject === mail.mail.subject)).toBe(false);
    expect((await rowOf(server, mail.cause)).attempts).toBe(1);
  });

  it('never shows an admin the one-time link of a message that is not delivered', async () => {
    smtp.refuseNext(1, 550);
    const mail = request({ sensitive: true });
    await enqueue(db, mail);
    const row = await waitForStatus(server, mail.cause, 'failed');
    expect(row.text).toContain('https://hub.example.test/x');
    // The first account of this server is its admin.
    const admin = await signUp(server.origin, 'mail-sender-admin@example.test');
    const page = await get(server.origin, `/en/admin/mail/${row.id}`, admin);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(getTranslator('en')('admin.mail.bodyHidden'));
    expect(html).not.toContain('https://hub.example.test/x');
  });

  it('delivers each message once when two app nodes share the database', async () => {
    const second = await startTestServer({ ...smtp.env, ...FAST }, { sharingWith: server });
    try {
      const mails = Array.from({ length: 12 }, () => request());
      // One transaction, so both nodes find all of them due at the same moment.
      await writeTransaction(db, async (tx) => {
        for (const mail of mails) await enqueueMail(tx, mail);
      });
      for (const mail of mails) await waitForStatus(server, mail.cause, 'sent');
      for (const mail of mails) await smtp.waitFor((m) => m.subject === mail.mail.subject);
      for (const mail of mails)
        expect(
          smtp.received.filter((m) => m.subject === mail.mail.subject),
          mail.mail.subject,
        ).toHaveLength(1);
      const rows = await server.query<OutboxRow>(
        `SELECT * FROM mail_outbox WHERE cause IN (${mails.map(() => '?').join(',')})`,
        mails.map((m) => m.cause),
      );
      expect(rows.map((row) => row.attempts)).toEqual(mails.map(() => 1));
    } finally {
      await second.stop();
    }
  });

  it('delivers a message whose sender died mid-send once its lease runs out, with the same Message-ID', async () => {
    const mail = request();
    // Another process claims the row (in the transaction that queues it, so the server cannot
    // take it first) and then dies without delivering or recording anything.
    const [claimed] = await writeTransaction(db, async (tx) => {
      await enqueueMail(tx, mail);
      return claimDueMailIn(tx, { now: new Date(), leaseMs: 1_000, limit: 100, messageIdDomain: 'example.test' });
    });
    expect(claimed).toMatchObject({ cause: mail.cause, attempts: 1 });
    const received = await smtp.waitFor((m) => m.subject === mail.mail.subject);
    expect(received.messageId).toBe(claimed!.messageId);
    const row = await waitForStatus(server, mail.cause, 'sent');
    expect(row.attempts).toBe(2);
    expect(row.sent_at).toBeGreaterThanOrEqual(claimed!.leaseUntil.getTime());
    expect(smtp.received.filter((m) => m.subject === mail.mail.subject)).toHaveLength(1);
  });

  it('delivers from the worker processes, once each, and the workers stop cleanly', async () => {
    // A database of its own: only the workers can deliver these.
    const workers = await startTestServer({ ...smtp.env, ...FAST, HUB_WORKERS: '2' });
    const workersDb = await openDatabase({ url: workers.databaseUrl });
    try {
      const mails = Array.from({ length: 6 }, () => request());
      await writeTransaction(workersDb, async (tx) => {
        for (const mail of mails) await enqueueMail(tx, mail);
      });
      for (const mail of mails) await smtp.waitFor((m) => m.subject === mail.mail.subject);
      for (const mail of mails) await waitForStatus(workers, mail.cause, 'sent');
      for (const mail of mails) expect(smtp.received.filter((m) => m.subject === mail.mail.subject)).toHaveLength(1);
    } finally {
      workersDb.$client.close();
      await workers.stop();
    }
    expect(workers.process.exitCode).toBe(0);
  });

  it('delivers a message queued while the server was stopped once it is back', async () => {
    await server.stop();
    // SIGTERM drains: the sender stopped cleanly with the rest.
    expect(server.process.exitCode).toBe(0);
    const mail = request({ locale: 'de' });
    await enqueue(db, mail);
    const queued = await db.$client.execute({ sql: 'SELECT status FROM mail_outbox WHERE cause = ?', args: [mail.cause] });
    expect(queued.rows[0]?.status).toBe('pending');
    server = await startTestServer({ ...smtp.env, ...FAST }, { sharingWith: server });
    const received = await smtp.waitFor((m) => m.subject === mail.mail.subject);
    expect(received.to).toEqual([mail.to]);
    await waitForStatus(server, mail.cause, 'sent');
  });
});

describe('without SMTP_URL', () => {
  let server: TestServer;
  let db: Database;
  let mailDir: string;

  beforeAll(async () => {
    mailDir = join(makeTempDir('hub-mail-'), 'mail');
    server = await startTestServer({ ...FAST, MAIL_DIR: mailDir, PUBLIC_SITE_URL: 'https://hub.example.org' });
    db = await openDatabase({ url: server.databaseUrl });
  });

  afterAll(async () => {
    db?.$client.close();
    await server?.stop();
  });

  it('writes each message as an .eml file under MAIL_DIR, named by time and row id', async () => {
    const mail = request({ sensitive: true });
    await enqueue(db, mail);
    const row = await waitForStatus(server, mail.cause, 'sent');
    const files = readdirSync(mailDir).filter((name) => name.endsWith(`-${row.id}.eml`));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-\d+\.eml$/);
    const parsed = await simpleParser(readFileSync(join(mailDir, files[0]!)));
    expect(parsed.subject).toBe(mail.mail.subject);
    expect(parsed.text).toContain('Hello there.');
    expect(parsed.html).toContain('https://hub.example.test/x');
    expect(parsed.messageId).toBe(row.message_id);
    // No MAIL_FROM: the site name at the site's host.
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Edition Hub', address: 'no-reply@hub.example.org' });
    // The file is what the admin reads: the body stays in file mode, even when sensitive.
    expect(row.text).toContain('Hello there.');
  });
});

describe('the sender in its process', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database?.close());

  it('abandons a delivery that outlasts the grace period and gives its row back, attempt uncounted', async () => {
    let started!: () => void;
    const delivering = new Promise<void>((resolve) => (started = resolve));
    // A mail server that never answers: the delivery ends only when the sender aborts it.
    const hanging: MailTransport = {
      kind: 'smtp',
      deliver: (_mail, signal) =>
        new Promise((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
      forget: async () => undefined,
      close: () => undefined,
    };
    const sender = new MailSender({ db: database.db, transport: hanging, from: 'hub@example.test', retryBaseMs: 50, pollMs: 60_000, stopGraceMs: 50 });
    const mail = request();
    await enqueue(database.db, mail);
    sender.start();
    await delivering;
    await sender.stop();
    const { rows } = await database.db.$client.execute({
      sql: 'SELECT status, attempts, lease_until, last_error FROM mail_outbox WHERE cause = ?',
      args: [mail.cause],
    });
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0, lease_until: null, last_error: null });
  });
});

describe('retention', () => {
  let database: TestDatabase;
  const DAY = 24 * 60 * 60 * 1000;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database?.close());

  /** Queues a message and moves it `daysAgo` into the past with `status`. */
  async function aged(status: 'pending' | 'sent' | 'failed', daysAgo: number, to = `aged${counter}@example.test`): Promise<{ id: number; createdAt: Date }> {
    const mail = request({ to, replyTo: 'visitor@example.test' });
    await enqueue(database.db, mail);
    const at = Date.now() - daysAgo * DAY;
    await database.db.$client.execute({
      sql: 'UPDATE mail_outbox SET status = ?, created_at = ?, sent_at = ? WHERE cause = ?',
      args: [status, at, status === 'sent' ? at : null, mail.cause],
    });
    const { rows } = await database.db.$client.execute({ sql: 'SELECT id FROM mail_outbox WHERE cause = ?', args: [mail.cause] });
    return { id: Number(rows[0]!['id']), createdAt: new Date(at) };
  }

  const ids = async () => (await database.db.$client.execute('SELECT id FROM mail_outbox')).rows.map((row) => Number(row['id']));

  it('deletes sent and failed mail after twelve months, with its .eml file, and keeps the rest', async () => {
    const mailDir = makeTempDir('hub-mail-retention-');
    const oldSent = await aged('sent', 400);
    const oldFailed = await aged('failed', 400);
    const recent = await aged('sent', 300);
    const waiting = await aged('pending', 400);
    await database.db.$client.execute({ sql: 'UPDATE mail_outbox SET next_attempt_at = ? WHERE id = ?', args: [Date.now() + DAY, waiting.id] });
    for (const row of [oldSent, recent]) writeFileSync(join(mailDir, emlFileName(row.id, row.createdAt)), 'kept');

    const sender = new MailSender({ db: database.db, transport: createFileTransport(mailDir), from: 'hub@example.test', retryBaseMs: 50, pollMs: 60_000 });
    sender.start();
    try {
      await vi.waitFor(
        async () => {
          const left = await ids();
          if (left.includes(oldSent.id) || left.includes(oldFailed.id)) throw new Error('old mail still there');
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await sender.stop();
    }
    expect(await ids()).toEqual(expect.arrayContaining([recent.id, waiting.id]));
    expect(existsSync(join(mailDir, emlFileName(oldSent.id, oldSent.createdAt)))).toBe(false);
    expect(existsSync(join(mailDir, emlFileName(recent.id, recent.createdAt)))).toBe(true);
  });

  it('erases every message to or about one address on request', async () => {
    const to = await aged('sent', 1, 'Erase.Me@example.test');
    const about = await aged('pending', 0, 'admin@example.test');
    await database.db.$client.execute({ sql: "UPDATE mail_outbox SET reply_to = 'erase.me@example.test' WHERE id = ?", args: [about.id] });
    const other = await aged('sent', 1, 'someone.else@example.test');
    const erased = await writeTransaction(database.db, (tx) => eraseMailAbout(tx, ' erase.me@EXAMPLE.test '));
    expect(erased.map((row) => row.id).sort()).toEqual([to.id, about.id].sort());
    const left = await ids();
    expect(left).toContain(other.id);
    expect(left).not.toContain(to.id);
    expect(left).not.toContain(about.id);
  });
});
