ALTER TABLE `sales` ADD `customer_name` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `customer_phone` text;