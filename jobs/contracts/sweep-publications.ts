import { defineContract } from "../define.ts";

/**
 * Every minute, in production too: publications that are due and that no run holds (agendado and
 * unclaimed, or claimed by a run that died) get a run. The safety net under lost dispatches; the
 * claim, not this, is what keeps a publication from going out twice.
 */
export const sweepPublications = defineContract({
  id: "sweep-publications",
  cron: "* * * * *",
  retries: 1,
});
