CREATE INDEX `companies_org_uf_idx` ON `companies` (`org_id`,`uf`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `clients_org_uf_idx` ON `clients` (`org_id`,`uf`,`name_norm`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `clients_org_consent_idx` ON `clients` (`org_id`,`lgpd_consent`,`name_norm`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `products_org_unit_idx` ON `products` (`org_id`,`unit`,`name_norm`,`id`) WHERE deleted_at is null;