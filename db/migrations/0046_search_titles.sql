-- Hand-written: the titles of the search index again, alone, row for row (same rowids as
-- search_fts). A search ranks title matches first; found in search_fts through a column filter,
-- they cost a read of every row holding the word in any column (322k bodies for "Gespräch" at 1M
-- events, for no title). Here a word no title holds is an empty list (docs/decisions/005).
-- db/search-index.ts writes both tables together.
CREATE VIRTUAL TABLE `search_titles` USING fts5(
	title,
	title_forms,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `search_titles` (rowid, title, title_forms) SELECT rowid, title, title_forms FROM `search_fts`;--> statement-breakpoint
INSERT INTO `search_titles` (`search_titles`) VALUES ('optimize');
