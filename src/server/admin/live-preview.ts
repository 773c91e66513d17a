/**
 * The live preview of an unsaved form (decision 036): the form's save payload is applied with the
 * real write engine inside a write transaction that is always rolled back, and the hub page's data
 * is read inside it. So the preview resolves relations, slugs and fallbacks exactly as a save
 * would, and nothing it did (row, audit, revision, search index, webhook, cache purge) survives.
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import type { Locale } from '../../i18n/config.ts';
import { collections, type CollectionName } from '../../lib/collections/index.ts';
import { hasLivePreview } from '../../lib/collections/live-preview.ts';
import { issuesToFieldErrors } from '../../lib/field-errors.ts';
import { getCuratorPage, type CuratorPage } from '../curators/page.ts';
import { getEditionPage, type EditionDetail } from '../editions/queries.ts';
import { getEventPage, type EventDetail } from '../events/detail.ts';
import { listOtherEvents, type OtherEvents } from '../events/other-events.ts';
import { getOrganizerPage, type OrganizerPage } from '../organizers/page.ts';
import { getVenuePage, type VenueDetail } from '../venues/queries.ts';
import type { Actor } from '../auth/actor.ts';
import { withConstraintErrors } from '../engine/db-errors.ts';
import { loadStates, toEntityInput } from '../engine/entity-state.ts';
import { createEntityIn, updateEntityIn } from '../engine/entity-write.ts';
import { readJsonBody } from './body.ts';
import { AdminError, notFound } from '../errors/domain-errors.ts';
import { authorizeCollection, problemOf } from './http.ts';
import type { AdminResource } from '../engine/resource.ts';
import { stringValue } from '../engine/spec-helpers.ts';

export type LivePreviewPage =
  | { kind: 'event'; event: EventDetail; otherEvents: OtherEvents['events'] }
  | { kind: 'edition'; edition: EditionDetail }
  | { kind: 'venue'; venue: VenueDetail }
  | { kind: 'curator'; curator: CuratorPage }
  | { kind: 'organizer'; organizer: OrganizerPage };

export interface LivePreview {
  /** Undefined when the item has nothing a hub page could show yet. */
  page: LivePreviewPage | undefined;
  /** Field paths whose draft value was refused: the preview shows their saved value instead. */
  ignored: string[];
}

type Lookup = { slug: string; locale: Locale; now: Date; includeUnpublished: true };
type PageLoader = (tx: Executor, lookup: Lookup) => Promise<LivePreviewPage | undefined>;

/** How each collection with a hub page (its declaration's `publicPage`) has that page's data read. */
export const pageLoaders: Partial<Record<CollectionName, PageLoader>> = {
  events: async (tx, lookup) => {
    const event = await getEventPage(tx, lookup);
    return event && { kind: 'event', event, otherEvents: await listOtherEvents(tx, event, lookup) };
  },
  editions: async (tx, lookup) => {
    const edition = await getEditionPage(tx, lookup);
    return edition && { kind: 'edition', edition };
  },
  venues: async (tx, lookup) => {
    const venue = await getVenuePage(tx, lookup);
    return venue && { kind: 'venue', venue };
  },
  curators: async (tx, lookup) => {
    const curator = await getCuratorPage(tx, lookup);
    return curator && { kind: 'curator', curator };
  },
  organizers: async (tx, lookup) => {
    const organizer = await getOrganizerPage(tx, lookup);
    return organizer && { kind: 'organizer', organizer };
  },
};

/** The heading of a previewed page: the item's title or name. */
export function titleOf(page: LivePreviewPage): string {
  if (page.kind === 'event') return page.event.title;
  if (page.kind === 'edition') return page.edition.title;
  if (page.kind === 'venue') return page.venue.name;
  return page.kind === 'curator' ? page.curator.name : page.organizer.name;
}

/** `new` or an item id, from the route's last segment; anything else is an unknown item. */
const livePreviewTarget = z.union([
  z.literal('new'),
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number),
]);

const payloadSchema = z.record(z.string(), z.unknown());

/** Carries the page's data out of the transaction it rolls back. */
class RollBack extends Error {
  constructor(readonly page: LivePreviewPage | undefined) {
    super('live preview: roll back');
  }
}

/** How many times refused fields are dropped before the preview gives up (a create missing its title). */
const ATTEMPTS = 3;

/**
 * The hub page of `target` as it would look with `payload` saved, in `locale`. Fields the schema
 * or the engine refuse are dropped (listed in `ignored`); a payload that is not an object, or a
 * new item still refused without them, is a 4xx `AdminError`.
 */
export async function previewDraft(
  db: Database,
  actor: Actor,
  resource: AdminResource,
  target: number | 'new',
  payload: unknown,
  locale: Locale,
  now = new Date(),
): Promise<LivePreview> {
  const load = hasLivePreview(collections[resource.collection]) ? pageLoaders[resource.collection] : undefined;
  if (!load) throw new AdminError(404, 'NOT_FOUND', 'This collection has no hub page to preview');
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) throw new AdminError(400, 'INVALID_BODY', 'The preview expects the form payload as a JSON object');
  let body: Record<string, unknown> = structuredClone(parsed.data);
  if (target !== 'new') body['version'] = await currentVersion(db, resource, target);
  const ignored = new Set<string>();
  const schema = target === 'new' ? resource.createSchema : resource.patchSchema;
  if (!schema) throw new AdminError(404, 'NOT_FOUND', 'This collection is not created from a form');

  for (let attempt = 1; ; attempt += 1) {
    const checked = schema.safeParse(body);
    const refused = checked.success ? undefined : issuesToFieldErrors(checked.error.issues);
    try {
      if (refused) throw new AdminError(422, 'VALIDATION_FAILED', 'The draft has invalid fields', { errors: refused });
      const page = await renderInRolledBackWrite(db, actor, resource, target, checked.data!, load, { slug: '', locale, now, includeUnpublished: true });
      return { page, ignored: [...ignored] };
    } catch (error) {
      const fields = error instanceof AdminError ? Object.keys(error.details.errors ?? {}) : [];
      if (!fields.length || attempt >= ATTEMPTS || fields.every((field) => ignored.has(field))) throw error;
      for (const field of fields) ignored.add(field);
      body = withoutFields(body, fields);
    }
  }
}

async function currentVersion(db: Executor, resource: AdminResource, id: number): Promise<unknown> {
  const state = (await loadStates(db, resource.spec, [id])).get(id);
  if (!state) throw notFound(resource.spec.entity, id);
  return state.values['version'];
}

async function renderInRolledBackWrite(
  db: Database,
  actor: Actor,
  resource: AdminResource,
  target: number | 'new',
  body: Record<string, unknown>,
  load: PageLoader,
  lookup: Lookup,
): Promise<LivePreviewPage | undefined> {
  try {
    // The engine's own steps inside the rolled-back transaction, constraint failures answered as a save answers them.
    await withConstraintErrors(() =>
      writeTransaction(db, async (tx) => {
        const input = toEntityInput(resource.spec, body);
        const result = target === 'new' ? await createEntityIn(tx, actor, resource.spec, input) : await updateEntityIn(tx, actor, resource.spec, target, input);
        const slug = stringValue(result.after, 'slug');
        throw new RollBack(slug ? await load(tx, { ...lookup, slug }) : undefined);
      }),
    );
  } catch (error) {
    if (error instanceof RollBack) return error.page;
    throw error;
  }
  return undefined;
}

/** `body` without the fields at `paths` (`title`, `tagIds.2`, `translations.fr.title`). */
function withoutFields(body: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  const next = structuredClone(body);
  for (const path of paths) {
    const [head, locale, field] = path.split('.');
    const texts = next['translations'];
    if (head === 'translations' && locale && field && isRecord(texts) && isRecord(texts[locale])) {
      delete texts[locale][field];
    } else if (head === 'translations' && locale && isRecord(texts)) {
      delete texts[locale];
    } else if (head && head !== 'version') {
      delete next[head];
    }
  }
  return next;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the live preview route reads from its request. */
export type LivePreviewRequest = Pick<APIContext, 'params' | 'request' | 'url' | 'locals'>;

/**
 * The route's steps: authorize (the rule in `routeRules`) → the collection and target → the JSON
 * payload → `previewDraft`; a typed failure becomes its problem+json, never a 5xx.
 */
export async function answerLivePreview(context: LivePreviewRequest): Promise<LivePreview | Response> {
  try {
    const { db, actor, resource } = await authorizeCollection(context);
    const target = livePreviewTarget.safeParse(context.params['id']);
    if (!target.success) throw notFound(resource.spec.entity, String(context.params['id']).slice(0, 40));
    const payload = await readJsonBody(context.request);
    return await previewDraft(db, actor, resource, target.data, payload, context.locals.locale);
  } catch (error) {
    if (error instanceof AdminError) return problemOf(error);
    throw error;
  }
}
