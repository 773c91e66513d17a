CREATE TABLE `translation_suggestions` (
	`entity` text NOT NULL,
	`item_id` integer NOT NULL,
	`locale` text NOT NULL,
	`field` text NOT NULL,
	`text_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`entity`, `item_id`, `locale`, `field`)
);
