/**
 * Mentions and review mails under Clerk (docs/decisions/061, 064; issue 33): the team is Clerk's
 * users, read from its Backend API (the stand-in), not the local accounts table. A contributor's
 * review request mails the Clerk publishers whose editions (public metadata) cover the item, in
 * their Clerk language; a decision mails the contributor; a mention mails the Clerk user named
 * and the picker lists those who may open items. Clerk down: the note and the request still save,
 * the picker says the team could not be loaded, nothing answers 5xx.
 */
import { exportSPKI, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { adminClient, type AdminClient } from '../helpers/admin-client.ts';
import { startClerkBackend, type ClerkBackendStandIn } from '../helpers/clerk-backend.ts';
import { CLERK_DIST, CLERK_PUBLISHABLE_KEY, CLERK_SECRET_KEY, ensureClerkBuild } from '../helpers/clerk-build.ts';
import { clerkCookies, mintClerkSession } from '../helpers/clerk-session.ts';
import { createEdition, createEvent, uniqueName, type Created } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { readMailFile } from '../helpers/mail-files.ts';

let server: TestServer;
let clerkApi: ClerkBackendStandIn;
let privateKey: CryptoKey;
let admin: AdminClient;
let contributor: AdminClient;
let publisherA: AdminClient;
let ownEdition: Created;
let otherEdition: Created;

const ADMIN = { id: 'user_boss', email: 'boss@clerk-team.example' };
const PUBLISHER_A = { id: 'user_pub_a', email: 'pub-a@clerk-team.example' };
const PUBLISHER_B = { id: 'user_pub_b', email: 'pub-b@clerk-team.example' };
const CONTRIBUTOR = { id: 'user_contrib', email: 'contrib@clerk-team.example' };
const UNVERIFIED = { id: 'user_unverified', email: 'unverified@clerk-team.example' };
const NO_ROLE = { id: 'user_visitor', email: 'visitor@clerk-team.example' };

/** A client signed in as a Clerk user whose token carries `claims` (ten minutes long, for the whole file). */
async function signedIn(user: { id: string; email: string }, claims: JWTPayload): Promise<AdminClient> {
  const token = await mintClerkSession(
    { sub: user.id, email: user.email, email_verified: true, ...claims },
    { key: privateKey, origin: server.origin, ttl: 600 },
  );
  return adminClient(server.origin, clerkCookies(token));
}

interface OutboxRow {
  id: number;
  recipient: string;
  locale: string;
  subject: string;
  kind: string;
}

const mailsOfKind = (kind: string) =>
  server.query<OutboxRow>('SELECT id, recipient, locale, subject, kind FROM mail_outbox WHERE kind = ? ORDER BY id', [kind]);
const usersListings = () => clerkApi.requests.filter((request) => request.method === 'GET' && request.path === '/v1/users').length;

beforeAll(async () => {
  ensureClerkBuild();
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  clerkApi = await startClerkBackend([
    { id: ADMIN.id, email: ADMIN.email, firstName: 'Bea', lastName: 'Boss', publicMetadata: { role: 'admin' } },
    // Editions are filled in below, once the editions exist.
    { id: PUBLISHER_A.id, email: PUBLISHER_A.email, firstName: 'Anna', publicMetadata: { role: 'editor' }, locale: 'de-DE' },
    { id: PUBLISHER_B.id, email: PUBLISHER_B.email, firstName: 'Bruno', publicMetadata: { role: 'editor' }, locale: 'fr' },
    { id: CONTRIBUTOR.id, email: CONTRIBUTOR.email, firstName: 'Cleo', publicMetadata: { role: 'contributor' }, locale: 'fr-CA' },
    // A role, but an address Clerk has not verified: never mailed, never offered.
    { id: UNVERIFIED.id, email: UNVERIFIED.email, firstName: 'Ulla', publicMetadata: { role: 'editor' }, emailVerified: false },
    { id: NO_ROLE.id, email: NO_ROLE.email, firstName: 'Vic' },
  ]);
  server = await startTestServer({
    HUB_DIST_DIR: CLERK_DIST,
    HUB_DEMO: '0',
    HUB_MAIL_POLL_MS: '200',
    PUBLIC_CLERK_PUBLISHABLE_KEY: CLERK_PUBLISHABLE_KEY,
    CLERK_SECRET_KEY: CLERK_SECRET_KEY,
    CLERK_JWT_KEY: await exportSPKI(pair.publicKey),
    CLERK_API_URL: clerkApi.url,
  });
  admin = await signedIn(ADMIN, { role: 'admin', name: 'Bea Boss' });
  ownEdition = await createEdition(admin);
  otherEdition = await createEdition(admin);
  clerkApi.users.get(PUBLISHER_A.id)!.publicMetadata = { role: 'editor', editions: [ownEdition.id] };
  clerkApi.users.get(PUBLISHER_B.id)!.publicMetadata = { role: 'editor', editions: [otherEdition.id] };
  clerkApi.users.get(CONTRIBUTOR.id)!.publicMetadata = { role: 'contributor', editions: [ownEdition.id] };
  contributor = await signedIn(CONTRIBUTOR, { role: 'contributor', name: 'Cleo', editions: [ownEdition.id] });
  publisherA = await signedIn(PUBLISHER_A, { role: 'editor', name: 'Anna', editions: [ownEdition.id] });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await clerkApi?.stop();
});

describe('Clerk unreachable', () => {
  it('still saves a note with a mention and a review request, mails nobody, and the picker says the team could not be loaded', async () => {
    const event = await createEvent(contributor, { editionId: ownEdition.id, translations: { en: { title: uniqueName('Offline event') } } });
    clerkApi.failNext(1_000);
    try {
      const before = clerkApi.requests.length;
      const note = await contributor.call('POST', `/api/admin/notes/events/${event.id}`, { body: `<@${PUBLISHER_A.id}> while Clerk is away` });
      expect(note.status, JSON.stringify(note.body)).toBe(201);
      const listed = await contributor.call<{ notes: { body: string }[]; team: unknown[]; teamUnavailable: boolean }>(
        'GET',
        `/api/admin/notes/events/${event.id}`,
      );
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ team: [], teamUnavailable: true });
      expect(listed.body.notes.map((entry) => entry.body)).toEqual([`<@${PUBLISHER_A.id}> while Clerk is away`]);
      const page = await contributor.request('GET', `/en/admin/events/${event.id}`, undefined, { accept: 'text/html' });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(getTranslator('en')('admin.notes.teamUnavailable'));

      const submitted = await contributor.call('POST', `/api/admin/review/events/${event.id}/submit`, { version: event.version });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      expect(submitted.body).toMatchObject({ status: 'waiting' });
      // Clerk was asked (and failed): the saves did not skip the directory, they got no answer.
      expect(clerkApi.requests.length).toBeGreaterThan(before);
      expect(await mailsOfKind('note-mention')).toEqual([]);
      expect(await mailsOfKind('review-request')).toEqual([]);
      expect(server.logs()).toContain('team directory unavailable');
    } finally {
      clerkApi.failNext(0);
    }
  });
});

describe('the team is Clerk’s', () => {
  it('mails a contributor’s review request to the Clerk publishers whose editions cover the item, and the decision back', async () => {
    const t = { de: getTranslator('de'), en: getTranslator('en'), fr: getTranslator('fr') };
    const title = uniqueName('Clerk reviewed event');
    const event = await createEvent(contributor, { editionId: ownEdition.id, translations: { en: { title } } });
    const submitted = await contributor.call('POST', `/api/admin/review/events/${event.id}/submit`, { version: event.version, message: 'Ready?' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);

    const requests = (await mailsOfKind('review-request')).filter((row) => row.subject.includes(title));
    // Anna (editions: this one, German in Clerk) and the unlimited admin (no Clerk language: the default);
    // not Bruno (another edition), the unverified editor, the role-less user or the contributor.
    expect(requests.map((row) => [row.recipient, row.locale]).sort()).toEqual([
      [ADMIN.email, 'en'],
      [PUBLISHER_A.email, 'de'],
    ]);
    const toAnna = requests.find((row) => row.recipient === PUBLISHER_A.email)!;
    expect(toAnna.subject).toContain(t.de('review.mail.submitted.subject', { who: CONTRIBUTOR.email, title }));
    const parsed = await readMailFile(server.dir, toAnna.id);
    expect(parsed.to).toMatchObject({ text: PUBLISHER_A.email });
    expect(parsed.text).toContain(`/de/admin/events/${event.id}#review`);

    const sentBack = await publisherA.call('POST', `/api/admin/review/events/${event.id}/request-changes`, { comment: 'Add the venue' });
    expect(sentBack.status, JSON.stringify(sentBack.body)).toBe(200);
    const decisions = (await mailsOfKind('review-decision')).filter((row) => row.subject.includes(title));
    expect(decisions.map((row) => [row.recipient, row.locale])).toEqual([[CONTRIBUTOR.email, 'fr']]);
    expect(decisions[0]!.subject).toContain(t.fr('review.mail.changes.subject', { who: PUBLISHER_A.email, title }));
  });

  it('offers the Clerk users who may open items to mention, mails the one named, and refuses the others', async () => {
    const title = uniqueName('Mentioned event');
    const event = await createEvent(contributor, { editionId: ownEdition.id, translations: { en: { title } } });
    const listed = await contributor.call<{ team: { id: string; label: string }[]; teamUnavailable: boolean }>('GET', `/api/admin/notes/events/${event.id}`);
    expect(listed.body.teamUnavailable).toBe(false);
    expect(listed.body.team).toEqual([
      { id: PUBLISHER_A.id, label: 'Anna' },
      { id: ADMIN.id, label: 'Bea Boss' },
      { id: PUBLISHER_B.id, label: 'Bruno' },
      { id: CONTRIBUTOR.id, label: 'Cleo' },
    ]);

    // Read once a minute: the page and the API again do not list Clerk's users anew.
    const listings = usersListings();
    expect((await contributor.request('GET', `/en/admin/events/${event.id}`, undefined, { accept: 'text/html' })).status).toBe(200);
    await contributor.call('GET', `/api/admin/notes/events/${event.id}`);
    expect(usersListings()).toBe(listings);

    const note = await contributor.call('POST', `/api/admin/notes/events/${event.id}`, { body: `<@${PUBLISHER_B.id}> can you look?` });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const mentions = (await mailsOfKind('note-mention')).filter((row) => row.recipient === PUBLISHER_B.email);
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatchObject({ locale: 'fr' });
    expect(mentions[0]!.subject).toContain(getTranslator('fr')('notes.mail.subject', { author: CONTRIBUTOR.email, title }));

    for (const person of [NO_ROLE, UNVERIFIED]) {
      const refused = await contributor.call('POST', `/api/admin/notes/events/${event.id}`, { body: `<@${person.id}> hello` });
      expect(refused.status, person.id).toBe(422);
      expect(refused.body).toMatchObject({ code: 'MENTION_NO_ACCESS' });
    }
    expect((await mailsOfKind('note-mention')).map((row) => row.recipient)).not.toContain(NO_ROLE.email);
  });
});
