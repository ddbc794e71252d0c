import type { BatchItem } from "drizzle-orm/batch";
import type { z } from "zod";
import type { Database } from "../../../db/client.ts";
import type { ReportDocument, ReportPeriod, ReportSource } from "../../../shared/reports/document.ts";
import type { Actor } from "../context.ts";

/**
 * A report of the catalogue (ADR 083): what it is called and where it sits, the permission area
 * whose `read` opens it, its filters, and how it is built — ONE database round trip for the
 * document (`build`), keyset pages for the big detail table of an export (`detail`).
 */

/** The catalogue's groups, in the order /relatorios lists them. */
export const REPORT_GROUPS = ["Vendas", "Financeiro", "Agenda", "Estoque", "Imóveis", "Marketing"] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** Who asks and in which calendar: every day of the report is the organização's (its IANA zone). */
export interface ReportContext {
  actor: Actor;
  /** The organização's IANA zone (Configurações do Negócio). */
  zone: string;
  /** When the report is built (generatedAt). */
  now: Date;
  /** Who asked, for the PDF's footer ("Gerado por Ana Souza"). */
  generatedBy?: string | null;
  /** The business's logo as a data: URL, when the caller (the report job) read it. */
  logo?: string | null;
}

/** What a filter's select offers: a value (in the URL) and its words. */
export interface FilterOption {
  value: string;
  label: string;
}

/**
 * One filter as the URL carries it (`?profissional=<id>`) and the screen offers it. Static
 * options come with the definition (payment methods); the others are read by `build` in its
 * one round trip when asked (`params.withOptions`) and returned in `filterOptions[key]`.
 */
export interface ReportFilterField {
  /** The URL parameter and the filters object's key. */
  key: string;
  /** "Profissional": the filter said in words is "Profissional: Carla". */
  label: string;
  options?: readonly FilterOption[];
}

export interface ReportFilters<F> {
  /** Parses the URL's values (strings; absent → undefined); a malformed value must parse to undefined, never throw. */
  schema: z.ZodType<F>;
  fields: readonly ReportFilterField[];
}

export interface ReportParams<F> {
  period: ReportPeriod;
  /** The comparison period: the same length, ending the day before (shared/reports/period.ts). */
  previous: ReportPeriod;
  filters: F;
  /** Also read the filters' options (the screen's selects) in the same round trip. */
  withOptions?: boolean;
  /** Read the records themselves, never a report's pre-summed rows (the tests comparing the two). */
  fromSales?: boolean;
}

/** A built report: the document, and the filters' options when asked (the renderers ignore them). */
export interface BuiltReport extends ReportDocument {
  filterOptions?: Record<string, FilterOption[]>;
}

export type ReportDetail = NonNullable<ReportSource["detail"]>;

// biome-ignore lint/suspicious/noExplicitAny: a definition of any report (each has its own filters)
export interface ReportDefinition<F = any> {
  /** The URL slug (`/relatorio?r=vendas`), pt-BR: "vendas", "fluxo-de-caixa", "dre"… */
  id: string;
  title: string;
  /** A sentence for the catalogue. */
  description: string;
  group: ReportGroup;
  /** The permission area (worker/auth/permissions.ts AREAS) whose `read` opens it; an "own" reach narrows it. */
  area: string;
  filters: ReportFilters<F>;
  /** The report as data in ONE database round trip (db.batch; aggregates in SQL; every statement org-scoped). */
  build(db: Database, ctx: ReportContext, params: ReportParams<F>): Promise<BuiltReport>;
  /** The big detail table for exports (100,000 rows), pulled one keyset page at a time. */
  detail?(db: Database, ctx: ReportContext, params: ReportParams<F>): ReportDetail;
}

/** A statement `db.batch` takes (query builders and `db.all(sql…)`). */
export type Statement = BatchItem<"sqlite">;
