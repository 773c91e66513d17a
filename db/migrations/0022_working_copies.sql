CREATE TABLE `working_copies` (
	`entity` text NOT NULL,
	`entity_id` integer NOT NULL,
	`snapshot` text NOT NULL,
	`base_version` integer NOT NULL,
	`updated_by` text,
	`updated_by_label` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`entity`, `entity_id`)
);
