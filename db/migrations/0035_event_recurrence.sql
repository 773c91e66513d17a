ALTER TABLE `events` ADD `recurrence` text;--> statement-breakpoint
ALTER TABLE `events` ADD `series_id` integer REFERENCES events(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `events` ADD `occurrence_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `events_series_key_unique` ON `events` (`series_id`,`occurrence_key`) WHERE "events"."series_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `events_items_updated_idx` ON `events` (`updated_at`,`series_id`) WHERE "events"."series_id" IS NULL;--> statement-breakpoint
DROP INDEX `events_public_cover_idx`;--> statement-breakpoint
CREATE INDEX `events_public_cover_idx` ON `events` (`status`,`starts_at`,`ends_at`,`publish_at`,`unpublish_at`,`series_id`);--> statement-breakpoint
-- The later dates of a repeating event copy its columns, whichever path writes them (a save, a
-- bulk action, an archive): listings filter and show them like any event. A date the series calls
-- off stays cancelled, and a moved one rescheduled. tests/integration/event-series.test.ts checks every column is copied.
CREATE TRIGGER `events_series_follow` AFTER UPDATE ON `events`
WHEN NEW.series_id IS NULL AND (NEW.recurrence IS NOT NULL OR OLD.recurrence IS NOT NULL)
BEGIN
  UPDATE `events` SET
    status = NEW.status,
    publish_at = NEW.publish_at,
    unpublish_at = NEW.unpublish_at,
    published_at = NEW.published_at,
    event_status = CASE
      WHEN EXISTS (
        SELECT 1 FROM json_each(NEW.recurrence, '$.changes') AS c
        WHERE json_extract(c.value, '$.on') = `events`.occurrence_key AND json_extract(c.value, '$.cancelled') = 1
      ) THEN 'cancelled'
      WHEN NEW.event_status = 'scheduled' AND EXISTS (
        SELECT 1 FROM json_each(NEW.recurrence, '$.changes') AS c
        WHERE json_extract(c.value, '$.on') = `events`.occurrence_key
          AND (json_extract(c.value, '$.startsAt') IS NOT NULL OR json_extract(c.value, '$.endsAt') IS NOT NULL)
      ) THEN 'rescheduled'
      ELSE NEW.event_status
    END,
    edition_id = NEW.edition_id,
    time_zone = NEW.time_zone,
    venue_address = NEW.venue_address,
    venue_id = NEW.venue_id,
    room = NEW.room,
    online_url = NEW.online_url,
    registration_url = NEW.registration_url,
    admission = NEW.admission,
    price_min = NEW.price_min,
    price_max = NEW.price_max,
    currency = NEW.currency,
    availability = NEW.availability,
    cover_media_id = NEW.cover_media_id,
    updated_at = NEW.updated_at,
    updated_by = NEW.updated_by
  WHERE series_id = NEW.id;
END;
