import { z } from "zod";
import { defineContract } from "../define.ts";

/**
 * Builds one report file (ADR 086): the row `report_files` names what was asked; the run builds
 * the report's source, renders it (CSV, XLSX or the PDF Worker) into R2 under the row's own key,
 * following the rows with the row's progress and a live bar, and leaves the row pronto or falhou.
 */
export const reportFile = defineContract({
  id: "report-file",
  event: "report/requested",
  payload: z.object({
    fileId: z.string().min(1),
    orgId: z.string().min(1),
  }),
  // A crash retries the whole file (the stream cannot resume halfway); the key is the row's, so a
  // retry overwrites its own object. After the last retry, the failure handler marks it falhou.
  retries: 2,
  // Two files at a time per organização: a burst of exports waits its turn instead of holding every runner.
  concurrency: { key: "data.orgId", limit: 2 },
  idempotency: "data.fileId",
});
