import { type SQL, sql } from "drizzle-orm";
import { PROPERTY_FEATURES } from "../../../shared/enums.ts";

/**
 * The SQL of two-way matching (worker/services/real-estate/matching.ts reads it). Hard rules filter:
 * finalidade (a "venda e locação" property serves both), kind bit, place (the city, or a bairro
 * of it), the minimums (quartos, suítes, vagas, área útil), the floor price, and the ceiling
 * plus a 10% tolerance band. The score (0–100) is computed here so `ORDER BY score LIMIT n`
 * runs in the database: 60 for passing the rules, up to 20 for the price (full inside the
 * range, falling to 0 at 10% above the ceiling) and up to 20 for the wanted features present.
 */

/** How far above an interest's ceiling a property still matches (with a penalty). */
export const PRICE_TOLERANCE = 0.1;
export const MATCH_LIMIT = 20;

// The bit count below is exact for masks of up to 62 bits (non-negative 64-bit integers).
if (PROPERTY_FEATURES.length > 62) throw new Error("PROPERTY_FEATURES: at most 62 features fit the matching bitmask");

/**
 * `popcount(x)` as SQL (SQLite has no bit count), for a non-negative integer `x`: the SWAR sum
 * of bits into each byte, then the bytes added by casting out 255s (their sum, at most 64, is
 * the value mod 255). About 500 characters whatever the number of features; spelling out one
 * term per feature made the matching statement 6 kB, which the libSQL client encodes and sends
 * on every request.
 */
export function popcountSql(x: string): string {
  const a = `(${x} - ((${x} >> 1) & 6148914691236517205))`;
  const b = `((${a} & 3689348814741910323) + ((${a} >> 2) & 3689348814741910323))`;
  return `(((${b} + (${b} >> 4)) & 1085102592571150095) % 255)`;
}

/** The price an interest of purpose `i.purpose` compares with: the sale price or the rent. */
const price = `(CASE WHEN i.purpose = 'locacao' THEN coalesce(p.rent_price_cents, p.price_cents) ELSE coalesce(p.sale_price_cents, p.price_cents) END)`;

const rules = `
  (i.purpose = p.purpose OR p.purpose = 'venda_locacao')
  AND (i.types_mask = 0 OR (i.types_mask & p.type_bit) <> 0)
  AND (i.min_bedrooms IS NULL OR coalesce(p.bedrooms, 0) >= i.min_bedrooms)
  AND (i.min_suites IS NULL OR coalesce(p.suites, 0) >= i.min_suites)
  AND (i.min_parking IS NULL OR coalesce(p.parking, 0) >= i.min_parking)
  AND (i.min_area_centi IS NULL OR coalesce(p.usable_area_centi, 0) >= i.min_area_centi)
  AND (i.min_price_cents IS NULL OR ${price} >= i.min_price_cents)
  AND (i.max_price_cents IS NULL OR ${price} <= i.max_price_cents * ${1 + PRICE_TOLERANCE})`;

const score = `(60
  + CASE WHEN i.max_price_cents IS NULL OR ${price} <= i.max_price_cents THEN 20
         ELSE max(0, 20 - cast(round(20.0 * (${price} - i.max_price_cents) / (i.max_price_cents * ${PRICE_TOLERANCE})) as integer)) END
  + CASE WHEN i.features_mask = 0 THEN 20
         ELSE cast(round(20.0 * (${popcountSql("(i.features_mask & p.features_mask)")}) / (${popcountSql("i.features_mask")})) as integer) END)`;

/** The columns the reasons are written from (TS) — the same for both directions. */
const columns = `
  i.id AS interestId, p.id AS propertyId, ${score} AS score, ${price} AS price,
  i.purpose AS purpose, i.types_mask AS typesMask, i.min_price_cents AS minPrice, i.max_price_cents AS maxPrice,
  i.min_bedrooms AS minBedrooms, i.min_suites AS minSuites, i.min_parking AS minParking, i.min_area_centi AS minArea,
  i.features_mask AS wantedFeatures, p.features_mask AS features, p.type AS type, p.bedrooms AS bedrooms, p.suites AS suites,
  p.parking AS parking, p.usable_area_centi AS area, p.district AS district, p.city AS city,
  (SELECT max(pl.district_key <> '') FROM property_interest_places pl WHERE pl.org_id = i.org_id AND pl.interest_id = i.id
     AND pl.city_key = p.city_key AND pl.district_key IN ('', coalesce(p.district_key, ''))) AS byDistrict,
  json_array_length(i.places) = 0 AS anywhere`;

/** The place rule: the interest has no places, or one is the property's city (whole, or its bairro). */
const placeRule = `(json_array_length(i.places) = 0 OR EXISTS (SELECT 1 FROM property_interest_places pl
  WHERE pl.org_id = i.org_id AND pl.city_key = p.city_key AND pl.district_key IN ('', coalesce(p.district_key, '')) AND pl.interest_id = i.id))`;

/**
 * The interests a property may suit, by the places' primary key: those naming its city whole,
 * its bairro, or anywhere (city key '*'). `org`, `city` and `district` are SQL expressions (the
 * query passes subqueries on the property, the trigger NEW's columns).
 */
function candidates(org: string, city: string, district: string): string {
  return `(SELECT DISTINCT interest_id FROM property_interest_places WHERE org_id = ${org} AND city_key = ${city} AND district_key = ''
  UNION SELECT interest_id FROM property_interest_places WHERE org_id = ${org} AND city_key = ${city} AND district_key = ${district} AND ${district} <> ''
  UNION SELECT interest_id FROM property_interest_places WHERE org_id = ${org} AND city_key = '*' AND district_key = '')`;
}

/** "A property's matching interests" from the property row `p` and its candidate interests `cand`. */
function interestsOfProperty(limit: number): string {
  return `SELECT ${columns}, c.name AS clientName, c.email AS clientEmail, json(c.phones) AS clientPhones, i.stage AS stage, i.temperature AS temperature
FROM p CROSS JOIN cand
JOIN property_interests i ON i.id = cand.interest_id
  AND i.org_id = p.org_id AND i.deleted_at IS NULL AND i.stage NOT IN ('fechado', 'perdido')
  AND i.purpose IN ('venda', 'locacao') AND (p.purpose = 'venda_locacao' OR i.purpose = p.purpose)
JOIN clients c ON c.id = i.client_id
WHERE i.property_id IS NULL AND ${rules}
ORDER BY score DESC, i.updated_at DESC, i.id
LIMIT ${Math.trunc(limit)}`;
}

/**
 * Open search profiles matching one live property of the organization, best first. The
 * candidates come from the places' primary key (the property's city, bairro, or anywhere),
 * each then read by its primary key and checked against the rules.
 */
export function interestsForPropertySql(orgId: string, propertyId: string, limit = MATCH_LIMIT, mine?: SQL): SQL {
  const [select, rest] = interestsOfProperty(limit).split("\nFROM p CROSS JOIN cand", 2) as [string, string];
  // `mine`: a condition on `i` keeping the member's own interests ("own" reach, ADR 024).
  const [where, order] = rest.split("\nORDER BY", 2) as [string, string];
  return sql`${sql.raw(select)}
FROM (SELECT * FROM properties WHERE org_id = ${orgId} AND id = ${propertyId} AND deleted_at IS NULL) p
CROSS JOIN ${candidatesSql(orgId, propertyId)} cand${sql.raw(where)}${mine ? sql` AND ${mine}` : sql``}
ORDER BY${sql.raw(order)}`;
}

/** `candidates` for one property, with its id and organização as parameters. */
function candidatesSql(orgId: string, propertyId: string): SQL {
  const city = sql`(SELECT city_key FROM properties WHERE org_id = ${orgId} AND id = ${propertyId})`;
  const district = sql`(SELECT coalesce(district_key, '') FROM properties WHERE org_id = ${orgId} AND id = ${propertyId})`;
  return sql`(SELECT DISTINCT interest_id FROM property_interest_places WHERE org_id = ${orgId} AND city_key = ${city} AND district_key = ''
  UNION SELECT interest_id FROM property_interest_places WHERE org_id = ${orgId} AND city_key = ${city} AND district_key = ${district} AND ${district} <> ''
  UNION SELECT interest_id FROM property_interest_places WHERE org_id = ${orgId} AND city_key = '*' AND district_key = '')`;
}

/**
 * The alerts of a property that became available or got cheaper, raised by triggers on
 * `properties` in the very statement that changed it (every door: the form, the API, a status
 * change, a draft's publication, the demo seed) at no extra round trip. Triggers allow no WITH:
 * the property is a subquery on NEW.
 */
export function propertyAlertTriggers(limit = 200): { name: string; sql: string }[] {
  const [select, rest] = interestsOfProperty(limit).split("\nFROM p CROSS JOIN cand", 2) as [string, string];
  const cand = candidates("NEW.org_id", "NEW.city_key", "coalesce(NEW.district_key, '')");
  const matches = `${select}\nFROM (SELECT * FROM properties WHERE id = NEW.id) p\nCROSS JOIN ${cand} cand${rest}`;
  const insert = (reason: string) => `INSERT OR IGNORE INTO match_alerts (id, org_id, property_id, interest_id, reason, score, created_at)
  SELECT lower(hex(randomblob(16))), NEW.org_id, m.propertyId, m.interestId, ${reason}, m.score, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  FROM (${matches}) m;`;
  return [
    {
      name: "properties_match_alerts_ai",
      sql: `CREATE TRIGGER properties_match_alerts_ai AFTER INSERT ON properties
  WHEN NEW.status = 'disponivel' AND NEW.deleted_at IS NULL BEGIN
  ${insert("'novo_imovel'")}
END`,
    },
    {
      name: "properties_match_alerts_au",
      sql: `CREATE TRIGGER properties_match_alerts_au AFTER UPDATE OF status, price_cents ON properties
  WHEN NEW.status = 'disponivel' AND NEW.deleted_at IS NULL AND (OLD.status IS NOT 'disponivel' OR NEW.price_cents < OLD.price_cents) BEGIN
  ${insert("CASE WHEN OLD.status IS NOT 'disponivel' THEN 'novo_imovel' ELSE 'baixa_preco' END")}
END`,
    },
  ];
}

/**
 * Available properties of the organization matching one open interest, best first: for each
 * city the interest names, `properties_match_idx` (org, status, city, price) gives the
 * candidates; an interest without places reads the organization's available ones.
 */
export function propertiesForInterestSql(orgId: string, interestId: string, limit = MATCH_LIMIT, mine?: SQL): SQL {
  return sql`WITH i AS (SELECT * FROM property_interests WHERE org_id = ${orgId} AND id = ${interestId} AND deleted_at IS NULL),
cities AS (SELECT DISTINCT pl.city_key AS city FROM property_interest_places pl WHERE pl.org_id = ${orgId} AND pl.interest_id = ${interestId}),
cand AS (
  SELECT p.id FROM cities CROSS JOIN properties p INDEXED BY properties_match_idx
    WHERE p.org_id = ${orgId} AND p.status = 'disponivel' AND p.city_key = cities.city AND p.deleted_at IS NULL
  UNION ALL
  SELECT p.id FROM i CROSS JOIN properties p INDEXED BY properties_match_idx
    WHERE json_array_length(i.places) = 0 AND p.org_id = ${orgId} AND p.status = 'disponivel' AND p.deleted_at IS NULL
)
SELECT ${sql.raw(columns)}, p.title AS title, p.code AS code, p.slug AS slug, p.cover_key AS cover
FROM i CROSS JOIN cand CROSS JOIN properties p ON p.id = cand.id
WHERE ${sql.raw(rules)} AND ${sql.raw(placeRule)}${mine ? sql` AND ${mine}` : sql``}
ORDER BY score DESC, p.published_at DESC, p.id
LIMIT ${limit}`;
}
