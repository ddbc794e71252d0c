CREATE TABLE `cash_movement_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`cash_movement_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `cash_movement_id`)
);
--> statement-breakpoint
CREATE INDEX `cash_movement_keys_movement_idx` ON `cash_movement_keys` (`org_id`,`cash_movement_id`,`key`);--> statement-breakpoint
CREATE TABLE `cash_movements` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`occurred_at` integer NOT NULL,
	`description` text NOT NULL,
	`sort_name` text NOT NULL,
	`method` text,
	`sale_id` text,
	`sale_payment_id` text,
	`receivable_id` text,
	`expense_id` text,
	`commission_id` text,
	`transfer_id` text,
	`reversal_of` text,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `finance_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_payment_id`) REFERENCES `sale_payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`receivable_id`) REFERENCES `receivables`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`expense_id`) REFERENCES `expenses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`commission_id`) REFERENCES `commissions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reversal_of`) REFERENCES `cash_movements`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "cash_movements_nonzero" CHECK(amount_cents <> 0),
	CONSTRAINT "cash_movements_kind_sign" CHECK((kind = 'entrada' and amount_cents > 0) or (kind = 'saida' and amount_cents < 0) or kind in ('transferencia', 'estorno', 'saldo_inicial')),
	CONSTRAINT "cash_movements_reversal" CHECK((kind = 'estorno') = (reversal_of is not null)),
	CONSTRAINT "cash_movements_transfer" CHECK((kind = 'transferencia') = (transfer_id is not null))
);
--> statement-breakpoint
CREATE INDEX `cash_movements_org_name_idx` ON `cash_movements` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `cash_movements_org_created_idx` ON `cash_movements` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `cash_movements_org_updated_idx` ON `cash_movements` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `cash_movements_org_ocorridoEm_idx` ON `cash_movements` (`org_id`,`occurred_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `cash_movements_org_valor_idx` ON `cash_movements` (`org_id`,`amount_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `cash_movements_org_deleted_idx` ON `cash_movements` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX `cash_movements_balance_idx` ON `cash_movements` (`org_id`,`account_id`,`occurred_at`,`amount_cents`,`deleted_at`);--> statement-breakpoint
CREATE INDEX `cash_movements_org_kind_idx` ON `cash_movements` (`org_id`,`kind`,`occurred_at`,`amount_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `cash_movements_reversal_uq` ON `cash_movements` (`reversal_of`) WHERE reversal_of is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX `cash_movements_org_transfer_idx` ON `cash_movements` (`org_id`,`transfer_id`) WHERE transfer_id is not null;--> statement-breakpoint
CREATE INDEX `cash_movements_org_sale_idx` ON `cash_movements` (`org_id`,`sale_id`) WHERE sale_id is not null;--> statement-breakpoint
CREATE INDEX `cash_movements_org_receivable_idx` ON `cash_movements` (`org_id`,`receivable_id`) WHERE receivable_id is not null;--> statement-breakpoint
CREATE INDEX `cash_movements_org_expense_idx` ON `cash_movements` (`org_id`,`expense_id`) WHERE expense_id is not null;--> statement-breakpoint
CREATE INDEX `cash_movements_org_commission_idx` ON `cash_movements` (`org_id`,`commission_id`) WHERE commission_id is not null;--> statement-breakpoint
CREATE TABLE `commissions` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`sale_item_id` text NOT NULL,
	`professional_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pendente' NOT NULL,
	`reference_at` integer NOT NULL,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sale_item_id`) REFERENCES `sale_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "commissions_amount" CHECK(amount_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commissions_item_uq` ON `commissions` (`sale_item_id`);--> statement-breakpoint
CREATE INDEX `commissions_org_professional_idx` ON `commissions` (`org_id`,`professional_id`,`status`,`reference_at`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `commissions_org_sale_idx` ON `commissions` (`org_id`,`sale_id`);--> statement-breakpoint
CREATE TABLE `expense_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`expense_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `expense_id`)
);
--> statement-breakpoint
CREATE INDEX `expense_keys_expense_idx` ON `expense_keys` (`org_id`,`expense_id`,`key`);--> statement-breakpoint
CREATE TABLE `expenses` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`description` text NOT NULL,
	`sort_name` text NOT NULL,
	`category` text,
	`supplier_id` text,
	`amount_cents` integer NOT NULL,
	`due_on` text NOT NULL,
	`status` text DEFAULT 'aberta' NOT NULL,
	`recurrence` text DEFAULT 'nenhuma' NOT NULL,
	`recurrence_until` text,
	`series_id` text,
	`paid_at` integer,
	`account_id` text,
	`method` text,
	`notes` text,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`account_id`) REFERENCES `finance_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "expenses_amount" CHECK(amount_cents > 0),
	CONSTRAINT "expenses_due_day" CHECK(due_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
	CONSTRAINT "expenses_recurrence_until" CHECK(recurrence_until is null or (recurrence_until GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]' and recurrence_until >= due_on)),
	CONSTRAINT "expenses_paid" CHECK((status = 'paga') = (paid_at is not null and account_id is not null))
);
--> statement-breakpoint
CREATE INDEX `expenses_org_name_idx` ON `expenses` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `expenses_org_created_idx` ON `expenses` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `expenses_org_updated_idx` ON `expenses` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `expenses_org_vencimento_idx` ON `expenses` (`org_id`,`due_on`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `expenses_org_valor_idx` ON `expenses` (`org_id`,`amount_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `expenses_org_deleted_idx` ON `expenses` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX `expenses_org_status_due_idx` ON `expenses` (`org_id`,`status`,`due_on`,`amount_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `expenses_org_supplier_idx` ON `expenses` (`org_id`,`supplier_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `expenses_org_category_idx` ON `expenses` (`org_id`,`category`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `expenses_org_series_due_uq` ON `expenses` (`org_id`,`series_id`,`due_on`) WHERE series_id is not null and deleted_at is null;--> statement-breakpoint
CREATE TABLE `finance_account_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`finance_account_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `finance_account_id`)
);
--> statement-breakpoint
CREATE INDEX `finance_account_keys_account_idx` ON `finance_account_keys` (`org_id`,`finance_account_id`,`key`);--> statement-breakpoint
CREATE TABLE `finance_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`sort_name` text NOT NULL,
	`kind` text NOT NULL,
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
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `finance_accounts_org_name_idx` ON `finance_accounts` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `finance_accounts_org_created_idx` ON `finance_accounts` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `finance_accounts_org_updated_idx` ON `finance_accounts` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `finance_accounts_org_deleted_idx` ON `finance_accounts` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `finance_accounts_org_name_uq` ON `finance_accounts` (`org_id`,`sort_name`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `finance_accounts_org_kind_idx` ON `finance_accounts` (`org_id`,`kind`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`order_id` text NOT NULL,
	`position` integer NOT NULL,
	`product_id` text,
	`service_id` text,
	`professional_id` text,
	`description` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_items_one_kind" CHECK(product_id is null or service_id is null),
	CONSTRAINT "order_items_amounts" CHECK(quantity_milli > 0 and unit_price_cents >= 0 and discount_cents >= 0 and total_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_items_order_position_uq` ON `order_items` (`order_id`,`position`);--> statement-breakpoint
CREATE INDEX `order_items_org_product_idx` ON `order_items` (`org_id`,`product_id`) WHERE product_id is not null;--> statement-breakpoint
CREATE TABLE `order_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`order_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `order_id`)
);
--> statement-breakpoint
CREATE INDEX `order_keys_order_idx` ON `order_keys` (`org_id`,`order_id`,`key`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`number` integer NOT NULL,
	`sort_name` text NOT NULL,
	`client_id` text,
	`status` text DEFAULT 'novo' NOT NULL,
	`fulfilment` text DEFAULT 'retirada' NOT NULL,
	`address` text,
	`delivery_fee_cents` integer DEFAULT 0 NOT NULL,
	`subtotal_cents` integer DEFAULT 0 NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`due_at` integer,
	`sale_id` text,
	`notes` text,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "orders_amounts" CHECK(delivery_fee_cents >= 0 and subtotal_cents >= 0 and discount_cents >= 0 and total_cents = subtotal_cents - discount_cents + delivery_fee_cents),
	CONSTRAINT "orders_address" CHECK(fulfilment = 'retirada' or address is not null)
);
--> statement-breakpoint
CREATE INDEX `orders_org_name_idx` ON `orders` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `orders_org_created_idx` ON `orders` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `orders_org_updated_idx` ON `orders` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `orders_org_numero_idx` ON `orders` (`org_id`,`number`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `orders_org_total_idx` ON `orders` (`org_id`,`total_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `orders_org_previstoPara_idx` ON `orders` (`org_id`,`due_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `orders_org_deleted_idx` ON `orders` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_org_number_uq` ON `orders` (`org_id`,`number`);--> statement-breakpoint
CREATE INDEX `orders_org_status_idx` ON `orders` (`org_id`,`status`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `orders_org_client_idx` ON `orders` (`org_id`,`client_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_sale_uq` ON `orders` (`sale_id`) WHERE sale_id is not null;--> statement-breakpoint
CREATE TABLE `receivable_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`receivable_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `receivable_id`)
);
--> statement-breakpoint
CREATE INDEX `receivable_keys_receivable_idx` ON `receivable_keys` (`org_id`,`receivable_id`,`key`);--> statement-breakpoint
CREATE TABLE `receivables` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`description` text NOT NULL,
	`sort_name` text NOT NULL,
	`client_id` text,
	`sale_id` text,
	`sale_payment_id` text,
	`method` text,
	`installment` integer DEFAULT 1 NOT NULL,
	`installments` integer DEFAULT 1 NOT NULL,
	`amount_cents` integer NOT NULL,
	`due_on` text NOT NULL,
	`status` text DEFAULT 'aberta' NOT NULL,
	`received_at` integer,
	`account_id` text,
	`category` text,
	`notes` text,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_payment_id`) REFERENCES `sale_payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `finance_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "receivables_amount" CHECK(amount_cents > 0),
	CONSTRAINT "receivables_installment" CHECK(installment between 1 and installments),
	CONSTRAINT "receivables_due_day" CHECK(due_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
	CONSTRAINT "receivables_received" CHECK((status = 'recebida') = (received_at is not null and account_id is not null))
);
--> statement-breakpoint
CREATE INDEX `receivables_org_name_idx` ON `receivables` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `receivables_org_created_idx` ON `receivables` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `receivables_org_updated_idx` ON `receivables` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `receivables_org_vencimento_idx` ON `receivables` (`org_id`,`due_on`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `receivables_org_valor_idx` ON `receivables` (`org_id`,`amount_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `receivables_org_deleted_idx` ON `receivables` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX `receivables_org_status_due_idx` ON `receivables` (`org_id`,`status`,`due_on`,`amount_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `receivables_org_sale_idx` ON `receivables` (`org_id`,`sale_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `receivables_org_client_idx` ON `receivables` (`org_id`,`client_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `sale_items` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`position` integer NOT NULL,
	`product_id` text,
	`service_id` text,
	`professional_id` text,
	`description` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`allocated_discount_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`professional_id`) REFERENCES `professionals`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sale_items_one_kind" CHECK(product_id is null or service_id is null),
	CONSTRAINT "sale_items_amounts" CHECK(quantity_milli > 0 and unit_price_cents >= 0 and discount_cents >= 0 and allocated_discount_cents >= 0 and total_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sale_items_sale_position_uq` ON `sale_items` (`sale_id`,`position`);--> statement-breakpoint
CREATE INDEX `sale_items_org_product_idx` ON `sale_items` (`org_id`,`product_id`) WHERE product_id is not null;--> statement-breakpoint
CREATE INDEX `sale_items_org_service_idx` ON `sale_items` (`org_id`,`service_id`) WHERE service_id is not null;--> statement-breakpoint
CREATE INDEX `sale_items_org_professional_idx` ON `sale_items` (`org_id`,`professional_id`) WHERE professional_id is not null;--> statement-breakpoint
CREATE TABLE `sale_keys` (
	`org_id` text NOT NULL,
	`key` text NOT NULL,
	`sort_name` text NOT NULL,
	`sale_id` text NOT NULL,
	PRIMARY KEY(`org_id`, `key`, `sort_name`, `sale_id`)
);
--> statement-breakpoint
CREATE INDEX `sale_keys_sale_idx` ON `sale_keys` (`org_id`,`sale_id`,`key`);--> statement-breakpoint
CREATE TABLE `sale_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`position` integer NOT NULL,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`tendered_cents` integer,
	`installments` integer DEFAULT 1 NOT NULL,
	`account_id` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `finance_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_payments_amounts" CHECK(amount_cents > 0 and installments between 1 and 24 and (tendered_cents is null or tendered_cents >= amount_cents))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sale_payments_sale_position_uq` ON `sale_payments` (`sale_id`,`position`);--> statement-breakpoint
CREATE INDEX `sale_payments_org_method_idx` ON `sale_payments` (`org_id`,`method`);--> statement-breakpoint
CREATE TABLE `sales` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`number` integer NOT NULL,
	`sort_name` text NOT NULL,
	`client_id` text,
	`status` text DEFAULT 'concluida' NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`total_discount_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`change_cents` integer DEFAULT 0 NOT NULL,
	`sold_at` integer NOT NULL,
	`cancelled_at` integer,
	`cancelled_by` text,
	`cancel_reason` text,
	`order_id` text,
	`appointment_id` text,
	`notes` text,
	`search_keys` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cancelled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sales_amounts" CHECK(subtotal_cents >= 0 and discount_cents >= 0 and total_discount_cents >= 0 and change_cents >= 0 and total_cents = subtotal_cents - discount_cents),
	CONSTRAINT "sales_number_positive" CHECK(number > 0)
);
--> statement-breakpoint
CREATE INDEX `sales_org_name_idx` ON `sales` (`org_id`,`sort_name`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `sales_org_created_idx` ON `sales` (`org_id`,`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `sales_org_updated_idx` ON `sales` (`org_id`,`updated_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `sales_org_vendidaEm_idx` ON `sales` (`org_id`,`sold_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `sales_org_total_idx` ON `sales` (`org_id`,`total_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `sales_org_numero_idx` ON `sales` (`org_id`,`number`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `sales_org_deleted_idx` ON `sales` (`org_id`,`deleted_at`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_org_number_uq` ON `sales` (`org_id`,`number`);--> statement-breakpoint
CREATE INDEX `sales_org_status_idx` ON `sales` (`org_id`,`status`,`sold_at`,`total_cents`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `sales_org_client_idx` ON `sales` (`org_id`,`client_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `sales_org_order_idx` ON `sales` (`org_id`,`order_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `sales_org_appointment_idx` ON `sales` (`org_id`,`appointment_id`) WHERE deleted_at is null;