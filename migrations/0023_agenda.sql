CREATE TABLE `appointment_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`appointment_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `appointment_id`)
);
--> statement-breakpoint
CREATE INDEX `appointment_keys_appointment_idx` ON `appointment_keys` (`org_id`,`appointment_id`,`key`);--> statement-breakpoint
CREATE TABLE `appointment_services` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`appointment_id` text NOT NULL,
	`service_id` text,
	`name` text NOT NULL,
	`duration_min` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`commission_cents` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `appointment_services_appointment_idx` ON `appointment_services` (`org_id`,`appointment_id`,`position`);--> statement-breakpoint
CREATE TABLE `appointments` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`client_id` text NOT NULL,
	`professional_id` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`status` text DEFAULT 'pendente' NOT NULL,
	`origin` text DEFAULT 'interno' NOT NULL,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`notes` text,
	`sort_name` text NOT NULL,
	`checked_in_at` integer,
	`started_at` integer,
	`finished_at` integer,
	`link_hash` text,
	`reminder_at` integer,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "appointments_range" CHECK(ends_at > starts_at)
);
--> statement-breakpoint
CREATE INDEX `appointments_org_name_idx` ON `appointments` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `appointments_org_created_idx` ON `appointments` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `appointments_org_updated_idx` ON `appointments` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `appointments_org_inicio_idx` ON `appointments` (`org_id`,`starts_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `appointments_org_deleted_idx` ON `appointments` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX `appointments_org_professional_start_idx` ON `appointments` (`org_id`,`professional_id`,`starts_at`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `appointments_org_client_start_idx` ON `appointments` (`org_id`,`client_id`,`starts_at`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `appointments_org_status_idx` ON `appointments` (`org_id`,`status`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `appointments_org_link_idx` ON `appointments` (`org_id`,`link_hash`) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `appointments_link_hash_uq` ON `appointments` (`link_hash`) WHERE link_hash is not null;--> statement-breakpoint
CREATE TABLE `business_hour_days` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`intervals` text DEFAULT '[]' NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	`created_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `business_hour_days_org_day_uq` ON `business_hour_days` (`org_id`,`day`);--> statement-breakpoint
CREATE TABLE `business_hours` (
	`org_id` text PRIMARY KEY NOT NULL,
	`weekly` text DEFAULT '[[],[],[],[],[],[],[]]' NOT NULL,
	`closed_on_national_holidays` integer DEFAULT true NOT NULL,
	`updated_at` integer,
	`updated_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `professional_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`professional_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `professional_id`)
);
--> statement-breakpoint
CREATE INDEX `professional_keys_professional_idx` ON `professional_keys` (`org_id`,`professional_id`,`key`);--> statement-breakpoint
CREATE TABLE `professional_services` (
	`org_id` text NOT NULL,
	`professional_id` text NOT NULL,
	`service_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `professional_id`, `service_id`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `professional_services_service_idx` ON `professional_services` (`org_id`,`service_id`);--> statement-breakpoint
CREATE TABLE `professional_time_off` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`professional_id` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	`created_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "professional_time_off_range" CHECK(ends_at > starts_at)
);
--> statement-breakpoint
CREATE INDEX `professional_time_off_idx` ON `professional_time_off` (`org_id`,`professional_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `professionals` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`sort_name` text NOT NULL,
	`color` text NOT NULL,
	`phone` text,
	`email` text,
	`user_id` text,
	`commission_kind` text,
	`commission_value` integer,
	`weekly` text DEFAULT '[[],[],[],[],[],[],[]]' NOT NULL,
	`online_booking` integer DEFAULT true NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`notes` text,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "professionals_color_hex" CHECK(color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]')
);
--> statement-breakpoint
CREATE INDEX `professionals_org_name_idx` ON `professionals` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `professionals_org_created_idx` ON `professionals` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `professionals_org_updated_idx` ON `professionals` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `professionals_org_deleted_idx` ON `professionals` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `professionals_org_user_uq` ON `professionals` (`org_id`,`user_id`) WHERE deleted_at is null and user_id is not null;--> statement-breakpoint
CREATE INDEX `professionals_org_active_idx` ON `professionals` (`org_id`,`active`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `service_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`service_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `service_id`)
);
--> statement-breakpoint
CREATE INDEX `service_keys_service_idx` ON `service_keys` (`org_id`,`service_id`,`key`);--> statement-breakpoint
CREATE TABLE `service_products` (
	`org_id` text NOT NULL,
	`service_id` text NOT NULL,
	`product_id` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	PRIMARY KEY(`org_id`, `service_id`, `product_id`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `service_products_product_idx` ON `service_products` (`org_id`,`product_id`);--> statement-breakpoint
CREATE TABLE `services` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`sort_name` text NOT NULL,
	`category` text,
	`duration_min` integer NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`commission_kind` text,
	`commission_value` integer,
	`online_booking` integer DEFAULT true NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`description` text,
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
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "services_duration_range" CHECK(duration_min between 5 and 720)
);
--> statement-breakpoint
CREATE INDEX `services_org_name_idx` ON `services` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `services_org_created_idx` ON `services` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `services_org_updated_idx` ON `services` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `services_org_preco_idx` ON `services` (`org_id`,`price_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `services_org_duracao_idx` ON `services` (`org_id`,`duration_min`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `services_org_deleted_idx` ON `services` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX `services_org_category_idx` ON `services` (`org_id`,`category`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `services_org_active_idx` ON `services` (`org_id`,`active`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `agenda_slot_minutes` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `agenda_buffer_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `booking_min_notice_minutes` integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `booking_max_days_ahead` integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `online_booking_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `online_booking_status` text DEFAULT 'pendente' NOT NULL;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `reminders_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `default_commission_kind` text DEFAULT 'percentual' NOT NULL;--> statement-breakpoint
ALTER TABLE `business_settings` ADD `default_commission_value` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stock_movements` ADD `appointment_id` text;--> statement-breakpoint
CREATE INDEX `stock_movements_org_appointment_idx` ON `stock_movements` (`org_id`,`appointment_id`) WHERE appointment_id is not null;