CREATE TABLE `edge_purge_cursors` (
	`target` text NOT NULL,
	`pass` text NOT NULL,
	`last_id` integer NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`lease_until` integer,
	`last_error` text,
	`last_failed_at` integer,
	`last_sent_at` integer,
	PRIMARY KEY(`target`, `pass`)
);
