ALTER TABLE `business_settings` ADD `pix_key_kind` text;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `pix_key` text;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `pix_merchant_name` text;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `pix_merchant_city` text;