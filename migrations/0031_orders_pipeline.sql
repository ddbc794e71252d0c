CREATE TABLE `order_status_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`order_id` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`changed_at` integer NOT NULL,
	`changed_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `order_status_changes_order_idx` ON `order_status_changes` (`order_id`,`changed_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `contact_name` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `contact_phone` text;--> statement-breakpoint
CREATE INDEX `orders_org_fulfilment_idx` ON `orders` (`org_id`,`fulfilment`,`sort_name`,`id`) WHERE deleted_at is null;