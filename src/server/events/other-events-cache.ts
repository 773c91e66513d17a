/**
 * The event page's "More in <edition>" list, rendered once per edition, locale and shown time
 * zone and shared by the page of every event of the edition that is not among the edition's first
 * events; each of those lists the others, itself left out, and keeps its own (decision 012, "an
 * edition's list of other events"). A crawl or a purge renders an edition's event pages one after
 * another, and every event write purges them all; the list is a third of each render.
 */
import type { Locale } from '../../i18n/config.ts';
import { nextPhaseChange } from '../../lib/programme.ts';
import { PAGE_MAX_AGE } from '../page-cache/decision.ts';
import { fragmentBytes, type Fragment } from '../page-cache/fragments.ts';
import { otherEventsTags } from '../page-cache/page-tags.ts';
import { pageCacheOf } from '../page-cache/request.ts';
import { hubTags } from '../page-cache/tags.ts';
import type { EventDetail } from './detail.ts';

export interface SharedOtherEvents {
  /** The list rendered before for the page of `eventId` in `editionId`, if any. */
  find: (editionId: number, eventId: number) => Fragment | undefined;
  /**
   * Where the page hands the list it rendered for `event`; undefined when it has none or reused
   * one. `scheduledChange` is the next scheduled publication, after which the list may differ.
   */
  keeperFor: (event: EventDetail, now: Date, scheduledChange: Date | null) => ((html: string) => void) | undefined;
}

/**
 * The shared lists of this request's process, for pages in `locale` with times in `zone` (null:
 * each event's own); undefined where no page cache runs (`astro dev`). Call it before loading the
 * page's data: a purge after this call keeps what the page renders out of the store.
 */
export function sharedOtherEventsFor(locals: object, locale: Locale, zone: string | null): SharedOtherEvents | undefined {
  const store = pageCacheOf(locals)?.fragments;
  if (!store || store.maxBytes === 0) return undefined;
  const since = store.now();
  // One list for the pages of every event outside the edition's first ones ('-'), one for each of those.
  const keyOf = (editionId: number, member: number | '-') => `other-events|${editionId}|${locale}|${zone ?? ''}|${member}`;
  return {
    find: (editionId, eventId) => {
      const own = store.get(keyOf(editionId, eventId));
      if (own) return own;
      const shared = store.get(keyOf(editionId, '-'));
      return shared && !shared.members.includes(eventId) ? shared : undefined;
    },
    keeperFor: (event, now, scheduledChange) => {
      const { edition, otherEvents, otherEventsFrom: members } = event;
      if (!edition || otherEvents.length === 0 || event.otherEventsShared) return undefined;
      const key = keyOf(edition.id, members.includes(event.id) ? event.id : '-');
      const expiries = [nextPhaseChange(otherEvents, now), scheduledChange].flatMap((at) => (at ? [at.getTime()] : []));
      const expiresAt = Math.min(now.getTime() + PAGE_MAX_AGE * 1000, ...expiries);
      const tags = [...new Set([...otherEventsTags(edition.id, otherEvents), hubTags.all])];
      return (html) => {
        const body = Buffer.from(html);
        store.set({ key, body, tags, members, expiresAt, bytes: fragmentBytes(body, tags, members) }, since);
      };
    },
  };
}
