import { z } from "zod";
import { defineContract } from "../define.ts";

/**
 * Raises an interest's "novo_interesse" alerts again. Creates no longer dispatch it: the
 * interests module's `alsoOnCreate` raises them in the create's batch; kept for re-raising, by event.
 */
export const matchInterest = defineContract({
  id: "match-interest",
  event: "match/interest.created",
  payload: z.object({ orgId: z.string().min(1), interestId: z.string().min(1) }),
  retries: 3,
  idempotency: "data.interestId",
});
