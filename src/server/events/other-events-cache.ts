/**
 * The event page's "More in <edition>" list, rendered once per edition, locale and shown time
 * zone and shared by the page of every event of the edition that is not among the listed events
 * (decision 012, "The edition's list of other events"). A crawl or a purge renders an edition's
 * event pages one after another; the list is a third of each render.
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
  /** The list rendered before for `editionId`, unless `eventId` is among its events. */
  find: (editionId: number, eventId: number) => Fragment | undefined;
  /**
   * Where the page hands the list it rendered for `event`, when other pages may show the same
   * list; undefined when they may not (the event is among its own edition's first events).
   * `scheduledChange` is the next scheduled publication, after which the list may differ.
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
  const keyOf = (editionId: number) => `other-events|${editionId}|${locale}|${zone ?? ''}`;
  return {
    find: (editionId, eventId) => {
      const fragment = store.get(keyOf(editionId));
      return fragment && !fragment.members.includes(eventId) ? fragment : undefined;
    },
    keeperFor: (event, now, scheduledChange) => {
      const { edition, otherEvents, otherEventsFrom: members } = event;
      if (!edition || otherEvents.length === 0 || event.otherEventsShared || members.includes(event.id)) return undefined;
      const expiries = [nextPhaseChange(otherEvents, now), scheduledChange].flatMap((at) => (at ? [at.getTime()] : []));
      const expiresAt = Math.min(now.getTime() + PAGE_MAX_AGE * 1000, ...expiries);
      const tags = [...new Set([...otherEventsTags(edition.id, members, otherEvents), hubTags.all])];
      return (html) => {
        store.set({ key: keyOf(edition.id), html, tags, members, expiresAt, bytes: fragmentBytes(html, tags, members) }, since);
      };
    },
  };
}
