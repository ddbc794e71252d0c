import { asc, isNull } from "drizzle-orm";
import { referenceAccounts } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { ServiceContext } from "../context.ts";

/** One reference account as the generator's prompt takes it. */
export interface ReferenceForPrompt {
  /** Without "@". */
  handle: string;
  /** What the business likes in it ("" when it said nothing). */
  notas: string;
}

/** More would crowd the prompt; the oldest first (what the business chose first). */
export const MAX_REFERENCES_IN_PROMPT = 10;

/**
 * The organização's Contas de Referência for the AI generator's prompt (issue 20): live rows,
 * scoped to `orgId`, no actor — the job already acts for this organização.
 */
export async function referenceAccountsForPrompt(ctx: Pick<ServiceContext, "db">, orgId: string): Promise<ReferenceForPrompt[]> {
  const rows = await ctx.db
    .select({ handle: referenceAccounts.handle, notas: referenceAccounts.notas })
    .from(referenceAccounts)
    .where(orgScope(ctx.db, orgId).where(referenceAccounts, isNull(referenceAccounts.excluidoEm)))
    .orderBy(asc(referenceAccounts.criadoEm), asc(referenceAccounts.id))
    .limit(MAX_REFERENCES_IN_PROMPT);
  return rows.map((r) => ({ handle: r.handle, notas: r.notas ?? "" }));
}
