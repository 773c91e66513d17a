-- One date of a repeating event can be held in another place (docs/decisions/049, amendment): its
-- change in the series' recurrence names a venue and/or a room. The follow trigger keeps that
-- place when the series is saved or bulk-updated later, as `placeOfDate` (src/lib/recurrence.ts)
-- says it: a venue alone has no room, a room alone is in the series' venue; a date with no place
-- of its own follows the series' venue and room. Everything else is as migration 0035 wrote it.
DROP TRIGGER IF EXISTS `events_series_follow`;--> statement-breakpoint
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
    venue_id = CASE
      WHEN EXISTS (
        SELECT 1 FROM json_each(NEW.recurrence, '$.changes') AS c
        WHERE json_extract(c.value, '$.on') = `events`.occurrence_key AND json_extract(c.value, '$.venueId') IS NOT NULL
      ) THEN (
        SELECT json_extract(c.value, '$.venueId') FROM json_each(NEW.recurrence, '$.changes') AS c
        WHERE json_extract(c.value, '$.on') = `events`.occurrence_key AND json_extract(c.value, '$.venueId') IS NOT NULL
        LIMIT 1
      )
      ELSE NEW.venue_id
    END,
    room = CASE
      WHEN EXISTS (
        SELECT 1 FROM json_each(NEW.recurrence, '$.changes') AS c
        WHERE json_extract(c.value, '$.on') = `events`.occurrence_key
          AND (json_extract(c.value, '$.venueId') IS NOT NULL OR json_extract(c.value, '$.room') IS NOT NULL)
      ) THEN (
        SELECT json_extract(c.value, '$.room') FROM json_each(NEW.recurrence, '$.changes') AS c
        WHERE json_extract(c.value, '$.on') = `events`.occurrence_key
          AND (json_extract(c.value, '$.venueId') IS NOT NULL OR json_extract(c.value, '$.room') IS NOT NULL)
        LIMIT 1
      )
      ELSE NEW.room
    END,
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
