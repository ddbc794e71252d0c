CREATE TABLE `ai_generations` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`user_id` text,
	`kind` text NOT NULL,
	`input` text NOT NULL,
	`title` text NOT NULL,
	`status` text DEFAULT 'na_fila' NOT NULL,
	`source` text,
	`notice` text,
	`partial_text` text DEFAULT '' NOT NULL,
	`result` text,
	`error_code` text,
	`error_message` text,
	`retry_at` integer,
	`tokens_in` integer DEFAULT 0 NOT NULL,
	`tokens_out` integer DEFAULT 0 NOT NULL,
	`model` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`first_text_at` integer,
	`finished_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ai_generations_org_user_idx` ON `ai_generations` (`org_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ai_generations_status_idx` ON `ai_generations` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `ai_token_usage` (
	`org_id` text NOT NULL,
	`month` text NOT NULL,
	`tokens_in` integer DEFAULT 0 NOT NULL,
	`tokens_out` integer DEFAULT 0 NOT NULL,
	`generations` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`org_id`, `month`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
