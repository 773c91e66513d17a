/**
 * An SMTP server (the `smtp-server` package) on loopback for the mail tests: it accepts every
 * message, parses it with mailparser, and lets a test wait for the message it expects. `env`
 * points the production server's sender at it. It can refuse the next messages (a 4xx or 5xx
 * reply) to exercise retries.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  replyTo: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  port: number;
  /** SMTP_URL / MAIL_FROM of an app node delivering to this server. */
  env: Record<string, string>;
  received: ReceivedMail[];
  /** Resolves with the first message (already received or to come) matching `predicate`. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The next `count` messages are refused with `code` (e.g. 451: try again later). */
  refuseNext(count: number, code?: number): void;
  stop(): Promise<void>;
}

function addresses(value: ParsedMail['to']): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((group) => group.value.map((entry) => entry.address ?? '')).filter(Boolean);
}

/** Starts an SMTP server on 127.0.0.1, any free port. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusals = 0;
  let refusalCode = 451;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Refused by the test server'), { responseCode: refusalCode })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            from: parsed.from?.value[0]?.address ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            replyTo: parsed.replyTo?.value[0]?.address ?? '',
            parsed,
          });
          waiters.forEach((wake) => wake());
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Edition Hub <hub@example.test>' },
    received,
    waitFor(predicate, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(predicate);
          if (!found) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`no matching mail within ${timeoutMs} ms; received: ${received.map((m) => `${m.to.join(',')} «${m.subject}»`).join('; ') || 'none'}`),
          );
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    refuseNext(count, code = 451) {
      refusals = count;
      refusalCode = code;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
