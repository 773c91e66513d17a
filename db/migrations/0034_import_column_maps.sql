CREATE TABLE `import_column_maps` (
	`signature` text PRIMARY KEY NOT NULL,
	`columns` text NOT NULL,
	`mapping` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_by` text
);
