CREATE TABLE `property_price_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`property_id` text NOT NULL,
	`sale_from_cents` integer,
	`sale_to_cents` integer,
	`rent_from_cents` integer,
	`rent_to_cents` integer,
	`at` integer NOT NULL,
	`by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `property_price_changes_org_at_idx` ON `property_price_changes` (`org_id`,`at`);--> statement-breakpoint
CREATE INDEX `property_price_changes_property_idx` ON `property_price_changes` (`org_id`,`property_id`,`at`);