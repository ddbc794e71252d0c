import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { aiGenerations, businessSettings, memberships } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { GenerationResult, GenerationStatus } from "../../../shared/ai/generation-api.ts";
import { GENERATION_SOURCE, type GenerationSource } from "../../../shared/ai/generation-options.ts";
import { type Prompt, type RefusedVariant, retryPrompt } from "../../../shared/ai/prompt.ts";
import { CAPTION_SEPARATOR, readableText } from "../../../shared/ai/stream-preview.ts";
import { TEMPLATE_NOTICE } from "../../../shared/ai/template-post.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import type { Config } from "../../config/env.ts";
import { AiError, type AiUsage } from "../../integrations/openai/errors.ts";
import { openAiSettings } from "../../integrations/openai/settings.ts";
import { streamStructured } from "../../integrations/openai/structured.ts";
import { type LiveNamespace, publishLive } from "../../live/publish.ts";
import { referenceAccountsForPrompt } from "../ai-content/reference-accounts.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { LiveText } from "./live-text.ts";
import { type GenerationPlan, planFor, RecordGoneError } from "./plans.ts";
import { isPostOrigin, postOriginDef } from "../../../shared/social/post-origins.ts";
import { addTokenUsage, limitReached, limitReachedMessage, monthIn, tokenUsage } from "./usage.ts";

/**
 * One generation, start to end (ADR 055), as the job `ai/content.requested` runs it: claim the
 * row, load the facts within the asker's reach, then either the template generator (no key, or
 * the AI switched off) or OpenAI — streamed to the asker's pages and into the row, judged (ADR
 * 053), regenerated once, and replaced by the templates with a note when nothing passes. Every
 * way out leaves the row final (pronta, falhou or cancelada) and counts the tokens spent.
 */

export interface EngineDeps {
  db: Database;
  config: Config;
  live?: LiveNamespace | undefined;
  waitUntil: (promise: Promise<unknown>) => void;
  now: () => Date;
  /** The streamed text's throttle (tests may shorten it). */
  throttleMs?: number;
}

export interface GenerationJob {
  generationId: string;
  orgId: string;
  userId: string;
  origin?: string | undefined;
}

/** How often a run looks whether it was cancelled while no text arrives (the model still thinking). */
const CANCEL_POLL_MS = 1000;

export const AI_OFF_NOTICE =
  "A IA está desligada neste negócio (limite mensal de tokens 0 em Configurações do Negócio): escrito pelo gerador de modelos do Alicerce (sem IA).";
const REWRITE_NOTE = "(Conferindo com o cadastro: reescrevendo o que trazia dados que não estão nele…)";
const INVALID_OUTPUT_REASON = "A resposta não veio no formato pedido: responda só com o JSON do esquema.";

/** The notice when every AI variant was refused: why, and who wrote what is shown. */
function fallbackNotice(refused: readonly RefusedVariant[]): string {
  const reasons = [...new Set(refused.flatMap((r) => [...r.violacoes.map((v) => v.motivo), ...r.problemas]))].slice(0, 2);
  const why = reasons.length ? ` (${reasons.join("; ")})` : "";
  return `Os textos da IA foram recusados por trazer dados que não estão no cadastro${why}. Estes foram escritos pelo gerador de modelos do Alicerce (sem IA), só com os dados do cadastro.`;
}

/** The captions of a result, as the readable text shows them. */
export function resultText(result: GenerationResult): string {
  const captions =
    result.tipo === "post"
      ? result.variantes.map((v) => v.legenda)
      : result.tipo === "livre"
        ? result.legendas
        : result.ideias.map((i) => i.legenda);
  return captions.join(CAPTION_SEPARATOR);
}

function resultIsEmpty(result: GenerationResult): boolean {
  return resultText(result).length === 0;
}

/** The member as the request saw them (role, own-records choice, zone); null when they left. */
async function memberActor(db: Database, orgId: string, userId: string): Promise<Actor | null> {
  const [row] = await db
    .select({ role: memberships.role, ownOnly: businessSettings.corretorApenasSeus, timeZone: businessSettings.fusoHorario })
    .from(memberships)
    .leftJoin(businessSettings, eq(businessSettings.orgId, memberships.orgId))
    .where(orgScope(db, orgId).where(memberships, eq(memberships.userId, userId), isNull(memberships.deactivatedAt)))
    .limit(1);
  if (!row) return null;
  return { userId, orgId, role: row.role, ...(row.ownOnly ? { ownOnly: true } : {}), ...(row.timeZone ? { timeZone: row.timeZone } : {}) };
}

/** A rough count for an answer cut before OpenAI reported usage (a cancel, our deadline): ≈4 characters a token. */
function estimatedUsage(prompt: Prompt, streamed: string): AiUsage {
  return { inputTokens: Math.ceil((prompt.instructions.length + prompt.input.length) / 4), outputTokens: Math.ceil(streamed.length / 4) };
}

export async function runGeneration(deps: EngineDeps, job: GenerationJob): Promise<{ status: GenerationStatus | "ignorada" }> {
  const { db, now } = deps;
  const scope = orgScope(db, job.orgId);
  const mine = eq(aiGenerations.id, job.generationId);
  const live = { live: deps.live, waitUntil: deps.waitUntil };
  const progress = (percent: number, status: GenerationStatus, stage?: string) =>
    publishLive(
      live,
      job.orgId,
      { type: "generation.progress", generationId: job.generationId, percent, status, ...(stage ? { stage } : {}) },
      { userId: job.userId },
    );

  const startedAt = now();
  // A retry after a crash starts over (its text was never checked): the page reads it again on the status event.
  const [row] = await db
    .update(aiGenerations)
    .set({ status: "gerando", iniciadoEm: startedAt, atualizadoEm: startedAt, textoParcial: "", primeiroTextoEm: null })
    .where(scope.where(aiGenerations, mine, inArray(aiGenerations.status, ["na_fila", "gerando"])))
    .returning();
  if (!row) return { status: "ignorada" };
  progress(5, "gerando", "Lendo o cadastro…");

  const tokens = { entrada: 0, saida: 0 };
  let model: string | null = null;
  let zone = timeZoneOf(undefined);

  /** Writes the final state unless the row left `gerando` (cancelled meanwhile); tokens count either way. */
  const finish = async (set: Partial<typeof aiGenerations.$inferInsert> & { status: GenerationStatus }): Promise<GenerationStatus> => {
    const at = now();
    const [saved] = await db
      .update(aiGenerations)
      .set({ ...set, tokensEntrada: tokens.entrada, tokensSaida: tokens.saida, modelo: model, concluidoEm: at, atualizadoEm: at })
      .where(scope.where(aiGenerations, mine, eq(aiGenerations.status, "gerando")))
      .returning({ status: aiGenerations.status });
    if (!saved) {
      await db
        .update(aiGenerations)
        .set({ tokensEntrada: tokens.entrada, tokensSaida: tokens.saida, modelo: model })
        .where(scope.where(aiGenerations, mine));
    }
    await addTokenUsage({ db }, job.orgId, monthIn(at, zone), tokens, at);
    const status = saved ? set.status : "cancelada";
    progress(100, status);
    return status;
  };
  const fail = (codigo: string, mensagem: string, retryAfterMs?: number) =>
    finish({
      status: "falhou",
      erroCodigo: codigo,
      erroMensagem: mensagem,
      tentarApos: retryAfterMs ? new Date(now().getTime() + retryAfterMs) : null,
    });
  const ready = (result: GenerationResult, origem: GenerationSource, aviso: string, text?: string) => {
    const at = now();
    return finish({
      status: "pronta",
      resultado: result,
      origem,
      aviso,
      ...(text !== undefined ? { textoParcial: text, primeiroTextoEm: row.primeiroTextoEm ?? at } : {}),
    });
  };

  const actor = await memberActor(db, job.orgId, job.userId);
  if (!actor) return { status: await fail("membro_inativo", "Quem pediu esta geração não faz mais parte deste negócio.") };
  zone = timeZoneOf(actor.timeZone);
  const ctx: ServiceContext = {
    db,
    config: deps.config,
    origin: deps.config.APP_URL ?? job.origin ?? "http://localhost",
    ip: "",
    userAgent: null,
    waitUntil: deps.waitUntil,
    now: startedAt,
    live: deps.live,
  };
  let plan: GenerationPlan;
  try {
    const refs = await referenceAccountsForPrompt(ctx, job.orgId);
    plan = await planFor(ctx, actor, row.tipo, row.pedido, refs, zone, job.generationId);
  } catch (error) {
    if (!(error instanceof RecordGoneError)) throw error;
    const what = isPostOrigin(error.message) ? postOriginDef(error.message).withArticle : "o registro";
    const sentence = `${what.charAt(0).toUpperCase()}${what.slice(1)} não foi encontrado ou não está mais ao seu alcance.`;
    return { status: await fail("registro_indisponivel", sentence) };
  }

  const settings = openAiSettings(deps.config);
  const usage = settings ? await tokenUsage(ctx, job.orgId, zone, startedAt) : null;
  if (!settings || !usage || usage.limite === 0) {
    const result = plan.template();
    return { status: await ready(result, "modelo", settings ? AI_OFF_NOTICE : TEMPLATE_NOTICE, resultText(result)) };
  }
  if (limitReached(usage)) return { status: await fail("limite_mensal", limitReachedMessage(usage, zone)) };

  // ——— OpenAI, streamed ———
  const controller = new AbortController();
  const sink = new LiveText({
    db,
    live,
    orgId: job.orgId,
    userId: job.userId,
    generationId: job.generationId,
    now,
    ...(deps.throttleMs !== undefined ? { throttleMs: deps.throttleMs } : {}),
    onCancelled: () => controller.abort(),
  });
  const poll = setInterval(() => {
    db.select({ status: aiGenerations.status })
      .from(aiGenerations)
      .where(scope.where(aiGenerations, mine))
      .then(([r]) => {
        if (r?.status !== "gerando") controller.abort();
      })
      .catch(() => {});
  }, CANCEL_POLL_MS);
  let prefix = "";
  const call = async (prompt: Prompt): Promise<unknown> => {
    let streamed = "";
    try {
      const answer = await streamStructured({
        settings,
        schema: plan.schema,
        name: plan.name,
        instructions: prompt.instructions,
        input: prompt.input,
        signal: controller.signal,
        timeoutMs: deps.config.OPENAI_TIMEOUT_MS,
        onTextDelta: (_delta, snapshot) => {
          streamed = snapshot;
          sink.update(prefix + readableText(snapshot));
        },
      });
      tokens.entrada += answer.usage.inputTokens;
      tokens.saida += answer.usage.outputTokens;
      model = answer.model;
      return answer.value;
    } catch (error) {
      if (error instanceof AiError) {
        const spent =
          error.usage ?? (error.code === "cancelled" || error.code === "timeout" ? estimatedUsage(prompt, streamed) : undefined);
        tokens.entrada += spent?.inputTokens ?? 0;
        tokens.saida += spent?.outputTokens ?? 0;
      }
      throw error;
    }
  };

  try {
    let kept: GenerationResult | null = null;
    let refused: RefusedVariant[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt === 1) {
        await sink.drain();
        prefix = sink.current ? `${sink.current}\n\n${REWRITE_NOTE}\n\n` : "";
        progress(60, "gerando", "Conferindo com o cadastro…");
      }
      let value: unknown;
      try {
        value = await call(attempt === 0 ? plan.prompt : retryPrompt(plan.prompt, refused));
      } catch (error) {
        if (!(error instanceof AiError)) throw error;
        // A malformed answer spends the one regeneration; a second failure keeps what the first had.
        if (error.code === "invalid_output" && attempt === 0) {
          refused = [{ violacoes: [], problemas: [INVALID_OUTPUT_REASON] }];
          continue;
        }
        if (attempt === 1 && kept && !resultIsEmpty(kept) && error.code !== "cancelled") break;
        throw error;
      }
      const verdict = plan.judge(value);
      kept = kept ? plan.combine(kept, verdict.kept) : verdict.kept;
      refused = verdict.refused;
      if (verdict.enough) break;
    }
    await sink.drain();
    sink.stop();
    if (controller.signal.aborted) return { status: await finish({ status: "cancelada" }) };
    if (!kept || resultIsEmpty(kept)) {
      const result = plan.template();
      return { status: await ready(result, "modelo", fallbackNotice(refused)) };
    }
    return { status: await ready(kept, "ia", GENERATION_SOURCE.labels.ia) };
  } catch (error) {
    sink.stop();
    if (!(error instanceof AiError)) throw error;
    if (error.code === "cancelled") return { status: await finish({ status: "cancelada" }) };
    console.warn(`[ai] geração ${job.generationId} falhou: ${error.message}${error.detail ? ` (${error.detail})` : ""}`);
    return { status: await fail(error.code, error.userMessage, error.code === "rate_limited" ? error.retryAfterMs : undefined) };
  } finally {
    clearInterval(poll);
  }
}

/** Marks a run that died (the job's failure handler, the sweep) failed, unless it already ended. */
export async function markGenerationFailed(
  deps: Pick<EngineDeps, "db" | "live" | "waitUntil">,
  target: { generationId: string; orgId: string; userId: string | null },
  codigo: string,
  mensagem: string,
  at: Date,
): Promise<boolean> {
  const [row] = await deps.db
    .update(aiGenerations)
    .set({ status: "falhou", erroCodigo: codigo, erroMensagem: mensagem, concluidoEm: at, atualizadoEm: at })
    .where(
      orgScope(deps.db, target.orgId).where(
        aiGenerations,
        and(eq(aiGenerations.id, target.generationId), inArray(aiGenerations.status, ["na_fila", "gerando"])),
      ),
    )
    .returning({ id: aiGenerations.id });
  if (row && target.userId) {
    publishLive(
      { live: deps.live, waitUntil: deps.waitUntil },
      target.orgId,
      { type: "generation.progress", generationId: target.generationId, percent: 100, status: "falhou" },
      { userId: target.userId },
    );
  }
  return Boolean(row);
}
