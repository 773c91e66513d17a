CREATE TABLE `webhook_schedule_cursor` (
	`id` integer PRIMARY KEY NOT NULL,
	`checked_from` integer NOT NULL,
	`checked_until` integer NOT NULL
);
