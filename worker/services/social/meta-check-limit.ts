import { enforceKeyedLimit, RateLimitedError } from "../../security/rate-limit.ts";
import type { ServiceContext } from "../context.ts";

/** What a screen shows instead of calling Meta once the organização's checks for the minute are spent. */
export const META_CHECK_LIMITED =
  "Muitas consultas à Meta nesta organização em pouco tempo. Aguarde um minuto e tente de novo: nada foi alterado.";

/**
 * Charges one read-only call to Meta made for a screen (rate-limit.ts `metaCheck`, per
 * organização). Returns the pt-BR message when the limit is spent (the caller shows it and skips
 * Meta), else null; never throws for the limit, so a loader never turns it into a 500.
 */
export async function metaCheckLimited(ctx: Pick<ServiceContext, "db">, orgId: string): Promise<string | null> {
  try {
    await enforceKeyedLimit(ctx.db, "metaCheck", { org: orgId });
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) return META_CHECK_LIMITED;
    throw error;
  }
}
