-- Stable event GUIDs (docs/decisions/033). Existing rows are filled after the migrations with the
-- name-based GUID they were exported with (db/event-guids.ts): SQLite has no SHA-1.
ALTER TABLE `events` ADD `guid` text;--> statement-breakpoint
CREATE UNIQUE INDEX `events_guid_unique` ON `events` (`guid`);