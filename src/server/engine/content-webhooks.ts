/**
 * What a content write tells webhook receivers. Receivers see the public side of the programme,
 * so a message is sent when an item's public state changes: it became visible (`published`; a
 * create in a collection without a publication status counts), changed while visible
 * (`updated`), stopped being visible (`unpublished`: back to draft or archived), or was deleted
 * while visible (`deleted`). Drafts change silently. See docs/decisions/028.
 */
import type { Executor } from '../../../db/client.ts';
import { locales, type Locale } from '../../i18n/config.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';
import { getSiteOrigin } from '../config/site-origin.ts';
import { contentEventType, type ContentEventKind } from '../outbox/webhook-events.ts';
import { enqueueWebhook } from '../outbox/webhooks.ts';

/** One item's change: `before` undefined for a create, `after` undefined for a delete. */
export interface ContentChange {
  before: EntityState | undefined;
  after: EntityState | undefined;
  /** Field paths the write changed (an update that changed nothing sends nothing). */
  changed?: readonly string[];
}

/** An instant column's value as the engine holds it (a Date from the table, a string or ms from input). */
function instantOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : NaN;
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
export function contentEventData(spec: EntitySpec, state: EntityState, origin: string): Record<string, unknown> {
  const slug = typeof state.values['slug'] === 'string' ? state.values['slug'] : null;
  const { titleField } = spec;
  const baseTitle = titleField && !titleField.translated ? state.values[titleField.field] : undefined;
  const titles: Partial<Record<Locale, string | null>> = {};
  const urls: Partial<Record<Locale, string>> = {};
  const toPath = spec.publicPage;
  for (const locale of locales) {
    const row = state.translations[locale];
    if (!row) continue;
    titles[locale] = (titleField?.translated ? row[titleField.field] : undefined) ?? (typeof baseTitle === 'string' ? baseTitle : null);
    if (toPath && slug) urls[locale] = new URL(toPath(locale, slug), origin).href;
  }
  // Hub pages of the collections that declare one; the others' messages carry no URLs.
  return { collection: spec.collection, id: state.id, slug, status: state.values['status'] ?? null, titles, urls: toPath && slug ? urls : null };
}

/** Queues the messages of a write's changes, in the write's transaction. */
export async function enqueueContentWebhooks(tx: Executor, spec: EntitySpec, changes: readonly ContentChange[]): Promise<void> {
  const origin = getSiteOrigin();
  const now = new Date();
  for (const change of changes) {
    const kind = contentEventKind(spec, change, now);
    const state = change.after ?? change.before;
    if (!kind || !state) continue;
    await enqueueWebhook(tx, contentEventType(spec.collection, kind), contentEventData(spec, state, origin), { now });
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
