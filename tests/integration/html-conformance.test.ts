/**
 * Every public page type, and the admin's sign-in screens, in every locale, through the W3C Nu HTML
 * checker (the `vnu-jar` package, run on the Java the machine has): no page may have an error.
 * Pages are fetched from the built server (without demo content) with an event the test creates,
 * so each type is filled in (cover, gallery, curators, organizers, tags, files, venue, three locales).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { locales } from '../../src/i18n/config.ts';
import { createEvent, createFilledEvent, createUser } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let dir: string;
const pages: string[] = [];
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  dir = mkdtempSync(join(tmpdir(), 'hub-html-'));
  const admin = await createUser(server, 'admin');
  const { event, edition, curator, organizer, venue } = await createFilledEvent(admin);
  // Something on now, so "Now and next" lists events (the filled event is years ahead).
  await createEvent(admin, {
    status: 'published',
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    venueId: venue.id,
    eventStatus: 'postponed',
  });
  for (const locale of locales) {
    pages.push(
      `/${locale}/`,
      `/${locale}/hub`,
      `/${locale}/hub?view=list&when=all`,
      `/${locale}/hub/edition/${edition.slug}`,
      `/${locale}/hub/edition/${edition.slug}/schedule`,
      `/${locale}/hub/event/${event.slug}`,
      `/${locale}/hub/search?q=music`,
      `/${locale}/hub/about`,
      `/${locale}/hub/privacy-policy`,
      `/${locale}/hub/terms-and-conditions`,
      `/${locale}/hub/contact`,
      `/${locale}/hub/event/no-such-event`,
      `/${locale}/admin/sign-in`,
      `/${locale}/admin/sign-up`,
      `/${locale}/admin/sign-in/forgot-password`,
      `/${locale}/hub/agenda`,
      `/${locale}/hub/agenda?events=${event.id}`,
      `/${locale}/embed/events`,
      `/${locale}/embed/event/${event.slug}`,
      `/${locale}/hub/venue/${venue.slug}`,
      `/${locale}/hub/curator/${curator.slug}`,
      `/${locale}/hub/organizer/${organizer.slug}`,
      `/${locale}/hub/event/${event.slug}?tz=Asia/Tokyo`,
      `/${locale}/hub/time-zone?from=${encodeURIComponent(`/${locale}/hub/event/${event.slug}`)}`,
      `/${locale}/hub/today`,
      `/${locale}/hub/today?tz=Asia/Tokyo`,
      `/${locale}/hub/editions`,
      `/${locale}/hub/venues`,
      `/${locale}/hub/people`,
    );
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

/** Runs the checker on `files`; it exits non-zero when it finds errors, so its JSON is read either way. */
function checkHtml(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const output = stderr || stdout;
      try {
        resolve((JSON.parse(output) as { messages: VnuMessage[] }).messages);
      } catch {
        reject(error ?? new Error(`the HTML checker printed no report: ${output}`));
      }
    });
  });
}

it('every page type in every locale has no error in the W3C Nu HTML checker', { timeout: 180_000 }, async () => {
  const files: string[] = [];
  const nameOf = new Map<string, string>();
  for (const [index, path] of pages.entries()) {
    const response = await fetch(`${server.origin}${path}`);
    expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
    const file = join(dir, `page-${index}.html`);
    writeFileSync(file, await response.text());
    files.push(file);
    nameOf.set(`file:${file}`, path);
  }
  const messages = await checkHtml(files);
  const errors = messages
    .filter((message) => message.type === 'error')
    .map((message) => `${nameOf.get(message.url) ?? message.url}:${message.lastLine ?? '?'} ${message.message} [${message.extract ?? ''}]`);
  expect(errors).toEqual([]);
  expect(files).toHaveLength(locales.length * 29);
});
