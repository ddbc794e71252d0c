import { and, desc, eq, gte, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client.ts";
import { clients, postTargets, posts, propertyInterests, sales, socialAccountPosts } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { addDays } from "../../../shared/finance/recurrence.ts";
import {
  BEST_TIME_WINDOW_DAYS,
  type BestTimes,
  bestTimes,
  bucketOf,
  type PeriodPlan,
  planPeriod,
  type PostNumbers,
} from "../../../shared/analytics/metrics.ts";
import type { SocialNetwork } from "../../../shared/enums.ts";
import { DEFAULT_TIME_ZONE, instantIn } from "../../../shared/time-zone.ts";
import { can, FORBIDDEN_MESSAGE } from "../../auth/permissions.ts";
import { type Actor, DomainError } from "../context.ts";

/**
 * /analytics (issue 23, ADR 085): the social numbers from what the daily insights job stored
 * (our publications' metrics in `post_targets`, the account's own posts in `social_account_posts`)
 * and the business's numbers (leads, conversion, average ticket, returning clients), for whole
 * local days [de, ate] in the organização's zone — in one round trip. Each half is read only for
 * a role the permission table lets read it (`analytics-social`, `analytics`).
 */

/** Posts read per source for the period and the best-time grid (a year of a busy account fits). */
export const SOCIAL_ROWS_LIMIT = 3000;

export interface AnalyticsPost extends PostNumbers {
  /** Our post's id (its page), or null for a post made outside Alicerce. */
  postId: string | null;
  rede: SocialNetwork;
  legenda: string;
  permalink: string | null;
  publicadoEm: number;
}

export interface OriginRow {
  origem: string | null;
  total: number;
}

export interface LeadOriginRow extends OriginRow {
  fechados: number;
  perdidos: number;
}

export interface AnalyticsResult {
  plan: PeriodPlan;
  /** The first day the best-time grid read (at least 90 days before the period's end). */
  gridFrom: string;
  social: {
    /** Every post published in the period with its numbers (ours and the account's own), newest first. */
    posts: AnalyticsPost[];
    /** Per bucket: posts, reach, and engagement by kind. */
    series: { posts: number; alcance: number; curtidas: number; comentarios: number; compartilhamentos: number; salvamentos: number }[];
    best: BestTimes;
  } | null;
  business: {
    leads: LeadOriginRow[];
    newClients: OriginRow[];
    sales: { count: number; total: number; withoutClient: number };
    /** Per bucket: concluded sales and their total (centavos). */
    salesSeries: { count: number; total: number }[];
    /** Clients who bought in the period: once, and two or more times. */
    clients: { once: number; returning: number };
  } | null;
}

const num = (v: unknown): number => Number(v ?? 0);

/** `case when col < b1 then 0 when col < b2 then 1 … end`: the bucket of an instant (ms) by the plan's starts. */
function bucketCase(column: SQL | typeof sales.vendidaEm, plan: PeriodPlan): SQL {
  const starts = plan.buckets.slice(1).map((b) => b.start);
  if (!starts.length) return sql`0`;
  const whens = starts.map((start, i) => sql` when ${column} < ${start} then ${i}`);
  return sql`case${sql.join(whens, sql``)} else ${starts.length} end`;
}

export async function analyticsOf(db: Database, actor: Actor, period: { de: string; ate: string }): Promise<AnalyticsResult> {
  const seesSocial = can(actor.role, "analytics-social", "read");
  const seesBusiness = can(actor.role, "analytics", "read");
  if (!seesSocial && !seesBusiness) throw new DomainError(FORBIDDEN_MESSAGE, 403);
  const zone = actor.timeZone ?? DEFAULT_TIME_ZONE;
  const plan = planPeriod(period.de, period.ate, zone);
  if ("error" in plan) throw new DomainError(plan.error, 400);
  const scope = orgScope(db, actor.orgId);
  const start = new Date(plan.start);
  const end = new Date(plan.end);
  const windowFrom = addDays(period.ate, -(BEST_TIME_WINDOW_DAYS - 1));
  const gridFrom = windowFrom < period.de ? windowFrom : period.de;
  const gridStart = instantIn(gridFrom, "00:00", zone);

  const statements: BatchItem<"sqlite">[] = [];
  if (seesSocial) {
    statements.push(
      db
        .select({
          postId: postTargets.postId,
          rede: postTargets.rede,
          legenda: sql<string>`substr(${posts.legenda}, 1, 141)`,
          permalink: postTargets.permalink,
          publicadoEm: postTargets.publicadoEm,
          alcance: postTargets.alcance,
          curtidas: postTargets.curtidas,
          comentarios: postTargets.comentarios,
          compartilhamentos: postTargets.compartilhamentos,
          salvamentos: postTargets.salvamentos,
        })
        .from(postTargets)
        .innerJoin(posts, scope.where(posts, eq(posts.id, postTargets.postId)))
        .where(
          scope.where(
            postTargets,
            eq(postTargets.status, "publicado"),
            gte(postTargets.publicadoEm, gridStart),
            lt(postTargets.publicadoEm, end),
          ),
        )
        .orderBy(desc(postTargets.publicadoEm))
        .limit(SOCIAL_ROWS_LIMIT),
      db
        .select({
          rede: socialAccountPosts.rede,
          legenda: sql<string>`substr(${socialAccountPosts.legenda}, 1, 141)`,
          permalink: socialAccountPosts.permalink,
          publicadoEm: socialAccountPosts.publicadoEm,
          alcance: socialAccountPosts.alcance,
          curtidas: socialAccountPosts.curtidas,
          comentarios: socialAccountPosts.comentarios,
          compartilhamentos: socialAccountPosts.compartilhamentos,
          salvamentos: socialAccountPosts.salvamentos,
        })
        .from(socialAccountPosts)
        .where(scope.where(socialAccountPosts, gte(socialAccountPosts.publicadoEm, gridStart), lt(socialAccountPosts.publicadoEm, end)))
        .orderBy(desc(socialAccountPosts.publicadoEm))
        .limit(SOCIAL_ROWS_LIMIT),
    );
  }
  if (seesBusiness) {
    const concluded = and(eq(sales.status, "concluida"), isNull(sales.excluidoEm), gte(sales.vendidaEm, start), lt(sales.vendidaEm, end));
    const perClient = db
      .select({ n: sql<number>`count(*)`.as("n") })
      .from(sales)
      .where(scope.where(sales, concluded, isNotNull(sales.clienteId)))
      .groupBy(sales.clienteId)
      .as("per_client");
    statements.push(
      // Leads: interests created in the period, by origin, and how far they went (their stage today).
      db
        .select({
          origem: propertyInterests.origem,
          total: sql<number>`count(*)`,
          fechados: sql<number>`coalesce(sum(case when ${propertyInterests.etapa} = 'fechado' then 1 else 0 end), 0)`,
          perdidos: sql<number>`coalesce(sum(case when ${propertyInterests.etapa} = 'perdido' then 1 else 0 end), 0)`,
        })
        .from(propertyInterests)
        .where(
          scope.where(
            propertyInterests,
            isNull(propertyInterests.excluidoEm),
            gte(propertyInterests.criadoEm, start),
            lt(propertyInterests.criadoEm, end),
          ),
        )
        .groupBy(propertyInterests.origem),
      db
        .select({ origem: clients.origem, total: sql<number>`count(*)` })
        .from(clients)
        .where(scope.where(clients, isNull(clients.excluidoEm), gte(clients.criadoEm, start), lt(clients.criadoEm, end)))
        .groupBy(clients.origem),
      db
        .select({
          count: sql<number>`count(*)`,
          total: sql<number>`coalesce(sum(${sales.totalCentavos}), 0)`,
          withoutClient: sql<number>`coalesce(sum(case when ${sales.clienteId} is null then 1 else 0 end), 0)`,
        })
        .from(sales)
        .where(scope.where(sales, concluded)),
      db
        .select({
          bucket: sql<number>`${bucketCase(sql`${sales.vendidaEm}`, plan)}`,
          count: sql<number>`count(*)`,
          total: sql<number>`coalesce(sum(${sales.totalCentavos}), 0)`,
        })
        .from(sales)
        .where(scope.where(sales, concluded))
        .groupBy(sql`1`),
      db
        .select({
          once: sql<number>`coalesce(sum(case when ${perClient.n} = 1 then 1 else 0 end), 0)`,
          returning: sql<number>`coalesce(sum(case when ${perClient.n} >= 2 then 1 else 0 end), 0)`,
        })
        .from(perClient),
    );
  }
  const results = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[][];
  let next = 0;
  const take = <T>() => results[next++] as T[];

  let social: AnalyticsResult["social"] = null;
  if (seesSocial) {
    type Row = Omit<AnalyticsPost, "publicadoEm" | "postId"> & { postId?: string; publicadoEm: Date | null };
    const ours = take<Row>();
    const own = take<Row>();
    const all: AnalyticsPost[] = [...ours, ...own]
      .filter((r) => r.publicadoEm)
      .map((r) => ({
        postId: r.postId ?? null,
        rede: r.rede,
        legenda: r.legenda,
        permalink: r.permalink,
        publicadoEm: (r.publicadoEm as Date).getTime(),
        alcance: r.alcance,
        curtidas: r.curtidas,
        comentarios: r.comentarios,
        compartilhamentos: r.compartilhamentos,
        salvamentos: r.salvamentos,
      }))
      .sort((a, b) => b.publicadoEm - a.publicadoEm);
    const series = plan.buckets.map(() => ({ posts: 0, alcance: 0, curtidas: 0, comentarios: 0, compartilhamentos: 0, salvamentos: 0 }));
    const inPeriod: AnalyticsPost[] = [];
    for (const p of all) {
      const i = bucketOf(plan, p.publicadoEm);
      const s = series[i];
      if (!s) continue;
      inPeriod.push(p);
      s.posts++;
      s.alcance += p.alcance ?? 0;
      s.curtidas += p.curtidas ?? 0;
      s.comentarios += p.comentarios ?? 0;
      s.compartilhamentos += p.compartilhamentos ?? 0;
      s.salvamentos += p.salvamentos ?? 0;
    }
    social = { posts: inPeriod, series, best: bestTimes(all, zone) };
  }

  let business: AnalyticsResult["business"] = null;
  if (seesBusiness) {
    const leads = take<LeadOriginRow>().map((r) => ({
      origem: r.origem,
      total: num(r.total),
      fechados: num(r.fechados),
      perdidos: num(r.perdidos),
    }));
    const newClients = take<OriginRow>().map((r) => ({ origem: r.origem, total: num(r.total) }));
    const totals = take<{ count: number; total: number; withoutClient: number }>()[0];
    const byBucket = take<{ bucket: number; count: number; total: number }>();
    const perClient = take<{ once: number; returning: number }>()[0];
    const salesSeries = plan.buckets.map(() => ({ count: 0, total: 0 }));
    for (const r of byBucket) {
      const s = salesSeries[num(r.bucket)];
      if (s) {
        s.count = num(r.count);
        s.total = num(r.total);
      }
    }
    // Most first; "not informed" last among equals.
    const byTotal = (a: OriginRow, b: OriginRow) =>
      b.total - a.total || Number(a.origem === null) - Number(b.origem === null) || String(a.origem).localeCompare(String(b.origem));
    business = {
      leads: leads.sort(byTotal),
      newClients: newClients.sort(byTotal),
      sales: { count: num(totals?.count), total: num(totals?.total), withoutClient: num(totals?.withoutClient) },
      salesSeries,
      clients: { once: num(perClient?.once), returning: num(perClient?.returning) },
    };
  }
  return { plan, gridFrom, social, business };
}
