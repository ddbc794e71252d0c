import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { aiTokenUsage, businessSettings } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { GenerationUsage } from "../../../shared/ai/generation-api.ts";
import { formatDateIn, instantIn, zonedParts } from "../../../shared/time-zone.ts";
import { AI_MONTHLY_TOKEN_LIMIT_DEFAULT } from "../../../shared/organization/ai-token-limit.ts";
import { DomainError, type ServiceContext } from "../context.ts";

/**
 * Tokens per organização per month (ADR 055): one counter row per org × month in the
 * organização's zone, incremented atomically by every generation that spent tokens (failed and
 * cancelled ones too: OpenAI bills them). The limit is Configurações do Negócio's
 * `ai_monthly_token_limit` (0 = the AI is off: the template generator writes).
 */

/** "aaaa-mm" of the instant in the zone. */
export function monthIn(now: Date, zone: string): string {
  const p = zonedParts(now, zone);
  return `${p.year}-${p.month}`;
}

/** The first instant of the month after `month` in the zone: when the count starts again. */
export function monthResetAt(month: string, zone: string): Date {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  return instantIn(`${next}-01`, "00:00", zone);
}

/** Adds a generation's tokens to its month's counter (one statement, safe under concurrency). */
export async function addTokenUsage(
  ctx: Pick<ServiceContext, "db">,
  orgId: string,
  month: string,
  usage: { entrada: number; saida: number },
  now: Date,
): Promise<void> {
  if (usage.entrada <= 0 && usage.saida <= 0) return;
  await ctx.db
    .insert(aiTokenUsage)
    .values(
      orgScope(ctx.db, orgId).values({
        mes: month,
        tokensEntrada: usage.entrada,
        tokensSaida: usage.saida,
        geracoes: 1,
        atualizadoEm: now,
      }),
    )
    .onConflictDoUpdate({
      target: [aiTokenUsage.orgId, aiTokenUsage.mes],
      set: {
        tokensEntrada: sql`${aiTokenUsage.tokensEntrada} + ${usage.entrada}`,
        tokensSaida: sql`${aiTokenUsage.tokensSaida} + ${usage.saida}`,
        geracoes: sql`${aiTokenUsage.geracoes} + 1`,
        atualizadoEm: now,
      },
    });
}

/** The two reads of a month's use (its counter and the organização's limit), to batch with others. */
export function usageStatements(db: Database, orgId: string, month: string) {
  const scope = orgScope(db, orgId);
  return [
    db
      .select({ tokens: sql<number>`${aiTokenUsage.tokensEntrada} + ${aiTokenUsage.tokensSaida}` })
      .from(aiTokenUsage)
      .where(scope.where(aiTokenUsage, eq(aiTokenUsage.mes, month)))
      .limit(1),
    db.select({ limite: businessSettings.limiteTokensIaMensal }).from(businessSettings).where(scope.where(businessSettings)).limit(1),
  ] as const;
}

/** The use read by `usageStatements`. */
export function usageOf(rows: readonly [{ tokens: number }[], { limite: number }[]], month: string, zone: string): GenerationUsage {
  return {
    mes: month,
    tokens: Number(rows[0][0]?.tokens ?? 0),
    limite: rows[1][0]?.limite ?? AI_MONTHLY_TOKEN_LIMIT_DEFAULT,
    renovaEm: monthResetAt(month, zone).toISOString(),
  };
}

/** The month's tokens (in + out) and the limit, in one round trip. */
export async function tokenUsage(ctx: Pick<ServiceContext, "db">, orgId: string, zone: string, now: Date): Promise<GenerationUsage> {
  const month = monthIn(now, zone);
  const rows = await ctx.db.batch(usageStatements(ctx.db, orgId, month));
  return usageOf(rows, month, zone);
}

const thousands = (n: number) => n.toLocaleString("pt-BR");

/** The pt-BR refusal when the month's tokens reached the limit: the limit and the day it starts again. */
export function limitReachedMessage(usage: GenerationUsage, zone: string): string {
  return `O limite mensal de IA deste negócio (${thousands(usage.limite ?? 0)} tokens) foi atingido. O uso volta a zero em ${formatDateIn(usage.renovaEm, zone)}; para gerar antes disso, quem administra pode aumentar o limite em Configurações do Negócio.`;
}

/** The month is spent: a 429 whose Retry-After is the month's end. */
export class AiLimitReachedError extends DomainError {
  override name = "AiLimitReachedError";
  readonly resetAt: Date;
  constructor(message: string, resetAt: Date) {
    super(message, 429);
    this.resetAt = resetAt;
  }
}

/** Whether the month's tokens reached a limit (limit 0 is the AI switched off, not a refusal). */
export const limitReached = (usage: GenerationUsage): boolean => usage.limite !== null && usage.limite > 0 && usage.tokens >= usage.limite;

/** Refuses (429) a generation that would spend tokens when the organização's month is spent. */
export function assertWithinLimit(usage: GenerationUsage, zone: string): void {
  if (limitReached(usage)) throw new AiLimitReachedError(limitReachedMessage(usage, zone), new Date(usage.renovaEm));
}
