CREATE TABLE `revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entity` text NOT NULL,
	`entity_id` integer NOT NULL,
	`number` integer NOT NULL,
	`action` text NOT NULL,
	`item_version` integer NOT NULL,
	`restored_from` integer,
	`author_id` text,
	`author_label` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`snapshot` text NOT NULL,
	`changes` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revisions_item_number_unique` ON `revisions` (`entity`,`entity_id`,`number`);