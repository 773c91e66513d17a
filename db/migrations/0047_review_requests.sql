CREATE TABLE `review_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection` text NOT NULL,
	`item_id` integer NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`item_version` integer NOT NULL,
	`copy_version` integer,
	`message` text,
	`submitted_by` text NOT NULL,
	`submitted_by_label` text NOT NULL,
	`submitted_at` integer NOT NULL,
	`decided_by` text,
	`decided_by_label` text,
	`decided_at` integer,
	`comment` text,
	CONSTRAINT "review_requests_status_check" CHECK(status IN ('waiting', 'changes-requested', 'approved', 'withdrawn', 'closed'))
);
--> statement-breakpoint
CREATE INDEX `review_requests_item_idx` ON `review_requests` (`collection`,`item_id`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `review_requests_status_idx` ON `review_requests` (`status`,`submitted_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_waiting_idx` ON `review_requests` (`collection`,`item_id`) WHERE "review_requests"."status" = 'waiting';