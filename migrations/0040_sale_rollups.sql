CREATE TABLE `sale_rollups` (
	`org_id` text NOT NULL,
	`dim` text NOT NULL,
	`hour` integer NOT NULL,
	`key` text NOT NULL,
	`label` text,
	`sales` integer DEFAULT 0 NOT NULL,
	`quantity_milli` integer DEFAULT 0 NOT NULL,
	`cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`org_id`, `dim`, `hour`, `key`),
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The sales already recorded, summed once here per UTC hour and per UTC day; from now on the sales module's triggers keep the table (sale-rollups.ts).
INSERT INTO `sale_rollups` (`org_id`, `dim`, `hour`, `key`, `label`, `sales`, `quantity_milli`, `cents`)
SELECT s.org_id, 'p', (s.sold_at / 3600000) * 3600000, coalesce(i.professional_id, ''), NULL, count(DISTINCT s.id), sum(i.quantity_milli), sum(i.total_cents)
FROM `sale_items` i JOIN `sales` s ON s.id = i.sale_id
WHERE s.status = 'concluida' AND s.deleted_at IS NULL
GROUP BY s.org_id, (s.sold_at / 3600000) * 3600000, coalesce(i.professional_id, '');
--> statement-breakpoint
INSERT INTO `sale_rollups` (`org_id`, `dim`, `hour`, `key`, `label`, `sales`, `quantity_milli`, `cents`)
SELECT s.org_id, 'i', (s.sold_at / 3600000) * 3600000, CASE WHEN i.product_id IS NOT NULL THEN 'produto:' || i.product_id WHEN i.service_id IS NOT NULL THEN 'servico:' || i.service_id ELSE 'avulso:' || i.description END, min(i.description), count(DISTINCT s.id), sum(i.quantity_milli), sum(i.total_cents)
FROM `sale_items` i JOIN `sales` s ON s.id = i.sale_id
WHERE s.status = 'concluida' AND s.deleted_at IS NULL
GROUP BY s.org_id, (s.sold_at / 3600000) * 3600000, CASE WHEN i.product_id IS NOT NULL THEN 'produto:' || i.product_id WHEN i.service_id IS NOT NULL THEN 'servico:' || i.service_id ELSE 'avulso:' || i.description END;
--> statement-breakpoint
INSERT INTO `sale_rollups` (`org_id`, `dim`, `hour`, `key`, `label`, `sales`, `quantity_milli`, `cents`)
SELECT s.org_id, 'm', (s.sold_at / 3600000) * 3600000, p.method, NULL, count(DISTINCT s.id), 0, sum(p.amount_cents)
FROM `sale_payments` p JOIN `sales` s ON s.id = p.sale_id
WHERE s.status = 'concluida' AND s.deleted_at IS NULL
GROUP BY s.org_id, (s.sold_at / 3600000) * 3600000, p.method;
--> statement-breakpoint
INSERT INTO `sale_rollups` (`org_id`, `dim`, `hour`, `key`, `label`, `sales`, `quantity_milli`, `cents`)
SELECT s.org_id, 'P', (s.sold_at / 86400000) * 86400000, coalesce(i.professional_id, ''), NULL, count(DISTINCT s.id), sum(i.quantity_milli), sum(i.total_cents)
FROM `sale_items` i JOIN `sales` s ON s.id = i.sale_id
WHERE s.status = 'concluida' AND s.deleted_at IS NULL
GROUP BY s.org_id, (s.sold_at / 86400000) * 86400000, coalesce(i.professional_id, '');
--> statement-breakpoint
INSERT INTO `sale_rollups` (`org_id`, `dim`, `hour`, `key`, `label`, `sales`, `quantity_milli`, `cents`)
SELECT s.org_id, 'I', (s.sold_at / 86400000) * 86400000, CASE WHEN i.product_id IS NOT NULL THEN 'produto:' || i.product_id WHEN i.service_id IS NOT NULL THEN 'servico:' || i.service_id ELSE 'avulso:' || i.description END, min(i.description), count(DISTINCT s.id), sum(i.quantity_milli), sum(i.total_cents)
FROM `sale_items` i JOIN `sales` s ON s.id = i.sale_id
WHERE s.status = 'concluida' AND s.deleted_at IS NULL
GROUP BY s.org_id, (s.sold_at / 86400000) * 86400000, CASE WHEN i.product_id IS NOT NULL THEN 'produto:' || i.product_id WHEN i.service_id IS NOT NULL THEN 'servico:' || i.service_id ELSE 'avulso:' || i.description END;
--> statement-breakpoint
INSERT INTO `sale_rollups` (`org_id`, `dim`, `hour`, `key`, `label`, `sales`, `quantity_milli`, `cents`)
SELECT s.org_id, 'M', (s.sold_at / 86400000) * 86400000, p.method, NULL, count(DISTINCT s.id), 0, sum(p.amount_cents)
FROM `sale_payments` p JOIN `sales` s ON s.id = p.sale_id
WHERE s.status = 'concluida' AND s.deleted_at IS NULL
GROUP BY s.org_id, (s.sold_at / 86400000) * 86400000, p.method;
