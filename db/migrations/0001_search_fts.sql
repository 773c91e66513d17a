-- Full-text index over events, editions, curators and organizers: one row per entity and locale.
-- Rows carry the locale's own text, or the default locale's text (is_fallback = 1) when the
-- translation is missing. Publication rules are applied at query time, so scheduled items appear
-- at their publishAt without any write. Maintained by db/search-index.ts on every write.
CREATE VIRTUAL TABLE `search_fts` USING fts5(
	entity_type UNINDEXED,
	entity_id UNINDEXED,
	locale UNINDEXED,
	is_fallback UNINDEXED,
	title,
	body,
	tokenize = 'unicode61 remove_diacritics 2'
);
