DROP INDEX `events_edition_idx`;--> statement-breakpoint
CREATE INDEX `events_edition_status_idx` ON `events` (`edition_id`,`status`,`starts_at`);