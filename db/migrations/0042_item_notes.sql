CREATE TABLE `note_mentions` (
	`note_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`notified_at` integer NOT NULL,
	PRIMARY KEY(`note_id`, `user_id`),
	FOREIGN KEY (`note_id`) REFERENCES `notes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `note_mentions_user_idx` ON `note_mentions` (`user_id`);--> statement-breakpoint
CREATE TABLE `notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection` text NOT NULL,
	`item_id` integer NOT NULL,
	`body` text NOT NULL,
	`author_id` text NOT NULL,
	`author_label` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notes_item_idx` ON `notes` (`collection`,`item_id`,`created_at`);