import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  documents,
  memberships,
  organizations,
  products,
  propertyInterests,
  recordCounts,
  sessions,
  socialConnections,
  users,
} from "../../../db/schema/index.ts";
import { EXPIRY_WARNING_MS } from "../../../shared/social/meta-tokens.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { Role } from "../../../shared/enums.ts";
import { can, ownerCondition } from "../../auth/permissions.ts";
import { RESOURCES } from "../../resources/registry.ts";
import { openAlertsStatements } from "../real-estate/match-alerts.ts";
import { addDays, EXPIRING_DAYS } from "../../../shared/documents/expiry.ts";
import { DEFAULT_TIME_ZONE, dayIn } from "../../../shared/time-zone.ts";
import { dashboardPeriods } from "../../../shared/reports/dashboard-periods.ts";
import { businessStatements, readBusiness } from "./dashboard-business.ts";

const PROFILE_FIELDS = [
  ["document", "CPF/CNPJ"],
  ["whatsapp", "WhatsApp"],
  ["cep", "endereço"],
  ["description", "descrição"],
  ["logoKey", "logo"],
] as const;

const LOW = sql`(stock_milli < min_stock_milli) = 1`;

/**
 * Everything the dashboard shows, in one round trip; cards the role may not read are left out.
 * `ownOnly`: the business's choice (Actor.ownOnly); resources the member reaches only their own
 * of are counted over their rows, and the match alerts are those of their interests.
 */
export async function dashboardSummary(
  db: Database,
  orgId: string,
  userId: string,
  role: Role,
  now = new Date(),
  ownOnly = false,
  zone: string = DEFAULT_TIME_ZONE,
) {
  const scope = orgScope(db, orgId);
  // Documents expired or expiring within 30 days (the organização's days; the expiry index: org, day).
  const seesDocuments = can(role, "documentos", "read");
  const today = dayIn(now, zone);
  const expiring = and(
    isNull(documents.excluidoEm),
    sql`${documents.vencimento} is not null and ${documents.vencimento} <= ${addDays(today, EXPIRING_DAYS)}`,
    seesDocuments ? undefined : sql`0`,
  );
  const actor = { role, userId, ownOnly };
  const seesStock = can(role, "produtos", "read");
  const seesMatches = can(role, "interesses", "read");
  const seesSocial = can(role, "social-connections", "read");
  const alerts = openAlertsStatements(
    db,
    orgId,
    seesMatches,
    5,
    seesMatches ? ownerCondition(actor, "interesses", "read", propertyInterests) : undefined,
  );
  const owned = RESOURCES.flatMap((mod) => {
    const name = mod.definition.name;
    const owner = can(role, name, "read") ? ownerCondition(actor, name, "read", mod.table) : undefined;
    if (!owner) return [];
    const t = mod.table;
    return [
      {
        name,
        statement: db
          .select({ n: sql<number>`count(*)` })
          .from(t)
          .where(scope.where(t, isNull(t.excluidoEm), owner)),
      },
    ];
  });
  // The business at a glance (ADR 084): its cards' statements ride in the same batch.
  const periods = dashboardPeriods(now, zone);
  const business = businessStatements(db, orgId, actor, periods, now);
  const businessKeys = Object.keys(business);
  const [orgRows, teamRows, sessionRows, countRows, lowRows, lowCount, alertRows, alertCount, socialRows, docRows, docCount, ...rest] =
    await db.batch([
      db.select().from(organizations).where(scope.self()).limit(1),
      db
        .select({
          active: sql<number>`sum(case when ${memberships.deactivatedAt} is null and ${users.emailVerifiedAt} is not null then 1 else 0 end)`,
          pending: sql<number>`sum(case when ${memberships.deactivatedAt} is null and ${users.emailVerifiedAt} is null then 1 else 0 end)`,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(scope.where(memberships)),
      db
        .select({ n: sql<number>`count(*)` })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
      db.select({ resource: recordCounts.resource, n: recordCounts.live }).from(recordCounts).where(scope.where(recordCounts)),
      // Products below their minimum (the low-stock index: org, flag, name).
      db
        .select({
          id: products.id,
          nome: products.nome,
          estoque: products.estoque,
          minimo: products.estoqueMinimo,
          unidade: products.unidade,
        })
        .from(products)
        .where(scope.where(products, isNull(products.excluidoEm), seesStock ? LOW : sql`0`))
        .orderBy(products.ordem, products.id)
        .limit(5),
      db
        .select({ n: sql<number>`count(*)` })
        .from(products)
        .where(scope.where(products, isNull(products.excluidoEm), seesStock ? LOW : sql`0`)),
      alerts.latest,
      alerts.count,
      // Meta logins to reconnect, or whose token lapses within 7 days (the token health job's warning, shown while it lasts).
      db
        .select({
          tipo: socialConnections.tipo,
          nome: socialConnections.nome,
          status: socialConnections.status,
          motivo: socialConnections.motivoStatus,
          expiraEm: socialConnections.tokenExpiraEm,
        })
        .from(socialConnections)
        .where(
          scope.where(
            socialConnections,
            seesSocial ? undefined : sql`0`,
            or(
              eq(socialConnections.status, "reconectar"),
              and(eq(socialConnections.status, "ativa"), lt(socialConnections.tokenExpiraEm, new Date(now.getTime() + EXPIRY_WARNING_MS))),
            ),
          ),
        )
        .limit(4),
      db
        .select({ id: documents.id, titulo: documents.titulo, tipo: documents.tipo, vencimento: documents.vencimento })
        .from(documents)
        .where(scope.where(documents, expiring))
        .orderBy(documents.vencimento, documents.id)
        .limit(8),
      db
        .select({
          vencidos: sql<number>`coalesce(sum(case when ${documents.vencimento} < ${today} then 1 else 0 end), 0)`,
          total: sql<number>`count(*)`,
        })
        .from(documents)
        .where(scope.where(documents, expiring)),
      ...owned.map((o) => o.statement),
      ...businessKeys.map((key) => business[key]),
    ]);
  const ownCounts = rest.slice(0, owned.length);
  const businessRows = Object.fromEntries(businessKeys.map((key, i) => [key, rest[owned.length + i] as unknown[]]));
  const counts = Object.fromEntries(countRows.filter((r) => can(role, r.resource, "read")).map((r) => [r.resource, Number(r.n)]));
  owned.forEach((o, i) => {
    counts[o.name] = Number((ownCounts[i] as { n: number }[])[0]?.n ?? 0);
  });
  const org = orgRows[0];
  const missing = PROFILE_FIELDS.filter(([key]) => !org?.[key]).map(([, label]) => label);
  return {
    periods,
    business: readBusiness(businessRows, periods),
    orgName: org?.name ?? "",
    profile: { done: PROFILE_FIELDS.length - missing.length, total: PROFILE_FIELDS.length, missing },
    team: { active: Number(teamRows[0]?.active ?? 0), pending: Number(teamRows[0]?.pending ?? 0) },
    sessions: Number(sessionRows[0]?.n ?? 0),
    /** Live records per resource the role may read. */
    counts: counts as Record<string, number>,
    lowStock: seesStock ? { total: Number(lowCount[0]?.n ?? 0), items: lowRows } : null,
    /** Unseen matches (new or cheaper properties, new interests), for roles that read interesses. */
    matches: seesMatches ? { total: Number(alertCount[0]?.n ?? 0), items: alertRows } : null,
    /** Facebook/Instagram logins that need someone: to reconnect now, or expiring within 7 days. */
    social: socialRows.map((r) => ({ ...r, expiraEm: r.expiraEm?.toISOString() ?? null })),
    /** Documents expired or expiring within 30 days, soonest first (roles that read documents). */
    documents: seesDocuments
      ? {
          today,
          total: Number(docCount[0]?.total ?? 0),
          expired: Number(docCount[0]?.vencidos ?? 0),
          items: docRows.map((d) => ({ ...d, vencimento: d.vencimento as string })),
        }
      : null,
  };
}
