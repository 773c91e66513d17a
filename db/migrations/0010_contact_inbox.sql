CREATE TABLE `contact_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`author_id` text,
	`author_label` text,
	`body` text NOT NULL,
	`cause` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_replies_message_idx` ON `contact_replies` (`message_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `read_at` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_handled_idx` ON `contact_messages` (`handled_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_email_idx` ON `contact_messages` (lower("email"));