import type { Route } from "./+types/report-file-download";
import { reportFileDownload } from "../../server/reports/report-files.server.ts";

/** GET /relatorios/arquivos/:id/baixar (ADR 086): to a fresh member-bound 5-minute link of the file; changes nothing. */
export async function loader(args: Route.LoaderArgs) {
  return reportFileDownload(args);
}
