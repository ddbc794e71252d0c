import type { Database } from "../../../../db/client.ts";
import type { ReportSource } from "../../../../shared/reports/document.ts";
import type { ReportFormat } from "../../../../shared/reports/files.ts";
import type { Config } from "../../../config/env.ts";
import type { Actor } from "../../context.ts";

/**
 * What the report files need from the rest of the reports (ADR 086): a report of the catalogue
 * turned into a ReportSource for a member (its permission area checked), and a renderer per
 * format. The job takes them as deps, so its tests can hand it a source of any size.
 */

export interface SourceContext {
  db: Database;
  config: Config;
  now: Date;
}

/** Builds the report's source for `actor`: throws a DomainError (pt-BR) for params or a role it refuses. */
export type SourceFor = (ctx: SourceContext, actor: Actor, reportId: string, params: Record<string, string>) => Promise<ReportSource>;

/** A format's renderer: the file's bytes as a stream (the PDF's from the reports Worker). */
export type Renderers = Record<ReportFormat, (source: ReportSource) => Promise<ReadableStream<Uint8Array>>>;
