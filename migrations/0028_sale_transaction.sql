ALTER TABLE `stock_movements` ADD `sale_id` text;--> statement-breakpoint
CREATE INDEX `stock_movements_org_sale_idx` ON `stock_movements` (`org_id`,`sale_id`) WHERE sale_id is not null;--> statement-breakpoint
ALTER TABLE `sales` ADD `draft_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_org_draft_uq` ON `sales` (`org_id`,`draft_id`) WHERE draft_id is not null;