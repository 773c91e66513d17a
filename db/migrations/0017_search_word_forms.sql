-- The search index gains two indexed columns holding the other forms of the title's and body's
-- words (Snowball stems in the text's language, German spellings with ae/oe/ue/ss): decision 005.
-- FTS5 tables cannot add columns, so the table is made again, empty. SQLite has no stemmer: the
-- rows are written by db/search-index.ts, which rebuilds them at start-up (right after the
-- migrations) because `search_index_state` (a new table) does not yet say they hold the
-- current forms. Nothing here reads that table, so this file may run before or after it is made.
DROP TABLE `search_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_fts` USING fts5(
	entity_type UNINDEXED,
	entity_id UNINDEXED,
	locale UNINDEXED,
	is_fallback UNINDEXED,
	title,
	body,
	title_forms,
	body_forms,
	tokenize = 'unicode61 remove_diacritics 2'
);
