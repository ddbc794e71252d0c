CREATE TABLE `report_files` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`report_id` text NOT NULL,
	`params` text NOT NULL,
	`format` text NOT NULL,
	`title` text NOT NULL,
	`file_name` text NOT NULL,
	`status` text DEFAULT 'na_fila' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`rows` integer,
	`bytes` integer,
	`storage_key` text NOT NULL,
	`requested_by` text,
	`requested_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`error` text,
	`expires_at` integer NOT NULL,
	`summary_month` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "report_files_progress" CHECK(progress between 0 and 100)
);
--> statement-breakpoint
CREATE INDEX `report_files_org_requested_idx` ON `report_files` (`org_id`,`requested_at`,`id`);--> statement-breakpoint
CREATE INDEX `report_files_org_expires_idx` ON `report_files` (`org_id`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `report_files_summary_month_idx` ON `report_files` (`org_id`,`summary_month`) WHERE summary_month is not null;