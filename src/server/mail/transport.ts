/**
 * The one port the sender delivers through, and its two adapters: SMTP (nodemailer over
 * `SMTP_URL`) and, when no SMTP server is configured, `.eml` files under `MAIL_DIR`, so the
 * two-command start still shows every message in the admin's "Sent mail" view.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type * as Nodemailer from 'nodemailer';
import type { ForgottenMail } from './retention.ts';

/** One message as the sender hands it to a transport. */
export interface OutgoingMail {
  id: number;
  createdAt: Date;
  /** Stable per row: a redelivery carries the same id (`<…@…>`). */
  messageId: string;
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** `smtp` hands messages to a server; `file` keeps them as `.eml` files under MAIL_DIR. */
  readonly kind: 'smtp' | 'file';
  /** Resolves once the message is accepted; rejects with the transport's error otherwise. */
  deliver(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
  /** Drops what it kept of messages the outbox deleted (file mode: their `.eml` files). */
  forget(mails: readonly ForgottenMail[]): Promise<void>;
  close(): void;
}

function toNodemailer(mail: OutgoingMail, signal: AbortSignal) {
  return {
    messageId: mail.messageId,
    date: mail.createdAt,
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    signal,
  };
}

/**
 * A nodemailer transporter made when the first message goes out: nodemailer's modules take
 * ≈ 12 MB in every process that loads them, and every serving process starts a sender that
 * mostly has nothing to send (decision 012).
 */
function lazyTransporter<T extends { close(): void }>(create: (nodemailer: typeof Nodemailer) => T): { get: () => Promise<T>; close: () => void } {
  let made: T | undefined;
  let making: Promise<T> | undefined;
  return {
    get: () => (making ??= import('nodemailer').then((nodemailer) => (made = create(nodemailer)))),
    close: () => made?.close(),
  };
}

/**
 * SMTP through nodemailer. Timeouts are shorter than nodemailer's defaults (10 min of socket
 * silence) so that every attempt ends well within the sender's lease on the row.
 */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = lazyTransporter(({ createTransport }) =>
    createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000, dnsTimeout: 30_000 }),
  );
  return {
    kind: 'smtp',
    async deliver(mail, signal) {
      await (await transporter.get()).sendMail(toNodemailer(mail, signal));
    },
    // Sent is sent: the SMTP server kept nothing of ours to delete.
    forget: async () => undefined,
    close: () => transporter.close(),
  };
}

/**
 * `<created time>-<row id>.eml`: `ls` lists them oldest first, and the name is the same for every
 * attempt at one row, so a redelivery after a crash rewrites the file instead of adding one.
 */
export function emlFileName(id: number, createdAt: Date): string {
  return `${createdAt.toISOString().replace(/[-:.]/g, '')}-${id}.eml`;
}

/** The `.eml` file of an outbox row, or undefined when there is none (SMTP mode, not written yet). */
export async function readEmlFile(mailDir: string, id: number, createdAt: Date): Promise<Buffer | undefined> {
  try {
    return await readFile(join(resolve(mailDir), emlFileName(id, createdAt)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes each message as an RFC 5322 file (nodemailer's stream transport builds the bytes). */
export function createFileTransport(mailDir: string): MailTransport {
  const transporter = lazyTransporter(({ createTransport }) => createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  const dir = resolve(mailDir);
  return {
    kind: 'file',
    async deliver(mail, signal) {
      const info = await (await transporter.get()).sendMail(toNodemailer(mail, signal));
      const bytes = info.message as Buffer;
      await mkdir(dir, { recursive: true });
      // Written aside then renamed: a reader never sees half a message.
      const target = join(dir, emlFileName(mail.id, mail.createdAt));
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async forget(mails) {
      await Promise.all(mails.map((mail) => rm(join(dir, emlFileName(mail.id, mail.createdAt)), { force: true })));
    },
    close: () => transporter.close(),
  };
}
