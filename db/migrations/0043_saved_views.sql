CREATE TABLE `saved_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`collection` text NOT NULL,
	`name` text NOT NULL,
	`query` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_views_name_idx` ON `saved_views` (`user_id`,`collection`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `saved_views_default_idx` ON `saved_views` (`user_id`,`collection`) WHERE "saved_views"."is_default" = 1;