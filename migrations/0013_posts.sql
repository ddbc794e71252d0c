CREATE TABLE `post_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`post_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `post_id`)
);
--> statement-breakpoint
CREATE INDEX `post_keys_post_idx` ON `post_keys` (`org_id`,`post_id`,`key`);--> statement-breakpoint
CREATE TABLE `post_media` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`post_id` text NOT NULL,
	`position` integer NOT NULL,
	`key` text,
	`property_photo_id` text,
	`alt_text` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_photo_id`) REFERENCES `property_photos`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "post_media_source_ck" CHECK(key is not null or property_photo_id is not null)
);
--> statement-breakpoint
CREATE INDEX `post_media_org_post_idx` ON `post_media` (`org_id`,`post_id`,`position`);--> statement-breakpoint
CREATE TABLE `post_targets` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`post_id` text NOT NULL,
	`network` text NOT NULL,
	`account_id` text NOT NULL,
	`status` text DEFAULT 'rascunho' NOT NULL,
	`scheduled_at` integer,
	`container_id` text,
	`child_container_ids` text,
	`media_id` text,
	`external_post_id` text,
	`permalink` text,
	`error_code` text,
	`error_message` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_at` integer,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `social_accounts`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_targets_post_account_uq` ON `post_targets` (`post_id`,`account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `post_targets_post_network_uq` ON `post_targets` (`post_id`,`network`);--> statement-breakpoint
CREATE INDEX `post_targets_due_idx` ON `post_targets` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `post_targets_account_idx` ON `post_targets` (`org_id`,`account_id`,`status`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `post_targets_org_post_idx` ON `post_targets` (`org_id`,`post_id`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`sort_caption` text NOT NULL,
	`link` text,
	`first_comment` text,
	`alt_text` text,
	`origin_kind` text,
	`property_id` text,
	`product_id` text,
	`approval` text DEFAULT 'rascunho' NOT NULL,
	`approved_by` text,
	`approved_at` integer,
	`scheduled_at` integer,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `posts_org_name_idx` ON `posts` (`org_id`,`sort_caption`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `posts_org_created_idx` ON `posts` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `posts_org_updated_idx` ON `posts` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `posts_org_agendadoPara_idx` ON `posts` (`org_id`,`scheduled_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `posts_org_deleted_idx` ON `posts` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX `posts_org_approval_idx` ON `posts` (`org_id`,`approval`,`sort_caption`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `posts_org_property_idx` ON `posts` (`org_id`,`property_id`,`sort_caption`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `posts_org_creator_idx` ON `posts` (`org_id`,`created_by`,`sort_caption`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `social_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`network` text NOT NULL,
	`external_id` text NOT NULL,
	`name` text NOT NULL,
	`handle` text,
	`status` text DEFAULT 'ativa' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `social_accounts_org_external_uq` ON `social_accounts` (`org_id`,`network`,`external_id`);--> statement-breakpoint
CREATE INDEX `social_accounts_org_network_idx` ON `social_accounts` (`org_id`,`network`,`name`);