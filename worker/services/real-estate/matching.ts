import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import type { MatchAlertReason } from "../../../shared/enums.ts";
import { type MatchColumns, matchReasons } from "../../../shared/real-estate/match-reasons.ts";
import { properties, propertyInterests } from "../../../db/schema/index.ts";
import { authorizeRecord, ownedGuard } from "../../auth/own-records.ts";
import { authorize, can } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { interestsForPropertySql, MATCH_LIMIT, propertiesForInterestSql } from "./match-sql.ts";
import { isId } from "../../../shared/id.ts";

/** One match as pages and the API show it. */
export interface Match {
  interestId: string;
  propertyId: string;
  score: number;
  reasons: string[];
}

/** A property's match: the interest's client, to send the property to. */
export interface InterestMatch extends Match {
  clientName: string;
  clientEmail: string | null;
  clientPhones: { numero: string; whatsapp?: boolean }[];
  stage: string;
  temperature: string;
}

/** An interest's match: the property, to show and send. */
export interface PropertyMatch extends Match {
  title: string | null;
  code: string;
  slug: string;
  cover: string | null;
  price: number | null;
  district: string | null;
  city: string | null;
}

/** The reasons a property change raises alerts for. */
export type PropertyAlertReason = Exclude<MatchAlertReason, "novo_interesse">;

type RawMatch = MatchColumns & Record<string, unknown> & { interestId: string; propertyId: string };

function base(row: RawMatch): Match {
  return { interestId: row.interestId, propertyId: row.propertyId, score: Number(row.score), reasons: matchReasons(row) };
}

function phonesOf(value: unknown): InterestMatch["clientPhones"] {
  if (typeof value !== "string") return [];
  try {
    const list = JSON.parse(value);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** The statement of a property's matches, to batch with a page's other reads (`readInterestMatches` reads it). */
export function interestMatchesStatement(db: Database, actor: Actor, propertyId: string, limit = MATCH_LIMIT) {
  authorize(actor, "interesses", "read");
  // An "own" reach lists only the member's own interests among the matches.
  const mine = ownedGuard(db, actor, "interesses", "read", propertyInterests, sql.raw("i.id"));
  return db.all<RawMatch>(interestsForPropertySql(actor.orgId, isId(propertyId) ? propertyId : "-", limit, mine));
}

export function readInterestMatches(rows: readonly RawMatch[]): InterestMatch[] {
  return rows.map((r) => ({
    ...base(r),
    clientName: String(r.clientName ?? ""),
    clientEmail: (r.clientEmail as string | null) ?? null,
    clientPhones: phonesOf(r.clientPhones),
    stage: String(r.stage),
    temperature: String(r.temperature),
  }));
}

/** The statement of an interest's matches, to batch with a page's other reads (`readPropertyMatches` reads it). */
export function propertyMatchesStatement(db: Database, actor: Actor, interestId: string, limit = MATCH_LIMIT) {
  authorize(actor, "interesses", "read");
  // An "own" reach over imóveis lists only the member's own imóveis among the matches.
  const mine = can(actor.role, "imoveis", "read") ? ownedGuard(db, actor, "imoveis", "read", properties, sql.raw("p.id")) : undefined;
  return db.all<RawMatch>(propertiesForInterestSql(actor.orgId, isId(interestId) ? interestId : "-", limit, mine));
}

export function readPropertyMatches(rows: readonly RawMatch[]): PropertyMatch[] {
  return rows.map((r) => ({
    ...base(r),
    title: (r.title as string | null) ?? null,
    code: String(r.code ?? ""),
    slug: String(r.slug ?? ""),
    cover: (r.cover as string | null) ?? null,
    price: r.price === null ? null : Number(r.price),
    district: r.district,
    city: r.city,
  }));
}

/** Open interests a property matches, best first (one round trip). */
export async function matchesForProperty(
  ctx: ServiceContext,
  actor: Actor,
  propertyId: string,
  limit = MATCH_LIMIT,
): Promise<InterestMatch[]> {
  // The property must be one the actor reaches (their own, when that is their reach).
  await authorizeRecord(ctx, actor, "imoveis", "read", properties, propertyId, "Imóvel não encontrado.");
  return readInterestMatches(await interestMatchesStatement(ctx.db, actor, propertyId, limit));
}

/** Available properties an interest matches, best first (one round trip). */
export async function matchesForInterest(
  ctx: ServiceContext,
  actor: Actor,
  interestId: string,
  limit = MATCH_LIMIT,
): Promise<PropertyMatch[]> {
  await authorizeRecord(ctx, actor, "interesses", "read", propertyInterests, interestId, "Interesse não encontrado.");
  return readPropertyMatches(await propertyMatchesStatement(ctx.db, actor, interestId, limit));
}

// ---------------------------------------------------------------------------
// Alerts

/**
 * The interests module's create hook: the properties already available that match the new
 * interest become alerts in the create's own batch (every door: pages, API, imports, seeds).
 */
export function interestCreatedStatements(ctx: ServiceContext, actor: Actor, id: string) {
  return [ctx.db.run(raiseAlertsSql(actor.orgId, { interestId: id }, ctx.now))];
}

/**
 * Inserts the alerts of one property (reason novo_imovel / baixa_preco) or one interest
 * (novo_interesse) in one statement, from the same matching query the pages run; a pair already
 * alerted for the same reason is left alone. Returns how many were new. Job bodies call it.
 */
export async function raiseAlerts(
  db: Database,
  orgId: string,
  target: { propertyId: string; reason: PropertyAlertReason } | { interestId: string },
  now: Date,
  limit = 200,
): Promise<number> {
  const result = await db.run(raiseAlertsSql(orgId, target, now, limit));
  return result.rowsAffected;
}

/** `raiseAlerts`'s one statement, to run alone or in a batch (the create hook, the demo seed). */
export function raiseAlertsSql(
  orgId: string,
  target: { propertyId: string; reason: PropertyAlertReason } | { interestId: string },
  now: Date,
  limit = 200,
) {
  const matches =
    "propertyId" in target
      ? interestsForPropertySql(orgId, target.propertyId, limit)
      : propertiesForInterestSql(orgId, target.interestId, limit);
  const reason = "propertyId" in target ? target.reason : "novo_interesse";
  return sql`INSERT INTO match_alerts (id, org_id, property_id, interest_id, reason, score, created_at)
SELECT lower(hex(randomblob(16))), ${orgId}, m.propertyId, m.interestId, ${reason}, m.score, ${now.getTime()}
FROM (${matches}) m WHERE true
ON CONFLICT (org_id, property_id, interest_id, reason) DO NOTHING`;
}

/** An open interest naming this very property ("imóvel específico"): shown beside the matches. */
export interface DirectInterest {
  interestId: string;
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  stage: string;
  temperature: string;
}

/** The open interests on one specific property (a statement for the property tab's batch). */
export function directInterestsStatement(db: Database, actor: Actor, propertyId: string, limit = MATCH_LIMIT) {
  authorize(actor, "interesses", "read");
  // An "own" reach lists only the member's own interests, as among the matches.
  const mine = ownedGuard(db, actor, "interesses", "read", propertyInterests, sql.raw("i.id"));
  return db.all<DirectInterest>(sql`SELECT i.id AS interestId, c.name AS clientName, c.email AS clientEmail,
  coalesce((SELECT json_extract(ph.value, '$.numero') FROM json_each(c.phones) ph WHERE json_extract(ph.value, '$.whatsapp') = 1 LIMIT 1), json_extract(c.phones, '$[0].numero')) AS clientPhone,
  i.stage AS stage, i.temperature AS temperature
FROM property_interests i INDEXED BY property_interests_org_property_idx
CROSS JOIN clients c ON c.id = i.client_id AND c.org_id = i.org_id
WHERE i.org_id = ${actor.orgId} AND i.property_id = ${isId(propertyId) ? propertyId : "-"} AND i.deleted_at IS NULL
  AND i.stage NOT IN ('fechado', 'perdido')${mine ? sql` AND ${mine}` : sql``}
ORDER BY i.updated_at DESC, i.id LIMIT ${limit}`);
}

/**
 * What the property's Interesses tab lists, as two statements for a page's batch: the open
 * interests naming the property, then the open interests it matches (matching skips interests
 * on a specific property, so none is in both). The property's header counts the same rows.
 */
export function propertyInterestStatements(db: Database, actor: Actor, propertyId: string) {
  return [directInterestsStatement(db, actor, propertyId), interestMatchesStatement(db, actor, propertyId)] as const;
}

/** The header's "N interesses": the rows of `propertyInterestStatements`, as the tab lists them. */
export function propertyInterestCount(direct: readonly unknown[], matches: readonly unknown[]): number {
  return direct.length + matches.length;
}

/** The phone a match goes to by WhatsApp: the one marked WhatsApp, else the first. */
export function whatsappPhone(phones: InterestMatch["clientPhones"]): string | null {
  return (phones.find((p) => p.whatsapp) ?? phones[0])?.numero ?? null;
}
