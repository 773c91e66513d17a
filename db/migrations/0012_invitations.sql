CREATE TABLE `auth_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text,
	`invited_by_label` text NOT NULL,
	`locale` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` text,
	`revoked_at` integer,
	`last_sent_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`send_count` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`invited_by`) REFERENCES `auth_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "auth_invitations_role_check" CHECK("auth_invitations"."role" IN ('admin', 'editor'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_invitations_token_hash_unique` ON `auth_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_invitations_email_idx` ON `auth_invitations` (`email`);