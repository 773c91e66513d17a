CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cause` text NOT NULL,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`locale` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`reply_to` text,
	`sensitive` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`lease_until` integer,
	`last_error` text,
	`message_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer,
	CONSTRAINT "mail_outbox_status_check" CHECK(status IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_cause_unique` ON `mail_outbox` (`cause`);--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_created_idx` ON `mail_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `auth_two_factors` (
	`id` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`backup_codes` text NOT NULL,
	`user_id` text NOT NULL,
	`verified` integer DEFAULT true,
	`failed_verification_count` integer DEFAULT 0,
	`locked_until` integer,
	FOREIGN KEY (`user_id`) REFERENCES `auth_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_two_factors_user_idx` ON `auth_two_factors` (`user_id`);--> statement-breakpoint
CREATE INDEX `auth_two_factors_secret_idx` ON `auth_two_factors` (`secret`);--> statement-breakpoint
ALTER TABLE `auth_sessions` ADD `impersonated_by` text;--> statement-breakpoint
ALTER TABLE `auth_users` ADD `banned` integer DEFAULT false;--> statement-breakpoint
ALTER TABLE `auth_users` ADD `ban_reason` text;--> statement-breakpoint
ALTER TABLE `auth_users` ADD `ban_expires` integer;--> statement-breakpoint
ALTER TABLE `auth_users` ADD `two_factor_enabled` integer DEFAULT false;