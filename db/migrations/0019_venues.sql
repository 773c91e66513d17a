CREATE TABLE `venue_translations` (
	`venue_id` integer NOT NULL,
	`locale` text NOT NULL,
	`description` text,
	`access_notes` text,
	PRIMARY KEY(`venue_id`, `locale`),
	FOREIGN KEY (`venue_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `venues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`published_at` integer,
	`address` text,
	`latitude` real,
	`longitude` real,
	`website_url` text,
	`image_media_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	FOREIGN KEY (`image_media_id`) REFERENCES `medias`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "venues_slug_check" CHECK(length(slug) BETWEEN 1 AND 80 AND slug NOT GLOB '*[^a-z0-9-]*' AND slug NOT LIKE '-%' AND slug NOT LIKE '%-' AND instr(slug, '--') = 0),
	CONSTRAINT "venues_status_check" CHECK(status IN ('draft', 'published', 'archived')),
	CONSTRAINT "venues_latitude_check" CHECK("venues"."latitude" IS NULL OR "venues"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "venues_longitude_check" CHECK("venues"."longitude" IS NULL OR "venues"."longitude" BETWEEN -180 AND 180),
	CONSTRAINT "venues_coordinates_check" CHECK(("venues"."latitude" IS NULL) = ("venues"."longitude" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `venues_slug_unique` ON `venues` (`slug`);--> statement-breakpoint
ALTER TABLE `events` ADD `venue_id` integer REFERENCES venues(id);--> statement-breakpoint
ALTER TABLE `events` ADD `room` text;--> statement-breakpoint
CREATE INDEX `events_venue_idx` ON `events` (`venue_id`,`starts_at`);