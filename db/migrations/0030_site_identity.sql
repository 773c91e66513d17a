ALTER TABLE `site_setting_translations` ADD `tagline` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `logo_svg` text;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `primary_color` text;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `secondary_color` text;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `font_pair` text DEFAULT 'festival' NOT NULL;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `hero_media_id` integer REFERENCES medias(id) ON DELETE set null;--> statement-breakpoint
UPDATE `site_settings` SET `primary_color` = `accent_color`;