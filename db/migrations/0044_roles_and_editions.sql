-- Roles gain `contributor` (the CHECK constraints are rebuilt with their tables; the migrator
-- turns foreign keys off around a migration, so the rebuild keeps sessions and accounts) and
-- accounts and invitations an edition scope (docs/decisions/059).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_auth_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`editions` text,
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
	CONSTRAINT "auth_invitations_role_check" CHECK("__new_auth_invitations"."role" IN ('admin', 'editor', 'contributor'))
);
--> statement-breakpoint
INSERT INTO `__new_auth_invitations`("id", "email", "role", "editions", "token_hash", "invited_by", "invited_by_label", "locale", "created_at", "expires_at", "accepted_at", "accepted_by", "revoked_at", "last_sent_at", "send_count") SELECT "id", "email", "role", NULL, "token_hash", "invited_by", "invited_by_label", "locale", "created_at", "expires_at", "accepted_at", "accepted_by", "revoked_at", "last_sent_at", "send_count" FROM `auth_invitations`;--> statement-breakpoint
DROP TABLE `auth_invitations`;--> statement-breakpoint
ALTER TABLE `__new_auth_invitations` RENAME TO `auth_invitations`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `auth_invitations_token_hash_unique` ON `auth_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_invitations_email_idx` ON `auth_invitations` (`email`);--> statement-breakpoint
CREATE TABLE `__new_auth_users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`image` text,
	`role` text,
	`editions` text,
	`banned` integer DEFAULT false,
	`ban_reason` text,
	`ban_expires` integer,
	`two_factor_enabled` integer DEFAULT false,
	`last_sign_in_at` integer,
	`locale` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "auth_users_role_check" CHECK("__new_auth_users"."role" IS NULL OR "__new_auth_users"."role" IN ('admin', 'editor', 'contributor'))
);
--> statement-breakpoint
INSERT INTO `__new_auth_users`("id", "name", "email", "email_verified", "image", "role", "editions", "banned", "ban_reason", "ban_expires", "two_factor_enabled", "last_sign_in_at", "locale", "created_at", "updated_at") SELECT "id", "name", "email", "email_verified", "image", "role", NULL, "banned", "ban_reason", "ban_expires", "two_factor_enabled", "last_sign_in_at", "locale", "created_at", "updated_at" FROM `auth_users`;--> statement-breakpoint
DROP TABLE `auth_users`;--> statement-breakpoint
ALTER TABLE `__new_auth_users` RENAME TO `auth_users`;--> statement-breakpoint
CREATE UNIQUE INDEX `auth_users_email_unique` ON `auth_users` (`email`);