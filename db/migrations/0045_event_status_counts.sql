CREATE TABLE `event_status_counts` (
	`status` text PRIMARY KEY NOT NULL,
	`items` integer NOT NULL
);
--> statement-breakpoint
-- Hand-written: the counts of the events there are, and the triggers that keep them. Only items
-- count (`series_id IS NULL`): a repeating event's later dates are not items of the admin list.
-- tests/integration/event-status-counts.test.ts compares them with a real count after every kind of write.
INSERT INTO `event_status_counts` (`status`, `items`) SELECT `status`, count(*) FROM `events` WHERE `series_id` IS NULL GROUP BY `status`;--> statement-breakpoint
CREATE TRIGGER `events_status_count_insert` AFTER INSERT ON `events` WHEN NEW.`series_id` IS NULL BEGIN
  INSERT INTO `event_status_counts` (`status`, `items`) VALUES (NEW.`status`, 1) ON CONFLICT (`status`) DO UPDATE SET `items` = `items` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `events_status_count_delete` AFTER DELETE ON `events` WHEN OLD.`series_id` IS NULL BEGIN
  UPDATE `event_status_counts` SET `items` = `items` - 1 WHERE `status` = OLD.`status`;
END;--> statement-breakpoint
CREATE TRIGGER `events_status_count_update` AFTER UPDATE OF `status`, `series_id` ON `events`
WHEN (OLD.`series_id` IS NULL OR NEW.`series_id` IS NULL) AND (OLD.`status` IS NOT NEW.`status` OR (OLD.`series_id` IS NULL) <> (NEW.`series_id` IS NULL))
BEGIN
  UPDATE `event_status_counts` SET `items` = `items` - 1 WHERE OLD.`series_id` IS NULL AND `status` = OLD.`status`;
  INSERT INTO `event_status_counts` (`status`, `items`) SELECT NEW.`status`, 1 WHERE NEW.`series_id` IS NULL ON CONFLICT (`status`) DO UPDATE SET `items` = `items` + 1;
END;
