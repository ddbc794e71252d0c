import { z } from "zod";
import { MATCH_ALERT_REASONS } from "../../shared/enums.ts";
import { raiseAlerts } from "../../worker/services/matching.ts";
import { defineJob } from "../define.ts";

/**
 * A property became available or its price dropped (worker/services/matching.ts
 * `propertyChanged`): its matching open interests get an alert each (once per pair and reason),
 * shown on the dashboard and the interest until seen.
 */
export const matchProperty = defineJob({
  id: "match-property",
  event: "match/property.changed",
  payload: z.object({
    orgId: z.string().min(1),
    propertyId: z.string().min(1),
    reason: z.enum(MATCH_ALERT_REASONS).exclude(["novo_interesse"]),
  }),
  retries: 3,
  // One run at a time per property: a burst of edits does not race itself.
  concurrency: { key: "data.propertyId", limit: 1 },
  async handler({ event, step, db }) {
    const { orgId, propertyId, reason } = event.data;
    return step.run("raise-alerts", () => raiseAlerts(db, orgId, { propertyId, reason }, new Date()));
  },
});
