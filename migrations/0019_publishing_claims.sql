ALTER TABLE `post_targets` ADD `claim_run_id` text;--> statement-breakpoint
ALTER TABLE `post_targets` ADD `held_until` integer;