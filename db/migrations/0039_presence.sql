CREATE TABLE `presences` (
	`collection` text NOT NULL,
	`item_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`client_id` text NOT NULL,
	`user_label` text NOT NULL,
	`since` integer NOT NULL,
	`last_seen` integer NOT NULL,
	PRIMARY KEY(`collection`, `item_id`, `user_id`, `client_id`)
);
--> statement-breakpoint
CREATE INDEX `presences_last_seen_idx` ON `presences` (`last_seen`);