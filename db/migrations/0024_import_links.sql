CREATE TABLE `import_links` (
	`edition_id` integer NOT NULL,
	`source` text NOT NULL,
	`external_id` text NOT NULL,
	`event_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`edition_id`, `source`, `external_id`),
	FOREIGN KEY (`edition_id`) REFERENCES `editions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "import_links_source_check" CHECK(source IN ('csv', 'ics', 'frab'))
);
--> statement-breakpoint
CREATE INDEX `import_links_event_idx` ON `import_links` (`event_id`);