CREATE TABLE `social_account_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`account_id` text NOT NULL,
	`network` text NOT NULL,
	`external_id` text NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`media_type` text,
	`image_url` text,
	`permalink` text,
	`published_at` integer NOT NULL,
	`reach` integer,
	`likes` integer,
	`comments` integer,
	`shares` integer,
	`saves` integer,
	`metrics_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `social_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `social_account_posts_org_external_uq` ON `social_account_posts` (`org_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `social_account_posts_org_network_idx` ON `social_account_posts` (`org_id`,`network`,`published_at`);--> statement-breakpoint
CREATE INDEX `social_account_posts_org_account_idx` ON `social_account_posts` (`org_id`,`account_id`,`published_at`);--> statement-breakpoint
CREATE TABLE `social_insights_reads` (
	`account_id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`read_at` integer NOT NULL,
	`error_code` text,
	`error_message` text,
	`metrics_read` integer DEFAULT 0 NOT NULL,
	`own_posts` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `social_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `social_insights_reads_org_idx` ON `social_insights_reads` (`org_id`,`read_at`);--> statement-breakpoint
CREATE INDEX `post_attempts_org_network_idx` ON `post_attempts` (`org_id`,`network`,`started_at`);--> statement-breakpoint
CREATE INDEX `post_attempts_org_account_idx` ON `post_attempts` (`org_id`,`account_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `post_targets_org_network_published_idx` ON `post_targets` (`org_id`,`network`,`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `post_targets_org_account_published_idx` ON `post_targets` (`org_id`,`account_id`,`status`,`published_at`);