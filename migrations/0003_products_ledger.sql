CREATE TABLE `record_totals` (
	`org_id` text NOT NULL,
	`resource` text NOT NULL,
	`column_key` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`org_id`, `resource`, `column_key`)
);
--> statement-breakpoint
CREATE TABLE `business_settings` (
	`org_id` text PRIMARY KEY NOT NULL,
	`allow_negative_stock` integer DEFAULT false NOT NULL,
	`updated_at` integer,
	`updated_by` text
);
--> statement-breakpoint
CREATE TABLE `product_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`product_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `product_id`)
);
--> statement-breakpoint
CREATE INDEX `product_keys_product_idx` ON `product_keys` (`org_id`,`product_id`,`key`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`sku` text NOT NULL,
	`name` text NOT NULL,
	`name_norm` text NOT NULL,
	`barcode` text,
	`unit` text NOT NULL,
	`category` text,
	`cost_cents` integer DEFAULT 0 NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`min_stock_milli` integer DEFAULT 0 NOT NULL,
	`stock_milli` integer DEFAULT 0 NOT NULL,
	`supplier_id` text,
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
	FOREIGN KEY (`supplier_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `products_org_name_idx` ON `products` (`org_id`,`name_norm`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `products_org_created_idx` ON `products` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `products_org_updated_idx` ON `products` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `products_org_preco_idx` ON `products` (`org_id`,`price_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `products_org_estoque_idx` ON `products` (`org_id`,`stock_milli`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `products_org_sku_idx` ON `products` (`org_id`,`sku`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `products_org_deleted_idx` ON `products` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `products_org_sku_uq` ON `products` (`org_id`,`sku`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `products_org_barcode_idx` ON `products` (`org_id`,`barcode`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `products_org_supplier_idx` ON `products` (`org_id`,`supplier_id`,`name_norm`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `products_org_active_idx` ON `products` (`org_id`,`active`,`name_norm`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `products_org_low_idx` ON `products` (`org_id`,(stock_milli < min_stock_milli),`name_norm`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`product_id` text NOT NULL,
	`kind` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit_cost_cents` integer,
	`value_cents` integer DEFAULT 0 NOT NULL,
	`reason` text,
	`occurred_at` integer NOT NULL,
	`sort_name` text NOT NULL,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stock_movements_org_name_idx` ON `stock_movements` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `stock_movements_org_created_idx` ON `stock_movements` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `stock_movements_org_updated_idx` ON `stock_movements` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `stock_movements_org_ocorridoEm_idx` ON `stock_movements` (`org_id`,`occurred_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `stock_movements_org_quantidade_idx` ON `stock_movements` (`org_id`,`quantity_milli`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `stock_movements_org_valor_idx` ON `stock_movements` (`org_id`,`value_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `stock_movements_org_deleted_idx` ON `stock_movements` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX `stock_movements_org_kind_idx` ON `stock_movements` (`org_id`,`kind`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `stock_movements_org_product_idx` ON `stock_movements` (`org_id`,`product_id`,`occurred_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
-- Phones are stored with the names the app shows (fields named once: ADR 014): {number, label} → {numero, rotulo}.
UPDATE `clients` SET `phones` = (
  SELECT json_group_array(json_object('numero', json_extract(value, '$.number'), 'whatsapp', json(CASE WHEN json_extract(value, '$.whatsapp') THEN 'true' ELSE 'false' END), 'rotulo', json_extract(value, '$.label')))
  FROM json_each(`clients`.`phones`)
) WHERE `phones` LIKE '%"number"%';
