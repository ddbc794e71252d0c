CREATE TABLE `brand_styles` (
	`org_id` text PRIMARY KEY NOT NULL,
	`primary_color` text NOT NULL,
	`secondary_color` text NOT NULL,
	`text_on_primary_color` text NOT NULL,
	`font` text NOT NULL,
	`app_accent` text,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "brand_styles_primary_hex" CHECK(primary_color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'),
	CONSTRAINT "brand_styles_secondary_hex" CHECK(secondary_color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'),
	CONSTRAINT "brand_styles_text_hex" CHECK(text_on_primary_color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'),
	CONSTRAINT "brand_styles_accent_hex" CHECK(app_accent is null or app_accent GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]')
);
--> statement-breakpoint
CREATE TABLE `reference_account_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`reference_account_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `reference_account_id`)
);
--> statement-breakpoint
CREATE INDEX `reference_account_keys_account_idx` ON `reference_account_keys` (`org_id`,`reference_account_id`,`key`);--> statement-breakpoint
CREATE TABLE `reference_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`handle` text NOT NULL,
	`notes` text,
	`sort_name` text NOT NULL,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reference_accounts_org_name_idx` ON `reference_accounts` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `reference_accounts_org_created_idx` ON `reference_accounts` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `reference_accounts_org_updated_idx` ON `reference_accounts` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `reference_accounts_org_deleted_idx` ON `reference_accounts` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `reference_accounts_org_handle_uq` ON `reference_accounts` (`org_id`,`handle`) WHERE deleted_at is null;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `ai_monthly_token_limit` integer DEFAULT 1000000 NOT NULL;