-- ADR 072: every organização has a Caixa, a Banco and a Cartão a receber account. New ones get them
-- when created (worker/services/finance/default-accounts.ts); this gives them to the ones that
-- already exist, once per kind they lack (re-running adds nothing).
INSERT INTO `finance_accounts` (`id`, `org_id`, `name`, `sort_name`, `kind`, `active`, `search_keys`, `created_at`, `updated_at`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
  o.`id`, d.`name`, d.`sort_name`, d.`kind`, 1, d.`search_keys`,
  CAST(strftime('%s', 'now') AS integer) * 1000, CAST(strftime('%s', 'now') AS integer) * 1000
FROM `organizations` o
CROSS JOIN (
  SELECT 'caixa' AS `kind`, 'Caixa' AS `name`, 'caixa' AS `sort_name`, '["caixa"]' AS `search_keys`, 1 AS `position`
  UNION ALL SELECT 'banco', 'Banco', 'banco', '["banco"]', 2
  UNION ALL SELECT 'cartao', 'Cartão a receber', 'cartao a receber', '["cartao a receber","a receber","receber"]', 3
) d
WHERE NOT EXISTS (
  SELECT 1 FROM `finance_accounts` f WHERE f.`org_id` = o.`id` AND f.`kind` = d.`kind` AND f.`deleted_at` IS NULL
)
ORDER BY o.`id`, d.`position`;
--> statement-breakpoint
-- The ledger is append-only (ADR 069/072): what a movement is, where, when and how much never
-- changes, and it is never removed (or soft-removed): an estorno row undoes it. Only deleting the
-- whole organização (its cascade removes the organização's row first) may take movements away.
CREATE TRIGGER `cash_movements_immutable_bu` BEFORE UPDATE OF `org_id`, `amount_cents`, `account_id`, `occurred_at`, `kind`, `reversal_of`, `transfer_id`, `deleted_at` ON `cash_movements`
BEGIN
  SELECT RAISE(ABORT, 'movimentacao_imutavel');
END;
--> statement-breakpoint
CREATE TRIGGER `cash_movements_immutable_bd` BEFORE DELETE ON `cash_movements`
  WHEN EXISTS (SELECT 1 FROM `organizations` WHERE `id` = OLD.`org_id`)
BEGIN
  SELECT RAISE(ABORT, 'movimentacao_imutavel');
END;
