/**
 * What a content write tells webhook receivers. Receivers see the public side of the programme,
 * so a message is sent when an item's public state changes: it became visible (`published`; a
 * create in a collection without a publication status counts), changed while visible
 * (`updated`), stopped being visible (`unpublished`: back to draft or archived), or was deleted
 * while visible (`deleted`). Drafts change silently. See docs/decisions/028.
 */
import type { Executor } from '../../../db/client.ts';
import { locales, type Locale } from '../../i18n/config.ts';
import { collections, type CollectionName } from '../../lib/collections/index.ts';
import type { EntitySpec, EntityState } from '../admin/entity-spec.ts';
import { getSiteOrigin } from '../seo/site.ts';
import { CONTACT_RECEIVED, contentEventType, type ContentEventKind } from './event-types.ts';
import { enqueueWebhook } from './outbox.ts';
import type { ContactMessageFields } from '../inbox/contact-message.ts';

/** One item's change: `before` undefined for a create, `after` undefined for a delete. */
export interface ContentChange {
  before: EntityState | undefined;
  after: EntityState | undefined;
  /** Field paths the write changed (an update that changed nothing sends nothing). */
  changed?: readonly string[];
}

const titleFields = ['title', 'label', 'name'];

function collectionOf(spec: EntitySpec): CollectionName | undefined {
  return (Object.keys(collections) as CollectionName[]).find((name) => collections[name].entity === spec.entity);
}

/** An instant column's value as the engine holds it (a Date from the table, a string or ms from input). */
function instantOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = new Date(value as string | number | Date).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Public as the hub sees it at `now`: published, and inside its scheduled window
 * (`publishAt` reached, `unpublishAt` not yet). The instants themselves are announced by
 * `scheduled.ts` when they pass.
 */
function isPublic(spec: EntitySpec, state: EntityState | undefined, now: number): boolean {
  if (!state) return false;
  if (!spec.publication) return true;
  const publishAt = instantOf(state.values['publishAt']);
  const unpublishAt = instantOf(state.values['unpublishAt']);
  return state.values['status'] === 'published' && (publishAt === null || publishAt <= now) && (unpublishAt === null || unpublishAt > now);
}

/** The kind of message a change sends, or undefined when receivers have nothing to learn. */
export function contentEventKind(spec: EntitySpec, { before, after, changed }: ContentChange, now = new Date()): ContentEventKind | undefined {
  const was = isPublic(spec, before, now.getTime());
  const is = isPublic(spec, after, now.getTime());
  if (!after) return was ? 'deleted' : undefined;
  if (!was && is) return 'published';
  if (was && !is) return 'unpublished';
  if (was && is && (changed === undefined || changed.length > 0)) return 'updated';
  return undefined;
}

/** The `data` of a content message: collection, id, slug, titles per locale and public URLs. */
export function contentEventData(spec: EntitySpec, collection: CollectionName, state: EntityState, origin: string): Record<string, unknown> {
  const slug = typeof state.values['slug'] === 'string' ? state.values['slug'] : null;
  const titleField = titleFields.find((field) => spec.translations.fields.includes(field));
  const baseTitle = titleFields.map((field) => state.values[field]).find((value) => typeof value === 'string');
  const titles: Partial<Record<Locale, string | null>> = {};
  for (const locale of locales) {
    const row = state.translations[locale];
    if (row) titles[locale] = (titleField ? row[titleField] : undefined) ?? (typeof baseTitle === 'string' ? baseTitle : null);
  }
  // Hub pages of the collections that declare one; the others' messages carry no URLs.
  const toPath = collections[collection].publicPage;
  const urls = toPath && slug ? Object.fromEntries(Object.keys(titles).map((locale) => [locale, new URL(toPath(locale as Locale, slug), origin).href])) : null;
  return { collection, id: state.id, slug, status: state.values['status'] ?? null, titles, urls };
}

/** Queues the messages of a write's changes, in the write's transaction. */
export async function enqueueContentWebhooks(tx: Executor, spec: EntitySpec, changes: readonly ContentChange[]): Promise<void> {
  const collection = collectionOf(spec);
  if (!collection) return;
  const origin = getSiteOrigin();
  const now = new Date();
  for (const change of changes) {
    const kind = contentEventKind(spec, change, now);
    const state = change.after ?? change.before;
    if (!kind || !state) continue;
    await enqueueWebhook(tx, contentEventType(collection, kind), contentEventData(spec, collection, state, origin), { now });
  }
}

/** `enqueueContentWebhooks` for deleted items (as they were). */
export function enqueueRemovalWebhooks(tx: Executor, spec: EntitySpec, removed: readonly EntityState[]): Promise<void> {
  return enqueueContentWebhooks(
    tx,
    spec,
    removed.map((before) => ({ before, after: undefined })),
  );
}

/** `enqueueContentWebhooks` for items moved to `target` (publish, unpublish, archive). */
export function enqueueTransitionWebhooks(tx: Executor, spec: EntitySpec, moved: readonly EntityState[], target: string): Promise<void> {
  return enqueueContentWebhooks(
    tx,
    spec,
    moved.map((before) => ({ before, after: { ...before, values: { ...before.values, status: target } } })),
  );
}

/** A contact message as `contact.received` carries it (receivers were chosen by an admin). */
export interface ReceivedContactMessage extends ContactMessageFields {
  receivedAt: Date;
}

/** Queues `contact.received` in the contact form's transaction. */
export async function enqueueContactWebhook(tx: Executor, message: ReceivedContactMessage): Promise<void> {
  // Named fields only: the form's other inputs (consent, the honeypot) are not the receiver's.
  const { id, locale, name, email, subject, message: text, receivedAt } = message;
  await enqueueWebhook(tx, CONTACT_RECEIVED, { id, locale, name, email, subject, message: text, receivedAt: receivedAt.toISOString() }, { now: receivedAt });
}
