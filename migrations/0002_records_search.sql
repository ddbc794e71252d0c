-- Search keys, live-row counts and cross-table tenant integrity for clients and companies,
-- kept by the database itself so no write path can forget them.
-- See docs/decisions/007-search-and-pagination.md.

-- client_keys: one row per entry of clients.search_keys (JSON array), for live rows only.
CREATE TRIGGER `clients_keys_ai` AFTER INSERT ON `clients` WHEN NEW.deleted_at IS NULL BEGIN
  INSERT OR IGNORE INTO client_keys (org_id, key, sort_name, client_id)
    SELECT NEW.org_id, value, NEW.name_norm, NEW.id FROM json_each(NEW.search_keys);
END;
--> statement-breakpoint
CREATE TRIGGER `clients_keys_au` AFTER UPDATE OF search_keys, name_norm, deleted_at ON `clients` BEGIN
  DELETE FROM client_keys WHERE org_id = OLD.org_id AND client_id = OLD.id;
  INSERT OR IGNORE INTO client_keys (org_id, key, sort_name, client_id)
    SELECT NEW.org_id, value, NEW.name_norm, NEW.id FROM json_each(NEW.search_keys) WHERE NEW.deleted_at IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `clients_keys_ad` AFTER DELETE ON `clients` BEGIN
  DELETE FROM client_keys WHERE org_id = OLD.org_id AND client_id = OLD.id;
END;
--> statement-breakpoint
-- record_counts: live rows per organization, so an unfiltered list's total is one lookup.
CREATE TRIGGER `clients_count_ai` AFTER INSERT ON `clients` WHEN NEW.deleted_at IS NULL BEGIN
  INSERT INTO record_counts (org_id, resource, live) VALUES (NEW.org_id, 'clients', 1)
    ON CONFLICT (org_id, resource) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `clients_count_ad` AFTER DELETE ON `clients` WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE record_counts SET live = live - 1 WHERE org_id = OLD.org_id AND resource = 'clients';
END;
--> statement-breakpoint
CREATE TRIGGER `clients_count_au` AFTER UPDATE OF deleted_at ON `clients`
  WHEN (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) BEGIN
  INSERT INTO record_counts (org_id, resource, live) VALUES (NEW.org_id, 'clients', CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE 0 END)
    ON CONFLICT (org_id, resource) DO UPDATE SET live = live + CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE -1 END;
END;
--> statement-breakpoint
-- A client may only point at a live company of its own organization.
CREATE TRIGGER `clients_company_org_bi` BEFORE INSERT ON `clients`
  WHEN NEW.company_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM companies WHERE id = NEW.company_id AND org_id = NEW.org_id AND deleted_at IS NULL) BEGIN
  SELECT RAISE(ABORT, 'empresa_invalida');
END;
--> statement-breakpoint
CREATE TRIGGER `clients_company_org_bu` BEFORE UPDATE OF company_id ON `clients`
  WHEN NEW.company_id IS NOT NULL AND NEW.company_id IS NOT OLD.company_id
    AND NOT EXISTS (SELECT 1 FROM companies WHERE id = NEW.company_id AND org_id = NEW.org_id AND deleted_at IS NULL) BEGIN
  SELECT RAISE(ABORT, 'empresa_invalida');
END;
--> statement-breakpoint
CREATE TRIGGER `companies_keys_ai` AFTER INSERT ON `companies` WHEN NEW.deleted_at IS NULL BEGIN
  INSERT OR IGNORE INTO company_keys (org_id, key, sort_name, company_id)
    SELECT NEW.org_id, value, NEW.sort_name, NEW.id FROM json_each(NEW.search_keys);
END;
--> statement-breakpoint
CREATE TRIGGER `companies_keys_au` AFTER UPDATE OF search_keys, sort_name, deleted_at ON `companies` BEGIN
  DELETE FROM company_keys WHERE org_id = OLD.org_id AND company_id = OLD.id;
  INSERT OR IGNORE INTO company_keys (org_id, key, sort_name, company_id)
    SELECT NEW.org_id, value, NEW.sort_name, NEW.id FROM json_each(NEW.search_keys) WHERE NEW.deleted_at IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `companies_keys_ad` AFTER DELETE ON `companies` BEGIN
  DELETE FROM company_keys WHERE org_id = OLD.org_id AND company_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `companies_count_ai` AFTER INSERT ON `companies` WHEN NEW.deleted_at IS NULL BEGIN
  INSERT INTO record_counts (org_id, resource, live) VALUES (NEW.org_id, 'companies', 1)
    ON CONFLICT (org_id, resource) DO UPDATE SET live = live + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `companies_count_ad` AFTER DELETE ON `companies` WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE record_counts SET live = live - 1 WHERE org_id = OLD.org_id AND resource = 'companies';
END;
--> statement-breakpoint
CREATE TRIGGER `companies_count_au` AFTER UPDATE OF deleted_at ON `companies`
  WHEN (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) BEGIN
  INSERT INTO record_counts (org_id, resource, live) VALUES (NEW.org_id, 'companies', CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE 0 END)
    ON CONFLICT (org_id, resource) DO UPDATE SET live = live + CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE -1 END;
END;
