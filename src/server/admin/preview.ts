/** The admin draft preview: an event or edition page's data whatever its publication state. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { editions, events } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { getEditionPage, type EditionDetail } from '../editions/queries.ts';
import { getEventPage, type EventDetail } from '../events/detail.ts';
import { listOtherEvents, type OtherEvents } from '../events/other-events.ts';

export type PreviewStatus = 'draft' | 'published' | 'scheduled' | 'archived';

export type Preview =
  | { type: 'event'; event: EventDetail; otherEvents: OtherEvents['events']; status: PreviewStatus; publishAt: Date | null }
  | { type: 'edition'; edition: EditionDetail; status: PreviewStatus; publishAt: Date | null };

const SLUG = /^[a-z0-9-]{1,80}$/;

/** The preview of `/{type}/{slug}`, or undefined for an unknown type or slug. */
export async function loadPreview(db: Executor, type: string, slug: string, locale: Locale, now: Date): Promise<Preview | undefined> {
  if (!SLUG.test(slug)) return undefined;
  const lookup = { slug, locale, now, includeUnpublished: true };
  if (type === 'event') {
    const event = await getEventPage(db, lookup);
    if (!event) return undefined;
    const [row] = await db.select({ publishAt: events.publishAt }).from(events).where(eq(events.id, event.id));
    const publishAt = row?.publishAt ?? null;
    const otherEvents = await listOtherEvents(db, event, lookup);
    return { type, event, otherEvents, publishAt, status: statusOf(event.status, publishAt, now) };
  }
  if (type === 'edition') {
    const edition = await getEditionPage(db, lookup);
    if (!edition) return undefined;
    const [row] = await db.select({ publishAt: editions.publishAt }).from(editions).where(eq(editions.id, edition.id));
    const publishAt = row?.publishAt ?? null;
    return { type, edition, publishAt, status: statusOf(edition.status, publishAt, now) };
  }
  return undefined;
}

/** A published item whose `publishAt` is still ahead is "scheduled" for the banner. */
function statusOf(status: 'draft' | 'published' | 'archived', publishAt: Date | null, now: Date): PreviewStatus {
  return status === 'published' && publishAt && publishAt > now ? 'scheduled' : status;
}
