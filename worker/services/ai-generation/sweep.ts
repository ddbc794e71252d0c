import { and, eq, lt, or } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { aiGenerations } from "../../../db/schema/index.ts";
import type { LiveNamespace } from "../../live/publish.ts";
import { markGenerationFailed } from "./engine.ts";

/**
 * Never a frozen "gerando" (ADR 055): a running generation writes at least every few seconds
 * while it streams and at each phase, and one OpenAI call ends within its deadline (60 s), so a
 * row silent for longer than this died with its run (a crash, a deploy, a lost Worker); a queued
 * one that no runner took for this long is not coming either. The sweep marks them failed.
 */
export const STUCK_RUNNING_MS = 3 * 60_000;
export const STUCK_QUEUED_MS = 10 * 60_000;
/** At most this many per sweep (the next one takes the rest). */
const SWEEP_LIMIT = 100;

export const STUCK_MESSAGE =
  "A geração parou de responder e foi interrompida. Nenhum texto foi perdido do seu cadastro: tente gerar de novo.";

export async function sweepStuckGenerations(
  deps: { db: Database; live?: LiveNamespace | undefined; waitUntil: (p: Promise<unknown>) => void },
  now: Date,
): Promise<number> {
  const at = now.getTime();
  // tenant-exempt: the sweep reads every organização's silent runs; each is then marked org-scoped.
  const rows = await deps.db
    .select({ id: aiGenerations.id, orgId: aiGenerations.orgId, userId: aiGenerations.userId })
    .from(aiGenerations)
    .where(
      or(
        and(eq(aiGenerations.status, "gerando"), lt(aiGenerations.atualizadoEm, new Date(at - STUCK_RUNNING_MS))),
        and(eq(aiGenerations.status, "na_fila"), lt(aiGenerations.atualizadoEm, new Date(at - STUCK_QUEUED_MS))),
      ),
    )
    .limit(SWEEP_LIMIT);
  let marked = 0;
  for (const row of rows) {
    if (
      await markGenerationFailed(deps, { generationId: row.id, orgId: row.orgId, userId: row.userId }, "interrompida", STUCK_MESSAGE, now)
    )
      marked++;
  }
  return marked;
}
