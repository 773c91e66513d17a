CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` text,
	`actor_label` text,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`changed_fields` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`locale` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`consent_at` integer NOT NULL,
	`client_hash` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`handled_at` integer
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `curator_translations` (
	`curator_id` integer NOT NULL,
	`locale` text NOT NULL,
	`short_bio` text,
	`bio` text,
	PRIMARY KEY(`curator_id`, `locale`),
	FOREIGN KEY (`curator_id`) REFERENCES `curators`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `curators` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`photo_media_id` integer,
	`links` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	FOREIGN KEY (`photo_media_id`) REFERENCES `medias`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "curators_slug_check" CHECK(length(slug) BETWEEN 1 AND 80 AND slug NOT GLOB '*[^a-z0-9-]*' AND slug NOT LIKE '-%' AND slug NOT LIKE '%-' AND instr(slug, '--') = 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `curators_slug_unique` ON `curators` (`slug`);--> statement-breakpoint
CREATE TABLE `edition_curators` (
	`edition_id` integer NOT NULL,
	`curator_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`edition_id`, `curator_id`),
	FOREIGN KEY (`edition_id`) REFERENCES `editions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`curator_id`) REFERENCES `curators`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `edition_curators_curator_idx` ON `edition_curators` (`curator_id`);--> statement-breakpoint
CREATE TABLE `edition_files` (
	`edition_id` integer NOT NULL,
	`file_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`edition_id`, `file_id`),
	FOREIGN KEY (`edition_id`) REFERENCES `editions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `edition_files_file_idx` ON `edition_files` (`file_id`);--> statement-breakpoint
CREATE TABLE `edition_tags` (
	`edition_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`edition_id`, `tag_id`),
	FOREIGN KEY (`edition_id`) REFERENCES `editions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `edition_tags_tag_idx` ON `edition_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `edition_translations` (
	`edition_id` integer NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`summary` text,
	`body` text,
	PRIMARY KEY(`edition_id`, `locale`),
	FOREIGN KEY (`edition_id`) REFERENCES `editions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `editions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`publish_at` integer,
	`published_at` integer,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`cover_media_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	FOREIGN KEY (`cover_media_id`) REFERENCES `medias`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "editions_slug_check" CHECK(length(slug) BETWEEN 1 AND 80 AND slug NOT GLOB '*[^a-z0-9-]*' AND slug NOT LIKE '-%' AND slug NOT LIKE '%-' AND instr(slug, '--') = 0),
	CONSTRAINT "editions_status_check" CHECK(status IN ('draft', 'published', 'archived')),
	CONSTRAINT "editions_dates_check" CHECK("editions"."ends_at" >= "editions"."starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `editions_slug_unique` ON `editions` (`slug`);--> statement-breakpoint
CREATE INDEX `editions_public_idx` ON `editions` (`status`,`starts_at`);--> statement-breakpoint
CREATE TABLE `event_curators` (
	`event_id` integer NOT NULL,
	`curator_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`event_id`, `curator_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`curator_id`) REFERENCES `curators`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `event_curators_curator_idx` ON `event_curators` (`curator_id`);--> statement-breakpoint
CREATE TABLE `event_files` (
	`event_id` integer NOT NULL,
	`file_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`event_id`, `file_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `event_files_file_idx` ON `event_files` (`file_id`);--> statement-breakpoint
CREATE TABLE `event_medias` (
	`event_id` integer NOT NULL,
	`media_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`event_id`, `media_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `medias`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `event_medias_media_idx` ON `event_medias` (`media_id`);--> statement-breakpoint
CREATE TABLE `event_organizers` (
	`event_id` integer NOT NULL,
	`organizer_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`event_id`, `organizer_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organizer_id`) REFERENCES `organizers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `event_organizers_organizer_idx` ON `event_organizers` (`organizer_id`);--> statement-breakpoint
CREATE TABLE `event_tags` (
	`event_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`event_id`, `tag_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `event_tags_tag_idx` ON `event_tags` (`tag_id`,`event_id`);--> statement-breakpoint
CREATE TABLE `event_translations` (
	`event_id` integer NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`summary` text,
	`body` text,
	`venue_name` text,
	PRIMARY KEY(`event_id`, `locale`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`edition_id` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`publish_at` integer,
	`published_at` integer,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`time_zone` text NOT NULL,
	`venue_address` text,
	`online_url` text,
	`registration_url` text,
	`cover_media_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	FOREIGN KEY (`edition_id`) REFERENCES `editions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cover_media_id`) REFERENCES `medias`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "events_slug_check" CHECK(length(slug) BETWEEN 1 AND 80 AND slug NOT GLOB '*[^a-z0-9-]*' AND slug NOT LIKE '-%' AND slug NOT LIKE '%-' AND instr(slug, '--') = 0),
	CONSTRAINT "events_status_check" CHECK(status IN ('draft', 'published', 'archived')),
	CONSTRAINT "events_dates_check" CHECK("events"."ends_at" >= "events"."starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_slug_unique` ON `events` (`slug`);--> statement-breakpoint
CREATE INDEX `events_public_idx` ON `events` (`status`,`starts_at`);--> statement-breakpoint
CREATE INDEX `events_edition_idx` ON `events` (`edition_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `events_updated_idx` ON `events` (`updated_at`);--> statement-breakpoint
CREATE TABLE `file_translations` (
	`file_id` integer NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	PRIMARY KEY(`file_id`, `locale`),
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`storage_key` text NOT NULL,
	`original_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`sha256` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	CONSTRAINT "files_size_check" CHECK("files"."byte_size" >= 0)
);
--> statement-breakpoint
CREATE INDEX `files_sha256_idx` ON `files` (`sha256`);--> statement-breakpoint
CREATE TABLE `media_translations` (
	`media_id` integer NOT NULL,
	`locale` text NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`caption` text,
	PRIMARY KEY(`media_id`, `locale`),
	FOREIGN KEY (`media_id`) REFERENCES `medias`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `medias` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`storage_key` text,
	`embed_url` text,
	`mime_type` text,
	`byte_size` integer,
	`width` integer,
	`height` integer,
	`focal_x` real DEFAULT 0.5 NOT NULL,
	`focal_y` real DEFAULT 0.5 NOT NULL,
	`sha256` text,
	`original_name` text,
	`credit` text,
	`licence` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	CONSTRAINT "medias_kind_check" CHECK("medias"."kind" IN ('image', 'video', 'audio', 'embed')),
	CONSTRAINT "medias_focal_check" CHECK("medias"."focal_x" BETWEEN 0 AND 1 AND "medias"."focal_y" BETWEEN 0 AND 1),
	CONSTRAINT "medias_source_check" CHECK(("medias"."kind" = 'embed' AND "medias"."embed_url" IS NOT NULL) OR ("medias"."kind" <> 'embed' AND "medias"."storage_key" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `medias_sha256_idx` ON `medias` (`sha256`);--> statement-breakpoint
CREATE TABLE `organizer_translations` (
	`organizer_id` integer NOT NULL,
	`locale` text NOT NULL,
	`description` text,
	PRIMARY KEY(`organizer_id`, `locale`),
	FOREIGN KEY (`organizer_id`) REFERENCES `organizers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `organizers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`kind` text DEFAULT 'organisation' NOT NULL,
	`website_url` text,
	`logo_media_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	FOREIGN KEY (`logo_media_id`) REFERENCES `medias`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "organizers_slug_check" CHECK(length(slug) BETWEEN 1 AND 80 AND slug NOT GLOB '*[^a-z0-9-]*' AND slug NOT LIKE '-%' AND slug NOT LIKE '%-' AND instr(slug, '--') = 0),
	CONSTRAINT "organizers_kind_check" CHECK("organizers"."kind" IN ('organisation', 'person'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organizers_slug_unique` ON `organizers` (`slug`);--> statement-breakpoint
CREATE TABLE `tag_translations` (
	`tag_id` integer NOT NULL,
	`locale` text NOT NULL,
	`label` text NOT NULL,
	PRIMARY KEY(`tag_id`, `locale`),
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`updated_by` text,
	CONSTRAINT "tags_slug_check" CHECK(length(slug) BETWEEN 1 AND 80 AND slug NOT GLOB '*[^a-z0-9-]*' AND slug NOT LIKE '-%' AND slug NOT LIKE '%-' AND instr(slug, '--') = 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_slug_unique` ON `tags` (`slug`);