import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { organizations } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { ReportHeader, ReportPeriod } from "../../../shared/reports/document.ts";
import { type PeriodBucket, periodInstants } from "../../../shared/reports/period.ts";
import { instantIn } from "../../../shared/time-zone.ts";
import { shiftDay } from "../../../shared/reports/period.ts";
import { authorize } from "../../auth/permissions.ts";
import type { Reach } from "../../../shared/permissions.ts";
import type {
  BuiltReport,
  FilterOption,
  ReportContext,
  ReportDefinition,
  ReportDetail,
  ReportFilters,
  ReportGroup,
  ReportParams,
  Statement,
} from "./types.ts";

/**
 * The helpers a report definition is written with (ADR 083). `defineReport` turns named
 * statements and a pure `assemble` into a `build` that sends them — and the organização's name
 * for the header — in ONE db.batch, then adds the header every renderer shows.
 */

type Results<Q> = { [K in keyof Q]: Awaited<Q[K]> };

/** What `assemble` gives back: the document's body (the header is the engine's). */
export interface ReportBody {
  kpis: BuiltReport["kpis"];
  sections: BuiltReport["sections"];
  /** The options of the filters the build reads (only when `params.withOptions`). */
  filterOptions?: Record<string, FilterOption[]>;
}

export interface ReportSpec<F, Q extends Record<string, Statement>> {
  id: string;
  title: string;
  description: string;
  group: ReportGroup;
  area: string;
  filters: ReportFilters<F>;
  /**
   * The statements of the one round trip, named. `reach` is the actor's for the report's area
   * ("own": narrow every statement to their rows). Each must be org-scoped (orgScope / org_id).
   */
  queries(db: Database, ctx: ReportContext, params: ReportParams<F>, reach: Reach): Q;
  /** The document's body from the statements' rows (pure). */
  assemble(rows: Results<Q>, ctx: ReportContext, params: ReportParams<F>, reach: Reach): ReportBody;
  detail?(db: Database, ctx: ReportContext, params: ReportParams<F>): ReportDetail;
}

export function defineReport<F, Q extends Record<string, Statement>>(spec: ReportSpec<F, Q>): ReportDefinition<F> {
  const { queries, assemble, ...meta } = spec;
  const definition: ReportDefinition<F> = {
    ...meta,
    async build(db, ctx, params) {
      const reach = authorize(ctx.actor, spec.area, "read");
      const named = queries(db, ctx, params, reach);
      const keys = Object.keys(named) as (keyof Q)[];
      const header = db.select({ name: organizations.name }).from(organizations).where(orgScope(db, ctx.actor.orgId).self());
      const [org, ...results] = await db.batch([header, ...keys.map((k) => named[k])] as [Statement, ...Statement[]]);
      const rows = Object.fromEntries(keys.map((k, i) => [k, results[i]])) as Results<Q>;
      const body = assemble(rows, ctx, params, reach);
      const orgName = (org as { name: string }[])[0]?.name ?? "";
      return {
        ...reportHeader(definition, ctx, params, orgName, body.filterOptions),
        kpis: body.kpis,
        sections: body.sections,
        ...(params.withOptions && body.filterOptions ? { filterOptions: body.filterOptions } : {}),
      };
    },
  };
  return definition;
}

/** The header every renderer draws: the filters in words come from the fields' options. */
function reportHeader<F>(
  def: ReportDefinition<F>,
  ctx: ReportContext,
  params: ReportParams<F>,
  orgName: string,
  options: Record<string, FilterOption[]> | undefined,
): ReportHeader {
  return {
    reportId: def.id,
    title: def.title,
    orgName,
    logo: ctx.logo ?? null,
    period: params.period,
    zone: ctx.zone,
    generatedAt: ctx.now.toISOString(),
    generatedBy: ctx.generatedBy ?? null,
    filters: filtersInWords(def, params.filters, options),
  };
}

/** "Profissional: Carla", "Forma de pagamento: Pix": each filter set, in the fields' order. */
export function filtersInWords<F>(def: ReportDefinition<F>, filters: F, options?: Record<string, FilterOption[]>): string[] {
  const values = (filters ?? {}) as Record<string, unknown>;
  const words: string[] = [];
  for (const field of def.filters.fields) {
    const value = values[field.key];
    if (value === undefined || value === null || value === "") continue;
    const label = [...(field.options ?? []), ...(options?.[field.key] ?? [])].find((o) => o.value === value)?.label ?? String(value);
    words.push(`${field.label}: ${label}`);
  }
  return words;
}

/**
 * The period's buckets as a VALUES table `name(i, s, e)` of UTC epoch ms, each [s, e) bounded by
 * local midnights in the zone: a row's bucket is a range join, right on any zone's rules.
 */
export function bucketTable(name: string, buckets: readonly PeriodBucket[], zone: string): SQL {
  const rows = buckets.map(
    (b, i) => sql`(${i}, ${instantIn(b.from, "00:00", zone).getTime()}, ${instantIn(shiftDay(b.to, 1), "00:00", zone).getTime()})`,
  );
  return sql`${sql.identifier(name)}(i, s, e) as (values ${sql.join(rows, sql`, `)})`;
}

/** The period's [start, end) as UTC epoch ms. */
export function boundsOf(period: ReportPeriod, zone: string): { start: number; end: number } {
  return periodInstants(period, zone);
}

/** Percent change helper for notes: null when the previous is 0. */
export function changeOf(value: number, previous: number): number | null {
  return previous === 0 ? null : (value - previous) / Math.abs(previous);
}

/** A number from SQLite (null → 0). */
export function num(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}
