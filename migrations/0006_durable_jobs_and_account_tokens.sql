CREATE TABLE `job_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`function_id` text NOT NULL,
	`event_name` text NOT NULL,
	`event_id` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempt` integer DEFAULT 0 NOT NULL,
	`concurrency_key` text,
	`run_at` integer NOT NULL,
	`lease_until` integer,
	`last_error` text,
	`result` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_runs_event_unique` ON `job_runs` (`function_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `job_runs_due_idx` ON `job_runs` (`status`,`run_at`);--> statement-breakpoint
CREATE INDEX `job_runs_concurrency_idx` ON `job_runs` (`function_id`,`concurrency_key`,`status`);--> statement-breakpoint
CREATE TABLE `job_steps` (
	`run_id` text NOT NULL,
	`step_id` text NOT NULL,
	`output` text,
	`completed_at` integer NOT NULL,
	PRIMARY KEY(`run_id`, `step_id`),
	FOREIGN KEY (`run_id`) REFERENCES `job_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text,
	`html` text,
	`link` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
INSERT INTO `__new_email_outbox`("id", "to", "subject", "text", "html", "link", "status", "error", "created_at", "sent_at") SELECT "id", "to", "subject", "text", "html", "link", "status", "error", "created_at", "sent_at" FROM `email_outbox`;--> statement-breakpoint
DROP TABLE `email_outbox`;--> statement-breakpoint
ALTER TABLE `__new_email_outbox` RENAME TO `email_outbox`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `email_outbox_to_idx` ON `email_outbox` (`to`);--> statement-breakpoint
-- Messages already handed over keep no body or link (their tokens): issue 11 §2.
UPDATE `email_outbox` SET `text` = NULL, `html` = NULL, `link` = NULL WHERE `status` IN ('sent', 'logged');--> statement-breakpoint
ALTER TABLE `auth_tokens` ADD `name` text;--> statement-breakpoint
ALTER TABLE `auth_tokens` ADD `invited_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `auth_tokens` ADD `password_hash` text;--> statement-breakpoint
CREATE INDEX `auth_tokens_org_idx` ON `auth_tokens` (`org_id`,`purpose`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `authenticated_at` integer;