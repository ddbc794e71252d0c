import { defineContract } from "../define.ts";

/**
 * Every night (04:15 in Brasília), the report files' housekeeping (ADR 086): files past their
 * 30 days leave R2 and the table, builds that went silent are marked failed, and objects no row
 * names are removed. Bounded per run; a second run finds nothing to do.
 */
export const sweepReportFilesJob = defineContract({
  id: "sweep-report-files",
  cron: "TZ=America/Sao_Paulo 15 4 * * *",
  retries: 2,
});
