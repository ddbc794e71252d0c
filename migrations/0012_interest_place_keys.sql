-- Interest places keyed as the properties are (shared/real-estate/places.ts placeKey): punctuation
-- counts as a space, so "brooklin-novo" becomes "brooklin novo" and matches the property's bairro.
-- The stored keys were lower case without accents already; only their punctuation changes: a few
-- characters per statement (deeper nesting overflows SQLite's parser), then the spaces squeezed.
UPDATE property_interests SET places = (
  SELECT json_group_array(json_set(p.value, '$.cidadeChave', replace(replace(replace(replace(replace(replace(json_extract(p.value, '$.cidadeChave'), '-', ' '), '.', ' '), ',', ' '), '''', ' '), '(', ' '), ')', ' '), '$.bairroChave', replace(replace(replace(replace(replace(replace(coalesce(json_extract(p.value, '$.bairroChave'), ''), '-', ' '), '.', ' '), ',', ' '), '''', ' '), '(', ' '), ')', ' ')))
  FROM json_each(property_interests.places) p)
WHERE EXISTS (SELECT 1 FROM json_each(property_interests.places) q WHERE json_extract(q.value, '$.cidadeChave') GLOB '*[^a-z0-9 ]*' OR coalesce(json_extract(q.value, '$.bairroChave'), '') GLOB '*[^a-z0-9 ]*');--> statement-breakpoint
UPDATE property_interests SET places = (
  SELECT json_group_array(json_set(p.value, '$.cidadeChave', replace(replace(replace(replace(replace(replace(json_extract(p.value, '$.cidadeChave'), '/', ' '), '\', ' '), '&', ' '), '"', ' '), '_', ' '), ':', ' '), '$.bairroChave', replace(replace(replace(replace(replace(replace(coalesce(json_extract(p.value, '$.bairroChave'), ''), '/', ' '), '\', ' '), '&', ' '), '"', ' '), '_', ' '), ':', ' ')))
  FROM json_each(property_interests.places) p)
WHERE EXISTS (SELECT 1 FROM json_each(property_interests.places) q WHERE json_extract(q.value, '$.cidadeChave') GLOB '*[^a-z0-9 ]*' OR coalesce(json_extract(q.value, '$.bairroChave'), '') GLOB '*[^a-z0-9 ]*');--> statement-breakpoint
UPDATE property_interests SET places = (
  SELECT json_group_array(json_set(p.value, '$.cidadeChave', replace(replace(replace(replace(replace(replace(json_extract(p.value, '$.cidadeChave'), ';', ' '), '!', ' '), '?', ' '), '+', ' '), '#', ' '), '*', ' '), '$.bairroChave', replace(replace(replace(replace(replace(replace(coalesce(json_extract(p.value, '$.bairroChave'), ''), ';', ' '), '!', ' '), '?', ' '), '+', ' '), '#', ' '), '*', ' ')))
  FROM json_each(property_interests.places) p)
WHERE EXISTS (SELECT 1 FROM json_each(property_interests.places) q WHERE json_extract(q.value, '$.cidadeChave') GLOB '*[^a-z0-9 ]*' OR coalesce(json_extract(q.value, '$.bairroChave'), '') GLOB '*[^a-z0-9 ]*');--> statement-breakpoint
UPDATE property_interests SET places = (
  SELECT json_group_array(json_set(p.value, '$.cidadeChave', replace(replace(replace(replace(replace(replace(json_extract(p.value, '$.cidadeChave'), '°', ' '), '`', ' '), '´', ' '), '’', ' '), '‘', ' '), '–', ' '), '$.bairroChave', replace(replace(replace(replace(replace(replace(coalesce(json_extract(p.value, '$.bairroChave'), ''), '°', ' '), '`', ' '), '´', ' '), '’', ' '), '‘', ' '), '–', ' ')))
  FROM json_each(property_interests.places) p)
WHERE EXISTS (SELECT 1 FROM json_each(property_interests.places) q WHERE json_extract(q.value, '$.cidadeChave') GLOB '*[^a-z0-9 ]*' OR coalesce(json_extract(q.value, '$.bairroChave'), '') GLOB '*[^a-z0-9 ]*');--> statement-breakpoint
UPDATE property_interests SET places = (
  SELECT json_group_array(json_set(p.value, '$.cidadeChave', replace(replace(replace(replace(json_extract(p.value, '$.cidadeChave'), '—', ' '), '|', ' '), '[', ' '), ']', ' '), '$.bairroChave', replace(replace(replace(replace(coalesce(json_extract(p.value, '$.bairroChave'), ''), '—', ' '), '|', ' '), '[', ' '), ']', ' ')))
  FROM json_each(property_interests.places) p)
WHERE EXISTS (SELECT 1 FROM json_each(property_interests.places) q WHERE json_extract(q.value, '$.cidadeChave') GLOB '*[^a-z0-9 ]*' OR coalesce(json_extract(q.value, '$.bairroChave'), '') GLOB '*[^a-z0-9 ]*');--> statement-breakpoint
UPDATE property_interests SET places = (
  SELECT json_group_array(json_set(p.value, '$.cidadeChave', trim(replace(replace(replace(replace(json_extract(p.value, '$.cidadeChave'), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ')), '$.bairroChave', trim(replace(replace(replace(replace(coalesce(json_extract(p.value, '$.bairroChave'), ''), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '))))
  FROM json_each(property_interests.places) p)
WHERE EXISTS (SELECT 1 FROM json_each(property_interests.places) q WHERE (json_extract(q.value, '$.cidadeChave') GLOB '*  *' OR json_extract(q.value, '$.cidadeChave') GLOB ' *' OR json_extract(q.value, '$.cidadeChave') GLOB '* ') OR (coalesce(json_extract(q.value, '$.bairroChave'), '') GLOB '*  *' OR coalesce(json_extract(q.value, '$.bairroChave'), '') GLOB ' *' OR coalesce(json_extract(q.value, '$.bairroChave'), '') GLOB '* '));--> statement-breakpoint
DELETE FROM property_interest_places WHERE city_key <> '*';--> statement-breakpoint
INSERT OR IGNORE INTO property_interest_places (org_id, interest_id, city_key, district_key)
  SELECT i.org_id, i.id, json_extract(p.value, '$.cidadeChave'), coalesce(json_extract(p.value, '$.bairroChave'), '')
  FROM property_interests i, json_each(i.places) p
  WHERE i.deleted_at IS NULL AND json_extract(p.value, '$.cidadeChave') IS NOT NULL;
