CREATE TABLE `search_index_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	CONSTRAINT "search_index_state_single_row" CHECK("search_index_state"."id" = 1)
);
