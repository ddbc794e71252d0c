import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { memberships, organizations, sessions, users } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";

const PROFILE_FIELDS = [
  ["document", "CPF/CNPJ"],
  ["whatsapp", "WhatsApp"],
  ["cep", "endereço"],
  ["description", "descrição"],
  ["logoKey", "logo"],
] as const;

/** Everything the dashboard shows, in one round trip. */
export async function dashboardSummary(db: Database, orgId: string, userId: string, now = new Date()) {
  const scope = orgScope(db, orgId);
  const [orgRows, teamRows, sessionRows] = await db.batch([
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
  ]);
  const org = orgRows[0];
  const missing = PROFILE_FIELDS.filter(([key]) => !org?.[key]).map(([, label]) => label);
  return {
    orgName: org?.name ?? "",
    profile: { done: PROFILE_FIELDS.length - missing.length, total: PROFILE_FIELDS.length, missing },
    team: { active: Number(teamRows[0]?.active ?? 0), pending: Number(teamRows[0]?.pending ?? 0) },
    sessions: Number(sessionRows[0]?.n ?? 0),
  };
}
