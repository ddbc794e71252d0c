CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`type` text NOT NULL,
	`cnpj` text,
	`legal_name` text NOT NULL,
	`trade_name` text,
	`state_registration` text,
	`email` text,
	`phone` text,
	`website` text,
	`cep` text,
	`street` text,
	`number` text,
	`complement` text,
	`district` text,
	`city` text,
	`uf` text,
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
CREATE INDEX `companies_org_name_idx` ON `companies` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `companies_org_created_idx` ON `companies` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `companies_org_updated_idx` ON `companies` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `companies_org_type_idx` ON `companies` (`org_id`,`type`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `companies_org_cnpj_idx` ON `companies` (`org_id`,`cnpj`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `companies_org_email_idx` ON `companies` (`org_id`,`email`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `companies_org_deleted_idx` ON `companies` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE TABLE `company_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`company_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `company_id`)
);
--> statement-breakpoint
CREATE INDEX `company_keys_company_idx` ON `company_keys` (`org_id`,`company_id`,`key`);--> statement-breakpoint
CREATE TABLE `record_counts` (
	`org_id` text NOT NULL,
	`resource` text NOT NULL,
	`live` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`org_id`, `resource`)
);
--> statement-breakpoint
CREATE TABLE `client_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`client_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `client_id`)
);
--> statement-breakpoint
CREATE INDEX `client_keys_client_idx` ON `client_keys` (`org_id`,`client_id`,`key`);--> statement-breakpoint
CREATE TABLE `clients` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`name_norm` text NOT NULL,
	`document` text,
	`email` text,
	`phones` text DEFAULT '[]' NOT NULL,
	`primary_phone` text,
	`birthday` text,
	`cep` text,
	`street` text,
	`number` text,
	`complement` text,
	`district` text,
	`city` text,
	`uf` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`origin` text,
	`notes` text,
	`lgpd_consent` integer DEFAULT false NOT NULL,
	`lgpd_consent_at` integer,
	`company_id` text,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `clients_org_name_idx` ON `clients` (`org_id`,`name_norm`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `clients_org_created_idx` ON `clients` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `clients_org_updated_idx` ON `clients` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `clients_org_origin_idx` ON `clients` (`org_id`,`origin`,`name_norm`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `clients_org_kind_idx` ON `clients` (`org_id`,`kind`,`name_norm`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `clients_org_company_idx` ON `clients` (`org_id`,`company_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `clients_org_document_idx` ON `clients` (`org_id`,`document`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `clients_org_email_idx` ON `clients` (`org_id`,`email`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `clients_org_deleted_idx` ON `clients` (`org_id`,`deleted_at`) WHERE deleted_at is not null;