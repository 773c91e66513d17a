/**
 * What the public read models hand to pages for an event's or an edition's card: plain data,
 * texts with the locale each was found in. Shared by the list queries (`queries.ts`) and the card
 * details they attach (`cards.ts`).
 */
import type { Locale } from '../../i18n/config.ts';
import type { EventStatus } from '../../lib/event-status.ts';
import type { MediaView } from '../storage/catalog.ts';
import type { Tickets } from '../../lib/tickets.ts';

export interface TagView {
  id: number;
  slug: string;
  label: string;
  labelLocale: Locale;
}

/** What an event's and an edition's cards both show: texts in the locale each was found in, dates in the item's zone. */
export interface DatedSummary {
  id: number;
  slug: string;
  title: string;
  titleLocale: Locale;
  summary: string | null;
  /** Locale of `summary` (each text falls back on its own; optional: rows built elsewhere may not know it). */
  summaryLocale?: Locale;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}

export interface EventListItem extends DatedSummary {
  /**
   * Set on a repeating event's later date: the event it is a date of, whose texts, relations and
   * cache tag it shows (optional: rows built elsewhere may not know it).
   */
  seriesId?: number | null;
  /** The venue's name (or the event's free-text place). */
  venueName: string | null;
  /**
   * Locale of a free-text place (the default locale when it falls back); the page's own for a
   * venue's name, which is not translated. Optional: rows built elsewhere may not know it.
   */
  venueNameLocale?: Locale;
  venueId?: number | null;
  /** Set when the venue has a public page (optional: rows built elsewhere may not know it). */
  venueSlug?: string | null;
  room?: string | null;
  onlineUrl: string | null;
  /** Cancelled and postponed events stay listed, marked (decision 029). */
  eventStatus: EventStatus;
  /** Why the status changed (docs/decisions/055); optional: rows built elsewhere may not know it. */
  statusNote?: string | null;
  /** Locale the status note is written in. */
  statusNoteLocale?: Locale;
  /** When a postponed or rescheduled event was to start; optional likewise. */
  previousStartsAt?: Date | null;
  /** Price and places (src/lib/tickets.ts); optional: rows built elsewhere may not know them. */
  admission?: Tickets['admission'];
  priceMin?: number | null;
  priceMax?: number | null;
  currency?: string | null;
  availability?: Tickets['availability'];
  /** Set while the edition is public (optional: rows built elsewhere may not know it). */
  editionId?: number | null;
  editionSlug: string | null;
  editionTitle: string | null;
  editionTitleLocale: Locale;
  /** When the event became public (its publication, or its scheduled time if later). */
  publishedAt: Date | null;
  updatedAt: Date;
  cover: MediaView | null;
  tags: TagView[];
}
