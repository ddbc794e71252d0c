import { z } from "zod";
import { MATCH_ALERT_REASONS } from "../../shared/enums.ts";
import { defineContract } from "../define.ts";

/**
 * Raises a property's alerts again (once per pair and reason). The write path no longer needs
 * it: triggers on `properties` raise them in the changing statement (match-sql.ts
 * `propertyAlertTriggers`); kept for re-raising after a bulk change, by event.
 */
export const matchProperty = defineContract({
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
});
