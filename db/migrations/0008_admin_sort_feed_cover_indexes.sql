CREATE INDEX `events_created_idx` ON `events` (`created_at`);--> statement-breakpoint
CREATE INDEX `events_starts_idx` ON `events` (`starts_at`);--> statement-breakpoint
CREATE INDEX `events_status_idx` ON `events` (`status`);--> statement-breakpoint
CREATE INDEX `events_visible_since_idx` ON `events` ((max(coalesce("publish_at", 0), coalesce("published_at", "updated_at"))));--> statement-breakpoint
CREATE INDEX `events_cover_media_idx` ON `events` (`cover_media_id`);