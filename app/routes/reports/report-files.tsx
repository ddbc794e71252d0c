import type { Route } from "./+types/report-files";
import { reportFilesAction } from "../../server/reports/report-files.server.ts";

/**
 * POST /relatorios/arquivos (ADR 086): "Exportar PDF/XLSX/CSV" from /relatorio (the report's own
 * permission) and "Excluir" from /relatorios; each answers with a redirect to /relatorios.
 */
export async function action(args: Route.ActionArgs) {
  return reportFilesAction(args);
}

/** A GET here is the list itself. */
export async function loader() {
  return new Response(null, { status: 302, headers: { location: "/relatorios#arquivos" } });
}
