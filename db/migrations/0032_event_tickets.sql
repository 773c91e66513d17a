ALTER TABLE `events` ADD `admission` text;--> statement-breakpoint
ALTER TABLE `events` ADD `price_min` real;--> statement-breakpoint
ALTER TABLE `events` ADD `price_max` real;--> statement-breakpoint
ALTER TABLE `events` ADD `currency` text;--> statement-breakpoint
ALTER TABLE `events` ADD `availability` text;