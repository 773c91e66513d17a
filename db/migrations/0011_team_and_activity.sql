ALTER TABLE `audit_log` ADD `title` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `changes` text;--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`at`);--> statement-breakpoint
ALTER TABLE `auth_users` ADD `last_sign_in_at` integer;