CREATE TABLE `social_app_credentials` (
	`org_id` text PRIMARY KEY NOT NULL,
	`app_id` text,
	`app_secret_sealed` text,
	`verify_token_sealed` text,
	`tested_at` integer,
	`test_ok` integer,
	`test_message` text,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
