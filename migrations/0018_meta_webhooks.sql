CREATE TABLE `meta_data_deletions` (
	`code` text PRIMARY KEY NOT NULL,
	`request_digest` text NOT NULL,
	`requested_at` integer NOT NULL,
	`completed_at` integer,
	`connections` integer DEFAULT 0 NOT NULL,
	`comments` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meta_data_deletions_request_digest_unique` ON `meta_data_deletions` (`request_digest`);--> statement-breakpoint
CREATE TABLE `meta_webhook_changes` (
	`digest` text PRIMARY KEY NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `meta_webhook_changes_received_idx` ON `meta_webhook_changes` (`received_at`);--> statement-breakpoint
CREATE TABLE `post_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`post_id` text NOT NULL,
	`target_id` text NOT NULL,
	`network` text NOT NULL,
	`kind` text DEFAULT 'comentario' NOT NULL,
	`comment_id` text NOT NULL,
	`author_id` text,
	`author_name` text,
	`author_username` text,
	`text` text,
	`commented_at` integer NOT NULL,
	`client_id` text,
	`interest_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_id`) REFERENCES `post_targets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`interest_id`) REFERENCES `property_interests`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_comments_org_comment_uq` ON `post_comments` (`org_id`,`comment_id`);--> statement-breakpoint
CREATE INDEX `post_comments_org_post_idx` ON `post_comments` (`org_id`,`post_id`,`commented_at`);--> statement-breakpoint
CREATE INDEX `post_comments_org_author_idx` ON `post_comments` (`org_id`,`network`,`author_id`);--> statement-breakpoint
CREATE INDEX `post_comments_author_idx` ON `post_comments` (`author_id`);--> statement-breakpoint
CREATE INDEX `social_accounts_external_idx` ON `social_accounts` (`external_id`,`network`);--> statement-breakpoint
CREATE INDEX `social_connections_meta_user_idx` ON `social_connections` (`meta_user_id`);