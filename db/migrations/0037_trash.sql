CREATE TABLE `trash` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` integer NOT NULL,
	`title` text,
	`snapshot` text NOT NULL,
	`storage_key` text,
	`deleted_by` text,
	`deleted_by_label` text,
	`deleted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trash_item_unique` ON `trash` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `trash_deleted_at_idx` ON `trash` (`deleted_at`);--> statement-breakpoint
CREATE INDEX `trash_storage_key_idx` ON `trash` (`storage_key`) WHERE "trash"."storage_key" IS NOT NULL;