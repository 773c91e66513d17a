ALTER TABLE `curator_translations` ADD `text_state` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `curator_translations_state_idx` ON `curator_translations` (`locale`,`text_state`);--> statement-breakpoint
ALTER TABLE `edition_translations` ADD `text_state` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `edition_translations_state_idx` ON `edition_translations` (`locale`,`text_state`);--> statement-breakpoint
ALTER TABLE `event_translations` ADD `text_state` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `event_translations_state_idx` ON `event_translations` (`locale`,`text_state`);--> statement-breakpoint
ALTER TABLE `file_translations` ADD `text_state` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `file_translations_state_idx` ON `file_translations` (`locale`,`text_state`);--> statement-breakpoint
ALTER TABLE `media_translations` ADD `text_state` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `media_translations_state_idx` ON `media_translations` (`locale`,`text_state`);--> statement-breakpoint
ALTER TABLE `organizer_translations` ADD `text_state` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `organizer_translations_state_idx` ON `organizer_translations` (`locale`,`text_state`);--> statement-breakpoint
ALTER TABLE `tag_translations` ADD `text_state` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `tag_translations_state_idx` ON `tag_translations` (`locale`,`text_state`);--> statement-breakpoint
ALTER TABLE `venue_translations` ADD `text_state` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `venue_translations_state_idx` ON `venue_translations` (`locale`,`text_state`);--> statement-breakpoint
-- Hand-written from here (docs/decisions/037): fill `text_state` of the rows that exist, then keep
-- it on every insert and every change of a text column. 0 = no text, 1 = some text, 2 = every
-- field the collection declares in `complete` (src/lib/collections) is filled; blank counts as
-- empty, as in the admin's badges. tests/integration/admin-translations.test.ts fails when a
-- declaration and these expressions disagree.
-- curators: text in short_bio, bio; complete with short_bio, bio.
UPDATE `curator_translations` SET `text_state` = CASE WHEN coalesce(trim(`short_bio`), '') <> '' AND coalesce(trim(`bio`), '') <> '' THEN 2 WHEN coalesce(trim(`short_bio`), '') <> '' OR coalesce(trim(`bio`), '') <> '' THEN 1 ELSE 0 END;--> statement-breakpoint
CREATE TRIGGER `curator_translations_text_state_insert` AFTER INSERT ON `curator_translations` BEGIN
  UPDATE `curator_translations` SET `text_state` = CASE WHEN coalesce(trim(`short_bio`), '') <> '' AND coalesce(trim(`bio`), '') <> '' THEN 2 WHEN coalesce(trim(`short_bio`), '') <> '' OR coalesce(trim(`bio`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `curator_translations_text_state_update` AFTER UPDATE OF `short_bio`, `bio` ON `curator_translations` BEGIN
  UPDATE `curator_translations` SET `text_state` = CASE WHEN coalesce(trim(`short_bio`), '') <> '' AND coalesce(trim(`bio`), '') <> '' THEN 2 WHEN coalesce(trim(`short_bio`), '') <> '' OR coalesce(trim(`bio`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
-- editions: text in title, summary, body; complete with title, summary, body.
UPDATE `edition_translations` SET `text_state` = CASE WHEN coalesce(trim(`title`), '') <> '' AND coalesce(trim(`summary`), '') <> '' AND coalesce(trim(`body`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`summary`), '') <> '' OR coalesce(trim(`body`), '') <> '' THEN 1 ELSE 0 END;--> statement-breakpoint
CREATE TRIGGER `edition_translations_text_state_insert` AFTER INSERT ON `edition_translations` BEGIN
  UPDATE `edition_translations` SET `text_state` = CASE WHEN coalesce(trim(`title`), '') <> '' AND coalesce(trim(`summary`), '') <> '' AND coalesce(trim(`body`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`summary`), '') <> '' OR coalesce(trim(`body`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `edition_translations_text_state_update` AFTER UPDATE OF `title`, `summary`, `body` ON `edition_translations` BEGIN
  UPDATE `edition_translations` SET `text_state` = CASE WHEN coalesce(trim(`title`), '') <> '' AND coalesce(trim(`summary`), '') <> '' AND coalesce(trim(`body`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`summary`), '') <> '' OR coalesce(trim(`body`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
-- events: text in title, summary, body, venue_name; complete with title, summary, body.
UPDATE `event_translations` SET `text_state` = CASE WHEN coalesce(trim(`title`), '') <> '' AND coalesce(trim(`summary`), '') <> '' AND coalesce(trim(`body`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`summary`), '') <> '' OR coalesce(trim(`body`), '') <> '' OR coalesce(trim(`venue_name`), '') <> '' THEN 1 ELSE 0 END;--> statement-breakpoint
CREATE TRIGGER `event_translations_text_state_insert` AFTER INSERT ON `event_translations` BEGIN
  UPDATE `event_translations` SET `text_state` = CASE WHEN coalesce(trim(`title`), '') <> '' AND coalesce(trim(`summary`), '') <> '' AND coalesce(trim(`body`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`summary`), '') <> '' OR coalesce(trim(`body`), '') <> '' OR coalesce(trim(`venue_name`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `event_translations_text_state_update` AFTER UPDATE OF `title`, `summary`, `body`, `venue_name` ON `event_translations` BEGIN
  UPDATE `event_translations` SET `text_state` = CASE WHEN coalesce(trim(`title`), '') <> '' AND coalesce(trim(`summary`), '') <> '' AND coalesce(trim(`body`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`summary`), '') <> '' OR coalesce(trim(`body`), '') <> '' OR coalesce(trim(`venue_name`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
-- files: text in title, description; complete with title.
UPDATE `file_translations` SET `text_state` = CASE WHEN coalesce(trim(`title`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`description`), '') <> '' THEN 1 ELSE 0 END;--> statement-breakpoint
CREATE TRIGGER `file_translations_text_state_insert` AFTER INSERT ON `file_translations` BEGIN
  UPDATE `file_translations` SET `text_state` = CASE WHEN coalesce(trim(`title`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`description`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `file_translations_text_state_update` AFTER UPDATE OF `title`, `description` ON `file_translations` BEGIN
  UPDATE `file_translations` SET `text_state` = CASE WHEN coalesce(trim(`title`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`description`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
-- medias: text in alt, caption; complete with alt.
UPDATE `media_translations` SET `text_state` = CASE WHEN coalesce(trim(`alt`), '') <> '' THEN 2 WHEN coalesce(trim(`alt`), '') <> '' OR coalesce(trim(`caption`), '') <> '' THEN 1 ELSE 0 END;--> statement-breakpoint
CREATE TRIGGER `media_translations_text_state_insert` AFTER INSERT ON `media_translations` BEGIN
  UPDATE `media_translations` SET `text_state` = CASE WHEN coalesce(trim(`alt`), '') <> '' THEN 2 WHEN coalesce(trim(`alt`), '') <> '' OR coalesce(trim(`caption`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `media_translations_text_state_update` AFTER UPDATE OF `alt`, `caption` ON `media_translations` BEGIN
  UPDATE `media_translations` SET `text_state` = CASE WHEN coalesce(trim(`alt`), '') <> '' THEN 2 WHEN coalesce(trim(`alt`), '') <> '' OR coalesce(trim(`caption`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
-- organizers: text in description; complete with description.
UPDATE `organizer_translations` SET `text_state` = CASE WHEN coalesce(trim(`description`), '') <> '' THEN 2 WHEN coalesce(trim(`description`), '') <> '' THEN 1 ELSE 0 END;--> statement-breakpoint
CREATE TRIGGER `organizer_translations_text_state_insert` AFTER INSERT ON `organizer_translations` BEGIN
  UPDATE `organizer_translations` SET `text_state` = CASE WHEN coalesce(trim(`description`), '') <> '' THEN 2 WHEN coalesce(trim(`description`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `organizer_translations_text_state_update` AFTER UPDATE OF `description` ON `organizer_translations` BEGIN
  UPDATE `organizer_translations` SET `text_state` = CASE WHEN coalesce(trim(`description`), '') <> '' THEN 2 WHEN coalesce(trim(`description`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
-- tags: text in label; complete with label.
UPDATE `tag_translations` SET `text_state` = CASE WHEN coalesce(trim(`label`), '') <> '' THEN 2 WHEN coalesce(trim(`label`), '') <> '' THEN 1 ELSE 0 END;--> statement-breakpoint
CREATE TRIGGER `tag_translations_text_state_insert` AFTER INSERT ON `tag_translations` BEGIN
  UPDATE `tag_translations` SET `text_state` = CASE WHEN coalesce(trim(`label`), '') <> '' THEN 2 WHEN coalesce(trim(`label`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `tag_translations_text_state_update` AFTER UPDATE OF `label` ON `tag_translations` BEGIN
  UPDATE `tag_translations` SET `text_state` = CASE WHEN coalesce(trim(`label`), '') <> '' THEN 2 WHEN coalesce(trim(`label`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
-- venues: text in description, access_notes; complete with description, access_notes.
UPDATE `venue_translations` SET `text_state` = CASE WHEN coalesce(trim(`description`), '') <> '' AND coalesce(trim(`access_notes`), '') <> '' THEN 2 WHEN coalesce(trim(`description`), '') <> '' OR coalesce(trim(`access_notes`), '') <> '' THEN 1 ELSE 0 END;--> statement-breakpoint
CREATE TRIGGER `venue_translations_text_state_insert` AFTER INSERT ON `venue_translations` BEGIN
  UPDATE `venue_translations` SET `text_state` = CASE WHEN coalesce(trim(`description`), '') <> '' AND coalesce(trim(`access_notes`), '') <> '' THEN 2 WHEN coalesce(trim(`description`), '') <> '' OR coalesce(trim(`access_notes`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `venue_translations_text_state_update` AFTER UPDATE OF `description`, `access_notes` ON `venue_translations` BEGIN
  UPDATE `venue_translations` SET `text_state` = CASE WHEN coalesce(trim(`description`), '') <> '' AND coalesce(trim(`access_notes`), '') <> '' THEN 2 WHEN coalesce(trim(`description`), '') <> '' OR coalesce(trim(`access_notes`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;
