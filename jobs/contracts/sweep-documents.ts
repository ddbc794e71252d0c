import { defineContract } from "../define.ts";

/**
 * Every night (03:45 in Brasília), Documentos' housekeeping (ADR 074): the documents deleted more
 * than a day ago leave R2 and the database for good (the undo window is over), and objects no row
 * names (an upload whose Worker died between the put and the insert) are removed. Bounded per
 * run; a second run finds nothing to do.
 */
export const sweepDocumentsJob = defineContract({
  id: "sweep-documents",
  cron: "TZ=America/Sao_Paulo 45 3 * * *",
  retries: 2,
});
