ALTER TABLE `inbound_leads` ADD `matched_client_id` text REFERENCES clients(id) ON UPDATE no action ON DELETE set null;--> statement-breakpoint
ALTER TABLE `inbound_leads` ADD `match_status` text;--> statement-breakpoint
CREATE INDEX `inbound_leads_org_client_idx` ON `inbound_leads` (`org_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `inbound_leads_org_match_idx` ON `inbound_leads` (`org_id`,`matched_client_id`) WHERE matched_client_id is not null;--> statement-breakpoint
CREATE INDEX `inbound_leads_org_pending_interest_idx` ON `inbound_leads` (`org_id`,`interest_id`) WHERE match_status = 'pendente';