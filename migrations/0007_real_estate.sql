CREATE TABLE `inbound_leads` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`origin` text NOT NULL,
	`client_id` text,
	`interest_id` text,
	`property_id` text,
	`received_at` integer NOT NULL,
	`repeats` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`interest_id`) REFERENCES `property_interests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_leads_key_uq` ON `inbound_leads` (`org_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `inbound_leads_org_received_idx` ON `inbound_leads` (`org_id`,`received_at`);--> statement-breakpoint
CREATE TABLE `landing_pages` (
	`org_id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`draft` text NOT NULL,
	`published` text,
	`published_at` integer,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `landing_pages_slug_uq` ON `landing_pages` (`slug`);--> statement-breakpoint
CREATE TABLE `match_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`property_id` text NOT NULL,
	`interest_id` text NOT NULL,
	`reason` text NOT NULL,
	`score` integer NOT NULL,
	`created_at` integer NOT NULL,
	`seen_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`interest_id`) REFERENCES `property_interests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `match_alerts_pair_uq` ON `match_alerts` (`org_id`,`property_id`,`interest_id`,`reason`);--> statement-breakpoint
CREATE INDEX `match_alerts_org_open_idx` ON `match_alerts` (`org_id`,`created_at`) WHERE seen_at is null;--> statement-breakpoint
CREATE INDEX `match_alerts_interest_idx` ON `match_alerts` (`org_id`,`interest_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `portal_settings` (
	`org_id` text PRIMARY KEY NOT NULL,
	`feed_token_hash` text,
	`feed_token_hint` text,
	`lead_user` text,
	`lead_secret_hash` text,
	`lead_secret_hint` text,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `portal_settings_feed_token_uq` ON `portal_settings` (`feed_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `portal_settings_lead_user_uq` ON `portal_settings` (`lead_user`);--> statement-breakpoint
CREATE TABLE `properties` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`code` text NOT NULL,
	`slug` text NOT NULL,
	`purpose` text,
	`type` text,
	`type_bit` integer DEFAULT 0 NOT NULL,
	`subtype` text,
	`title` text,
	`sort_name` text NOT NULL,
	`description` text,
	`sale_price_cents` integer,
	`rent_price_cents` integer,
	`price_cents` integer,
	`condo_fee_cents` integer,
	`iptu_cents` integer,
	`iptu_period` text,
	`usable_area_centi` integer,
	`total_area_centi` integer,
	`lot_area_centi` integer,
	`bedrooms` integer,
	`suites` integer,
	`bathrooms` integer,
	`parking` integer,
	`floor` integer,
	`year_built` integer,
	`furnished` integer DEFAULT false NOT NULL,
	`accepts_exchange` integer DEFAULT false NOT NULL,
	`accepts_financing` integer DEFAULT false NOT NULL,
	`cep` text,
	`street` text,
	`number` text,
	`complement` text,
	`district` text,
	`city` text,
	`uf` text,
	`district_key` text,
	`city_key` text,
	`address_visibility` text DEFAULT 'bairro' NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`features_mask` integer DEFAULT 0 NOT NULL,
	`development_id` text,
	`owner_client_id` text,
	`captured_by` text,
	`broker_id` text,
	`exclusive` integer DEFAULT false NOT NULL,
	`exclusive_until` text,
	`keys_location` text,
	`status` text DEFAULT 'rascunho' NOT NULL,
	`published_at` integer,
	`portal` integer DEFAULT false NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`cover_key` text,
	`share_image_key` text,
	`photo_count` integer DEFAULT 0 NOT NULL,
	`draft_state` text,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`development_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`owner_client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`captured_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `properties_org_name_idx` ON `properties` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_created_idx` ON `properties` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_updated_idx` ON `properties` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_preco_idx` ON `properties` (`org_id`,`price_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_area_idx` ON `properties` (`org_id`,`usable_area_centi`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_publicadoEm_idx` ON `properties` (`org_id`,`published_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_deleted_idx` ON `properties` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `properties_org_code_uq` ON `properties` (`org_id`,`code`) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `properties_slug_uq` ON `properties` (`slug`);--> statement-breakpoint
CREATE INDEX `properties_org_status_idx` ON `properties` (`org_id`,`status`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_purpose_idx` ON `properties` (`org_id`,`purpose`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_type_idx` ON `properties` (`org_id`,`type`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_broker_idx` ON `properties` (`org_id`,`broker_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_city_idx` ON `properties` (`org_id`,`city_key`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_district_idx` ON `properties` (`org_id`,`district_key`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_bedrooms_idx` ON `properties` (`org_id`,`bedrooms`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_parking_idx` ON `properties` (`org_id`,`parking`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_owner_idx` ON `properties` (`org_id`,`owner_client_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_development_idx` ON `properties` (`org_id`,`development_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_match_idx` ON `properties` (`org_id`,`status`,`city_key`,`price_cents`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `properties_org_portal_idx` ON `properties` (`org_id`,`portal`,`status`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `property_interest_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`interest_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `interest_id`)
);
--> statement-breakpoint
CREATE INDEX `property_interest_keys_interest_idx` ON `property_interest_keys` (`org_id`,`interest_id`,`key`);--> statement-breakpoint
CREATE TABLE `property_interest_places` (
	`org_id` text NOT NULL,
	`interest_id` text NOT NULL,
	`city_key` text NOT NULL,
	`district_key` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`org_id`, `city_key`, `district_key`, `interest_id`),
	FOREIGN KEY (`interest_id`) REFERENCES `property_interests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `property_interest_places_interest_idx` ON `property_interest_places` (`interest_id`);--> statement-breakpoint
CREATE TABLE `property_interests` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`client_id` text NOT NULL,
	`property_id` text,
	`sort_name` text NOT NULL,
	`purpose` text,
	`types` text DEFAULT '[]' NOT NULL,
	`types_mask` integer DEFAULT 0 NOT NULL,
	`places` text DEFAULT '[]' NOT NULL,
	`min_price_cents` integer,
	`max_price_cents` integer,
	`min_bedrooms` integer,
	`min_suites` integer,
	`min_parking` integer,
	`min_area_centi` integer,
	`features` text DEFAULT '[]' NOT NULL,
	`features_mask` integer DEFAULT 0 NOT NULL,
	`temperature` text DEFAULT 'morno' NOT NULL,
	`stage` text DEFAULT 'novo' NOT NULL,
	`stage_position` integer DEFAULT 0 NOT NULL,
	`lost_reason` text,
	`broker_id` text,
	`next_action_on` text,
	`origin` text DEFAULT 'manual' NOT NULL,
	`message` text,
	`notes` text,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `property_interests_org_name_idx` ON `property_interests` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_interests_org_created_idx` ON `property_interests` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_interests_org_updated_idx` ON `property_interests` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_interests_org_proximaAcao_idx` ON `property_interests` (`org_id`,`next_action_on`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_interests_org_deleted_idx` ON `property_interests` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX `property_interests_org_stage_idx` ON `property_interests` (`org_id`,`stage`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_interests_org_temperature_idx` ON `property_interests` (`org_id`,`temperature`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_interests_org_broker_idx` ON `property_interests` (`org_id`,`broker_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_interests_org_purpose_idx` ON `property_interests` (`org_id`,`purpose`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_interests_org_client_idx` ON `property_interests` (`org_id`,`client_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_interests_org_property_idx` ON `property_interests` (`org_id`,`property_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_interests_kanban_idx` ON `property_interests` (`org_id`,`stage`,`stage_position`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_interests_match_idx` ON `property_interests` (`org_id`,`purpose`,`max_price_cents`) WHERE deleted_at is null and stage not in ('fechado', 'perdido');--> statement-breakpoint
CREATE TABLE `property_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`property_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `property_id`)
);
--> statement-breakpoint
CREATE INDEX `property_keys_property_idx` ON `property_keys` (`org_id`,`property_id`,`key`);--> statement-breakpoint
CREATE TABLE `property_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`property_id` text NOT NULL,
	`key` text NOT NULL,
	`sizes` text NOT NULL,
	`content_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`position` integer NOT NULL,
	`cover` integer DEFAULT false NOT NULL,
	`caption` text,
	`created_at` integer NOT NULL,
	`created_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `property_photos_property_idx` ON `property_photos` (`org_id`,`property_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `property_photos_cover_uq` ON `property_photos` (`property_id`) WHERE cover = 1;--> statement-breakpoint
CREATE TABLE `property_status_history` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`property_id` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`reason` text,
	`at` integer NOT NULL,
	`by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `property_status_history_property_idx` ON `property_status_history` (`org_id`,`property_id`,`at`);--> statement-breakpoint
CREATE TABLE `property_visits` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`client_id` text NOT NULL,
	`property_id` text NOT NULL,
	`interest_id` text,
	`broker_id` text,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`outcome` text DEFAULT 'agendada' NOT NULL,
	`notes` text,
	`created_at` integer NOT NULL,
	`created_by` text,
	`deleted_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`interest_id`) REFERENCES `property_interests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`broker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `property_visits_org_start_idx` ON `property_visits` (`org_id`,`starts_at`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_visits_property_idx` ON `property_visits` (`org_id`,`property_id`,`starts_at`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_visits_interest_idx` ON `property_visits` (`org_id`,`interest_id`,`starts_at`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `property_visits_broker_idx` ON `property_visits` (`org_id`,`broker_id`,`starts_at`) WHERE deleted_at is null;