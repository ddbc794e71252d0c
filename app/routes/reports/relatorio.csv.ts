import { data } from "react-router";
import type { Route } from "./+types/relatorio.csv";
import { orgTimeZone, requirePermission } from "../../server/guards.server.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { reportById, reportParams } from "../../../worker/services/reports/catalogue.ts";
import { reportCsv } from "../../../worker/services/reports/spreadsheet.ts";

/**
 * /relatorio/csv: what /relatorio shows (same report, period and filters in the URL), as a CSV
 * for Excel pt-BR, streamed at once (ADR 082's writer): the KPIs and each section's table. The
 * big detail and the XLSX/PDF files are the report job's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const def = reportById(url.searchParams.get("r"));
  if (!def) throw data("Relatório não encontrado.", { status: 404 });
  const { rc, actor, auth } = requirePermission(context, request, def.area, "read");
  const zone = orgTimeZone(context, request);
  const now = new Date();
  const params = reportParams(def, url.searchParams, dayIn(now, zone));
  let doc: Awaited<ReturnType<typeof def.build>>;
  try {
    doc = await def.build(rc.db, { actor, zone, now, generatedBy: auth.user.name }, params);
  } catch (error) {
    if (error instanceof DomainError && (error.status === 403 || error.status === 404)) throw data(error.message, { status: error.status });
    throw error;
  }
  const name = `${def.id}-${params.period.from}-a-${params.period.to}.csv`;
  return new Response(reportCsv(doc), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
}
