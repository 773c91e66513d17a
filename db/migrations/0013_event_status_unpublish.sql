ALTER TABLE `editions` ADD `unpublish_at` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `unpublish_at` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `event_status` text DEFAULT 'scheduled' NOT NULL;