ALTER TABLE `working_copies` ADD `scheduled_at` integer;--> statement-breakpoint
ALTER TABLE `working_copies` ADD `scheduled_by` text;--> statement-breakpoint
ALTER TABLE `working_copies` ADD `scheduled_by_label` text;--> statement-breakpoint
ALTER TABLE `working_copies` ADD `schedule_problem` text;--> statement-breakpoint
ALTER TABLE `working_copies` ADD `schedule_failed_at` integer;--> statement-breakpoint
CREATE INDEX `working_copies_scheduled_idx` ON `working_copies` (`scheduled_at`);