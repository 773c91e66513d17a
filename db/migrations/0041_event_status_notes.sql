-- Cancellations (docs/decisions/055): a previous start on events, a translated status note, and the event texts' text_state triggers rewritten to count it.
ALTER TABLE `event_translations` ADD `status_note` text;--> statement-breakpoint
ALTER TABLE `events` ADD `previous_starts_at` integer;--> statement-breakpoint
-- events: text in title, summary, body, venue_name, status_note; complete with title, summary, body.
DROP TRIGGER IF EXISTS `event_translations_text_state_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `event_translations_text_state_update`;--> statement-breakpoint
UPDATE `event_translations` SET `text_state` = CASE WHEN coalesce(trim(`title`), '') <> '' AND coalesce(trim(`summary`), '') <> '' AND coalesce(trim(`body`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`summary`), '') <> '' OR coalesce(trim(`body`), '') <> '' OR coalesce(trim(`venue_name`), '') <> '' OR coalesce(trim(`status_note`), '') <> '' THEN 1 ELSE 0 END;--> statement-breakpoint
CREATE TRIGGER `event_translations_text_state_insert` AFTER INSERT ON `event_translations` BEGIN
  UPDATE `event_translations` SET `text_state` = CASE WHEN coalesce(trim(`title`), '') <> '' AND coalesce(trim(`summary`), '') <> '' AND coalesce(trim(`body`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`summary`), '') <> '' OR coalesce(trim(`body`), '') <> '' OR coalesce(trim(`venue_name`), '') <> '' OR coalesce(trim(`status_note`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `event_translations_text_state_update` AFTER UPDATE OF `title`, `summary`, `body`, `venue_name`, `status_note` ON `event_translations` BEGIN
  UPDATE `event_translations` SET `text_state` = CASE WHEN coalesce(trim(`title`), '') <> '' AND coalesce(trim(`summary`), '') <> '' AND coalesce(trim(`body`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`summary`), '') <> '' OR coalesce(trim(`body`), '') <> '' OR coalesce(trim(`venue_name`), '') <> '' OR coalesce(trim(`status_note`), '') <> '' THEN 1 ELSE 0 END WHERE rowid = NEW.rowid;
END;
