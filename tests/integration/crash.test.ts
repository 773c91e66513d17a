/**
 * Durability under a crash: the production server takes a burst of concurrent admin writes
 * (creates with translations and relations, and PATCHes), is killed with SIGKILL in the middle of
 * it, and restarted on the same database. Then the file passes `PRAGMA integrity_check`, every
 * write that was acknowledged with a 2xx is there exactly as acknowledged, and no item is
 * half-written: each one the burst created has all its translations, links, search rows and its
 * audit entry, or does not exist at all.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { adminClient, startAdminServer, type AdminClient } from '../helpers/admin-client.ts';
import { createCurator, createOrganizer, createTag } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API bodies are checked field by field
type Item = Record<string, any>;

interface Tracked {
  collection: 'events' | 'tags';
  slug: string;
  /** The body of the last 2xx answer for this item (undefined: its create was never answered). */
  acked?: Item;
  /** The PATCH that was in flight when the server died, if any. */
  pending?: { version: number; summary: string; tagIds: number[] };
}

const WORKERS = 8;
/** Acknowledged writes after which the server is killed (the burst is still going). */
const KILL_AFTER_ACKS = 40;

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

const servers: TestServer[] = [];
let db: Database | undefined;
afterAll(async () => {
  db?.$client.close();
  for (const server of servers) await server.stop();
});

/** Ids of `count` new rows to link to, made before the burst. */
async function makeIds(admin: AdminClient, make: typeof createTag, count: number): Promise<number[]> {
  return (await Promise.all(Array.from({ length: count }, () => make(admin)))).map((item) => item.id);
}

function eventBody(slug: string, tagIds: number[], curatorIds: number[], organizerIds: number[]): Item {
  return {
    slug,
    startsAt: '2032-06-01T19:00:00+02:00',
    endsAt: '2032-06-01T22:00:00+02:00',
    timeZone: 'Europe/Paris',
    venueAddress: 'Quai 4, Lyon',
    tagIds,
    curatorIds,
    organizerIds,
    translations: {
      en: { title: `Crash ${slug}`, summary: 'English summary' },
      fr: { title: `Panne ${slug}`, summary: 'Résumé en français' },
      de: { title: `Absturz ${slug}`, summary: 'Deutsche Zusammenfassung' },
    },
  };
}

describe('crash in the middle of a write burst', () => {
  it('keeps every acknowledged write whole, and nothing half-written', { timeout: 240_000 }, async () => {
    const first = await startAdminServer();
    servers.push(first.server);
    const admin = first.admin;
    const tags = await makeIds(admin, createTag, 5);
    const curators = await makeIds(admin, createCurator, 3);
    const organizers = await makeIds(admin, createOrganizer, 3);

    const tracked = new Map<string, Tracked>();
    let acks = 0;
    let inFlight = 0;
    let inFlightAtKill = -1;
    let dead = false;
    let killed!: () => void;
    const killedPromise = new Promise<void>((resolve) => (killed = resolve));

    const kill = () => {
      if (dead) return;
      dead = true;
      inFlightAtKill = inFlight;
      first.server.process.once('exit', () => killed());
      first.server.process.kill('SIGKILL');
      // Nothing left to stop (and `stop()` would wait for an exit that already happened).
      servers.splice(servers.indexOf(first.server), 1);
    };

    /** Sends one write; true when it was acknowledged. Network failures after the kill are expected. */
    const write = async (method: string, path: string, body: unknown): Promise<Item | undefined> => {
      if (dead) return undefined;
      inFlight++;
      try {
        const response = await admin.call(method, path, body);
        if (response.status >= 200 && response.status < 300) {
          acks++;
          if (acks >= KILL_AFTER_ACKS) kill();
          return response.body;
        }
        throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
      } catch (error) {
        if (dead) return undefined;
        throw error;
      } finally {
        inFlight--;
      }
    };

    const worker = async (w: number) => {
      for (let n = 0; !dead; n++) {
        const pick = (list: number[], k: number) =>
          [list[(w + n) % list.length]!, list[(w + n + k) % list.length]!].filter((id, i, all) => all.indexOf(id) === i);
        if (n % 3 === 2) {
          const slug = `crash-tag-w${w}-n${n}`;
          tracked.set(slug, { collection: 'tags', slug });
          const body = await write('POST', '/api/admin/tags', {
            slug,
            translations: { en: { label: `Tag ${slug}` }, fr: { label: `Étiquette ${slug}` }, de: { label: `Schlagwort ${slug}` } },
          });
          if (body) tracked.get(slug)!.acked = body;
          continue;
        }
        const slug = `crash-w${w}-n${n}`;
        tracked.set(slug, { collection: 'events', slug });
        const created = await write('POST', '/api/admin/events', eventBody(slug, pick(tags, 1), pick(curators, 2), pick(organizers, 3)));
        if (!created) return;
        const item = tracked.get(slug)!;
        item.acked = created;
        // Then change it: a new French text and other tags, based on the version just read.
        const patch = { version: created['version'], summary: `patched by w${w} n${n}`, tagIds: pick(tags, 2).reverse() };
        item.pending = patch;
        const patched = await write('PATCH', `/api/admin/events/${created['id']}`, {
          version: patch.version,
          translations: { fr: { title: `Panne ${slug}`, summary: patch.summary } },
          tagIds: patch.tagIds,
        });
        if (patched) {
          item.acked = patched;
          delete item.pending;
        }
      }
    };

    const burst = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await killedPromise;
    await burst;
    console.info(`crash test: ${acks} writes acknowledged, ${inFlightAtKill} in flight at SIGKILL, ${tracked.size} attempted`);
    expect(acks).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    // The kill happened mid-burst: requests were on the wire when the process died.
    expect(inFlightAtKill).toBeGreaterThan(0);

    // Restart on the same database file (and the same auth secret beside it).
    const second = await startTestServer({ DATABASE_URL: first.server.databaseUrl, UPLOADS_DIR: `${first.server.dir}/uploads` });
    servers.push(second);
    const api = adminClient(second.origin, admin.cookie);
    expect((await fetch(`${second.origin}/readyz`)).status).toBe(200);

    db = await openDatabase({ url: first.server.databaseUrl });
    const rows = async (sql: string, args: (string | number)[] = []) => (await db!.$client.execute({ sql, args })).rows;

    expect(await rows('PRAGMA integrity_check')).toEqual([expect.objectContaining({ integrity_check: 'ok' })]);
    expect(await rows('PRAGMA foreign_key_check')).toEqual([]);

    // Every acknowledged write is there, exactly as acknowledged (or one in-flight PATCH later).
    const acknowledged = [...tracked.values()].filter((item) => item.acked);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS / 2);
    for (const item of acknowledged) {
      const stored = await api.call('GET', `/api/admin/${item.collection}/${item.acked!['id']}`);
      expect(stored.status, `${item.slug} is missing`).toBe(200);
      if (stored.body.version === item.acked!['version']) {
        expect(stored.body.translations, item.slug).toEqual(item.acked!['translations']);
        if (item.collection === 'events') {
          // Tags are a set; curators and organizers keep their order.
          expect(sorted(stored.body.tagIds), `${item.slug} tagIds`).toEqual(sorted(item.acked!['tagIds']));
          for (const link of ['curatorIds', 'organizerIds']) expect(stored.body[link], `${item.slug} ${link}`).toEqual(item.acked![link]);
        }
      } else {
        // Committed just before the kill, answer lost: it must be that PATCH, whole.
        expect(item.pending, `${item.slug} changed by an unknown write`).toBeDefined();
        expect(stored.body.version).toBe(item.pending!.version + 1);
        expect(stored.body.translations.fr.summary).toBe(item.pending!.summary);
        expect(sorted(stored.body.tagIds)).toEqual(sorted(item.pending!.tagIds));
      }
    }

    // Nothing half-written: every item the burst created (answered or not) is complete.
    const events = await rows(
      `SELECT e.id, e.slug,
         (SELECT group_concat(locale) FROM (SELECT locale FROM event_translations t WHERE t.event_id = e.id ORDER BY locale)) AS locales,
         (SELECT count(*) FROM event_tags x WHERE x.event_id = e.id) AS tags,
         (SELECT count(*) FROM event_curators x WHERE x.event_id = e.id) AS curators,
         (SELECT count(*) FROM event_organizers x WHERE x.event_id = e.id) AS organizers,
         (SELECT count(*) FROM search_fts s WHERE s.entity_type = 'event' AND s.entity_id = e.id) AS search_rows,
         (SELECT count(*) FROM audit_log a WHERE a.entity = 'event' AND a.entity_id = CAST(e.id AS TEXT) AND a.action = 'create') AS audits
       FROM events e WHERE e.slug LIKE 'crash-%'`,
    );
    expect(events.length).toBeGreaterThanOrEqual(acknowledged.filter((item) => item.collection === 'events').length);
    for (const event of events) {
      expect(event, String(event['slug'])).toMatchObject({ locales: 'de,en,fr', search_rows: 3, audits: 1 });
      expect(Number(event['tags']), String(event['slug'])).toBeGreaterThanOrEqual(1);
      expect(Number(event['curators']), String(event['slug'])).toBeGreaterThanOrEqual(1);
      expect(Number(event['organizers']), String(event['slug'])).toBeGreaterThanOrEqual(1);
      expect(tracked.has(String(event['slug'])), `unexpected row ${event['slug']}`).toBe(true);
    }
    const createdTags = await rows(
      `SELECT t.slug,
         (SELECT group_concat(locale) FROM (SELECT locale FROM tag_translations x WHERE x.tag_id = t.id ORDER BY locale)) AS locales,
         (SELECT count(*) FROM audit_log a WHERE a.entity = 'tag' AND a.entity_id = CAST(t.id AS TEXT) AND a.action = 'create') AS audits
       FROM tags t WHERE t.slug LIKE 'crash-tag-%'`,
    );
    for (const tag of createdTags) expect(tag, String(tag['slug'])).toMatchObject({ locales: 'de,en,fr', audits: 1 });
    // And no audit entry outlived a write that was rolled back.
    const orphanAudits = await rows(
      `SELECT a.entity, a.entity_id FROM audit_log a WHERE a.action = 'create' AND (
         (a.entity = 'event' AND NOT EXISTS (SELECT 1 FROM events e WHERE CAST(e.id AS TEXT) = a.entity_id)) OR
         (a.entity = 'tag' AND NOT EXISTS (SELECT 1 FROM tags t WHERE CAST(t.id AS TEXT) = a.entity_id)))`,
    );
    expect(orphanAudits).toEqual([]);
    const unanswered = [...tracked.values()].filter((item) => !item.acked || item.pending).length;
    console.info(`crash test: ${events.length} burst events and ${createdTags.length} tags stored whole; ${unanswered} writes unanswered at the kill`);

    // The restarted server keeps working: a new write is acknowledged and readable.
    const after = await api.call('POST', '/api/admin/events', eventBody('crash-after-restart', [tags[0]!], [], []));
    expect(after.status).toBe(201);
    expect((await api.call('GET', `/api/admin/events/${after.body.id}`)).body.translations.en.title).toBe('Crash crash-after-restart');
  });
});
