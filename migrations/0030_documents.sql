CREATE TABLE `document_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`document_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `document_id`)
);
--> statement-breakpoint
CREATE INDEX `document_keys_document_idx` ON `document_keys` (`org_id`,`document_id`,`key`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`title` text NOT NULL,
	`sort_name` text NOT NULL,
	`type` text NOT NULL,
	`file_name` text NOT NULL,
	`kind` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`storage_key` text NOT NULL,
	`expires_on` text,
	`client_id` text,
	`company_id` text,
	`property_id` text,
	`sale_id` text,
	`expense_id` text,
	`notes` text,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`expense_id`) REFERENCES `expenses`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "documents_one_link" CHECK((client_id is not null) + (company_id is not null) + (property_id is not null) + (sale_id is not null) + (expense_id is not null) <= 1),
	CONSTRAINT "documents_size" CHECK(size_bytes between 1 and 20971520),
	CONSTRAINT "documents_expires_day" CHECK(expires_on is null or expires_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')
);
--> statement-breakpoint
CREATE INDEX `documents_org_name_idx` ON `documents` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `documents_org_created_idx` ON `documents` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `documents_org_updated_idx` ON `documents` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `documents_org_vencimento_idx` ON `documents` (`org_id`,`expires_on`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `documents_org_tamanho_idx` ON `documents` (`org_id`,`size_bytes`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `documents_org_deleted_idx` ON `documents` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX `documents_org_type_idx` ON `documents` (`org_id`,`type`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `documents_org_client_idx` ON `documents` (`org_id`,`client_id`,`created_at`) WHERE client_id is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX `documents_org_company_idx` ON `documents` (`org_id`,`company_id`,`created_at`) WHERE company_id is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX `documents_org_property_idx` ON `documents` (`org_id`,`property_id`,`created_at`) WHERE property_id is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX `documents_org_sale_idx` ON `documents` (`org_id`,`sale_id`,`created_at`) WHERE sale_id is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX `documents_org_expense_idx` ON `documents` (`org_id`,`expense_id`,`created_at`) WHERE expense_id is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX `documents_org_storage_key_idx` ON `documents` (`org_id`,`storage_key`);