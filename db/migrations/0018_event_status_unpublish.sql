DROP INDEX `events_public_cover_idx`;--> statement-breakpoint
ALTER TABLE `events` ADD `unpublish_at` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `event_status` text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
CREATE INDEX `events_unpublish_idx` ON `events` (`unpublish_at`) WHERE "events"."unpublish_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `events_public_cover_idx` ON `events` (`status`,`starts_at`,`ends_at`,`publish_at`,`unpublish_at`);--> statement-breakpoint
ALTER TABLE `editions` ADD `unpublish_at` integer;--> statement-breakpoint
CREATE INDEX `editions_unpublish_idx` ON `editions` (`unpublish_at`) WHERE "editions"."unpublish_at" IS NOT NULL;