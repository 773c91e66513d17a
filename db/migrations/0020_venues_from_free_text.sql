-- Today's free-text places (an event's venue name per locale and its address) become venue rows
-- (docs/decisions/025). One venue per distinct name + address (trimmed, ASCII case ignored); its
-- name is the default locale's (en) venue name, else any locale's, else the address. A venue is
-- published when any of its events is. The free text is cleared once the event points at its venue,
-- so each place is written in one row.
CREATE VIEW `venue_migration_places` AS
SELECT
	e.id AS event_id,
	e.status AS status,
	coalesce(
		(SELECT nullif(trim(t.venue_name), '') FROM event_translations t WHERE t.event_id = e.id AND t.locale = 'en'),
		(SELECT nullif(trim(t.venue_name), '') FROM event_translations t WHERE t.event_id = e.id AND nullif(trim(t.venue_name), '') IS NOT NULL ORDER BY t.locale LIMIT 1),
		nullif(trim(e.venue_address), '')
	) AS name,
	nullif(trim(e.venue_address), '') AS address
FROM events e
WHERE e.venue_id IS NULL;
--> statement-breakpoint
INSERT INTO venues (slug, name, address, status, published_at)
SELECT
	'migrated-venue-' || row_number() OVER (ORDER BY min(p.event_id)),
	min(p.name),
	min(p.address),
	CASE WHEN max(p.status = 'published') THEN 'published' ELSE 'draft' END,
	CASE WHEN max(p.status = 'published') THEN cast(unixepoch('subsec') * 1000 AS integer) END
FROM venue_migration_places p
WHERE p.name IS NOT NULL
GROUP BY lower(p.name), coalesce(lower(p.address), '')
ORDER BY min(p.event_id);
--> statement-breakpoint
UPDATE events SET
	venue_id = (
		SELECT v.id FROM venues v, venue_migration_places p
		WHERE p.event_id = events.id AND lower(v.name) = lower(p.name) AND coalesce(lower(v.address), '') = coalesce(lower(p.address), '')
	)
WHERE venue_id IS NULL AND id IN (SELECT event_id FROM venue_migration_places WHERE name IS NOT NULL);
--> statement-breakpoint
UPDATE events SET venue_address = NULL WHERE venue_id IS NOT NULL;
--> statement-breakpoint
UPDATE event_translations SET venue_name = NULL WHERE event_id IN (SELECT id FROM events WHERE venue_id IS NOT NULL);
--> statement-breakpoint
DROP VIEW `venue_migration_places`;
--> statement-breakpoint
-- Slugs from names, character by character: Latin letters lose their accents, anything else that is
-- not a-z or 0-9 becomes a dash; runs of dashes collapse. A name that leaves nothing keeps its
-- `migrated-venue-N` slug; a slug two venues would share gets the venue's id appended.
CREATE TABLE `venue_migration_slugs` AS
WITH RECURSIVE
	folds(source, target) AS (
		VALUES ('à','a'),('á','a'),('â','a'),('ä','a'),('ã','a'),('å','a'),('À','a'),('Á','a'),('Â','a'),('Ä','a'),('Ã','a'),('Å','a'),
		('æ','ae'),('Æ','ae'),('ç','c'),('Ç','c'),('è','e'),('é','e'),('ê','e'),('ë','e'),('È','e'),('É','e'),('Ê','e'),('Ë','e'),
		('ì','i'),('í','i'),('î','i'),('ï','i'),('Ì','i'),('Í','i'),('Î','i'),('Ï','i'),('ñ','n'),('Ñ','n'),
		('ò','o'),('ó','o'),('ô','o'),('ö','o'),('õ','o'),('ø','o'),('Ò','o'),('Ó','o'),('Ô','o'),('Ö','o'),('Õ','o'),('Ø','o'),
		('œ','oe'),('Œ','oe'),('ù','u'),('ú','u'),('û','u'),('ü','u'),('Ù','u'),('Ú','u'),('Û','u'),('Ü','u'),('ß','ss'),('ÿ','y')
	),
	spelled(id, name, position, slug) AS (
		SELECT id, name, 1, '' FROM venues WHERE slug LIKE 'migrated-venue-%'
		UNION ALL
		SELECT id, name, position + 1, slug || coalesce(
			(SELECT target FROM folds WHERE source = substr(name, position, 1)),
			CASE WHEN lower(substr(name, position, 1)) GLOB '[a-z0-9]' THEN lower(substr(name, position, 1)) ELSE '-' END
		)
		FROM spelled WHERE position <= length(name)
	),
	collapsed(id, slug) AS (
		SELECT id, trim(replace(replace(replace(replace(replace(slug, '--', '-'), '--', '-'), '--', '-'), '--', '-'), '--', '-'), '-')
		FROM spelled WHERE position = length(name) + 1
	)
SELECT id, trim(substr(slug, 1, 70), '-') AS slug FROM collapsed;
--> statement-breakpoint
UPDATE venues SET slug = (
	SELECT CASE
		WHEN s.slug = '' OR instr(s.slug, '--') > 0 THEN venues.slug
		WHEN EXISTS (SELECT 1 FROM venue_migration_slugs o WHERE o.slug = s.slug AND o.id < s.id) THEN s.slug || '-' || s.id
		ELSE s.slug
	END
	FROM venue_migration_slugs s WHERE s.id = venues.id
)
WHERE id IN (SELECT id FROM venue_migration_slugs);
--> statement-breakpoint
DROP TABLE `venue_migration_slugs`;
