CREATE TABLE `post_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`post_id` text NOT NULL,
	`target_id` text NOT NULL,
	`network` text NOT NULL,
	`account_id` text,
	`run_id` text,
	`step` text NOT NULL,
	`outcome` text NOT NULL,
	`message` text,
	`error_code` text,
	`error_raw` text,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_id`) REFERENCES `post_targets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `social_accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `post_attempts_org_started_idx` ON `post_attempts` (`org_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `post_attempts_org_target_idx` ON `post_attempts` (`org_id`,`target_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `post_attempts_org_outcome_idx` ON `post_attempts` (`org_id`,`outcome`,`started_at`);--> statement-breakpoint
CREATE TABLE `social_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`kind` text NOT NULL,
	`meta_user_id` text NOT NULL,
	`name` text NOT NULL,
	`token_sealed` text,
	`token_expires_at` integer,
	`token_refreshed_at` integer,
	`granted_scopes` text DEFAULT '[]' NOT NULL,
	`declined_scopes` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'ativa' NOT NULL,
	`status_reason` text,
	`demo` integer DEFAULT false NOT NULL,
	`expiry_warned_at` integer,
	`connected_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connected_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `social_connections_org_user_uq` ON `social_connections` (`org_id`,`kind`,`meta_user_id`);--> statement-breakpoint
CREATE INDEX `social_connections_expiry_idx` ON `social_connections` (`status`,`token_expires_at`);--> statement-breakpoint
ALTER TABLE `post_targets` ADD `reach` integer;--> statement-breakpoint
ALTER TABLE `post_targets` ADD `likes` integer;--> statement-breakpoint
ALTER TABLE `post_targets` ADD `comments` integer;--> statement-breakpoint
ALTER TABLE `post_targets` ADD `shares` integer;--> statement-breakpoint
ALTER TABLE `post_targets` ADD `saves` integer;--> statement-breakpoint
ALTER TABLE `post_targets` ADD `metrics_at` integer;--> statement-breakpoint
ALTER TABLE `social_accounts` ADD `picture_url` text;--> statement-breakpoint
ALTER TABLE `social_accounts` ADD `status_reason` text;--> statement-breakpoint
ALTER TABLE `social_accounts` ADD `connection_id` text REFERENCES social_connections(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `social_accounts` ADD `token_sealed` text;--> statement-breakpoint
ALTER TABLE `social_accounts` ADD `token_expires_at` integer;--> statement-breakpoint
ALTER TABLE `social_accounts` ADD `linked_external_id` text;--> statement-breakpoint
ALTER TABLE `social_accounts` ADD `tasks` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `social_accounts` ADD `demo` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `social_accounts` ADD `checked_at` integer;--> statement-breakpoint
CREATE INDEX `social_accounts_connection_idx` ON `social_accounts` (`org_id`,`connection_id`);