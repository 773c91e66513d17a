DROP INDEX `events_public_idx`;--> statement-breakpoint
CREATE INDEX `events_public_cover_idx` ON `events` (`status`,`starts_at`,`ends_at`,`publish_at`);--> statement-breakpoint
CREATE INDEX `events_span_idx` ON `events` (("ends_at" - "starts_at"));