import { postOriginDef } from "../../../shared/social/post-origins.ts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { aiGenerations } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { dispatch } from "../../../jobs/dispatch.ts";
import {
  type Generation,
  type GenerationRequest,
  generationRequestSchema,
  RECENT_GENERATIONS_MAX,
} from "../../../shared/ai/generation-api.ts";
import { monthPlanProblem } from "../../../shared/ai/template-month-plan.ts";
import { isId } from "../../../shared/id.ts";
import { monthLabel } from "../../../shared/social/calendar.ts";
import { dayIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { publishLive } from "../../live/publish.ts";
import { authorize } from "../../auth/permissions.ts";
import { recordFactSheet } from "../ai/record-facts.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { isOpenAiConfigured } from "../../integrations/openai/settings.ts";
import { assertWithinLimit, monthIn, usageOf, usageStatements } from "./usage.ts";
import { toGenerationView } from "./view.ts";

/**
 * A member's AI generations (ADR 055): ask for one (it is queued and the job
 * `ai/content.requested` writes it), read it, list one's recent ones, cancel it. Whoever may
 * create posts may generate (the permission table's `posts · create`); a generation is read and
 * cancelled only by whoever asked for it, within their organização.
 */

/** What a person may have running at once: a second tab is fine, a loop is not. */
export const MAX_RUNNING_PER_USER = 2;

const NOT_FOUND = "Geração não encontrada.";

/** "Ideias de dezembro de 2026": a month plan's title, for `month` as `YYYY-MM`. */
export function monthTitle(month: string): string {
  return `Ideias de ${monthLabel(`${month}-01`)}`;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Checks the request, the record's reach (404), the month, the running count and the monthly limit; queues it. */
export async function createGeneration(ctx: ServiceContext, actor: Actor, body: unknown): Promise<Generation> {
  authorize(actor, "posts", "create");
  const request: GenerationRequest = generationRequestSchema.parse(body);
  const zone = timeZoneOf(actor.timeZone);
  let titulo: string;
  if (request.tipo === "post") {
    const sheet = await recordFactSheet(ctx, actor, request.registro);
    if (!sheet) throw new DomainError(postOriginDef(request.registro.tipo).notFound, 404);
    titulo = clip(sheet.registro.nome, 120);
  } else if (request.tipo === "livre") {
    titulo = clip(request.tema, 120);
  } else {
    const problem = monthPlanProblem(request.mes, dayIn(ctx.now, zone));
    if (problem) throw new DomainError(problem, 422, "mes");
    titulo = monthTitle(request.mes);
  }
  const scope = orgScope(ctx.db, actor.orgId);
  const month = monthIn(ctx.now, zone);
  // One round trip: what the person has running, and the month's use and limit.
  const [running, ...usageRows] = await ctx.db.batch([
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(aiGenerations)
      .where(scope.where(aiGenerations, eq(aiGenerations.userId, actor.userId), inArray(aiGenerations.status, ["na_fila", "gerando"]))),
    ...usageStatements(ctx.db, actor.orgId, month),
  ]);
  if (Number(running[0]?.n ?? 0) >= MAX_RUNNING_PER_USER) {
    throw new DomainError("Você já tem gerações em andamento. Espere uma terminar (ou cancele) para pedir outra.", 429);
  }
  // Only a generation that spends tokens is refused at the limit; the template generator costs none.
  if (isOpenAiConfigured(ctx.config)) assertWithinLimit(usageOf(usageRows as never, month, zone), zone);
  const { tipo, ...pedido } = request;
  const [row] = await ctx.db
    .insert(aiGenerations)
    .values(scope.values({ userId: actor.userId, tipo, pedido, titulo, criadoEm: ctx.now, atualizadoEm: ctx.now }))
    .returning();
  if (!row) throw new Error("geração não criada");
  await dispatch(
    { config: ctx.config, waitUntil: ctx.waitUntil, db: ctx.db, bindings: { FILES: ctx.files, LIVE: ctx.live } },
    "ai/content.requested",
    { generationId: row.id, orgId: actor.orgId, userId: actor.userId, origin: ctx.origin },
    { id: row.id },
  );
  return toGenerationView(row);
}

/** One of the actor's generations; 404 for anyone else's (another member's, another organização's). */
export async function getGeneration(ctx: ServiceContext, actor: Actor, id: string): Promise<Generation> {
  authorize(actor, "posts", "create");
  if (!isId(id)) throw new DomainError(NOT_FOUND, 404);
  const [row] = await ctx.db
    .select()
    .from(aiGenerations)
    .where(orgScope(ctx.db, actor.orgId).where(aiGenerations, eq(aiGenerations.id, id), eq(aiGenerations.userId, actor.userId)))
    .limit(1);
  if (!row) throw new DomainError(NOT_FOUND, 404);
  return toGenerationView(row);
}

/** The actor's most recent generations, newest first. */
export async function listGenerations(ctx: ServiceContext, actor: Actor, limit = RECENT_GENERATIONS_MAX): Promise<Generation[]> {
  authorize(actor, "posts", "create");
  const rows = await ctx.db
    .select()
    .from(aiGenerations)
    .where(orgScope(ctx.db, actor.orgId).where(aiGenerations, eq(aiGenerations.userId, actor.userId)))
    .orderBy(desc(aiGenerations.criadoEm), desc(aiGenerations.id))
    .limit(Math.max(1, Math.min(limit, RECENT_GENERATIONS_MAX)));
  return rows.map(toGenerationView);
}

/**
 * Cancels a queued or running generation: the row turns `cancelada` at once (the running job
 * sees it at its next write, aborts the stream and records only the tokens already spent);
 * Inngest's run is also cancelled by event. A finished one answers 409.
 */
export async function cancelGeneration(ctx: ServiceContext, actor: Actor, id: string): Promise<Generation> {
  authorize(actor, "posts", "create");
  if (!isId(id)) throw new DomainError(NOT_FOUND, 404);
  const scope = orgScope(ctx.db, actor.orgId);
  const mine = and(eq(aiGenerations.id, id), eq(aiGenerations.userId, actor.userId));
  const [row] = await ctx.db
    .update(aiGenerations)
    .set({ status: "cancelada", concluidoEm: ctx.now, atualizadoEm: ctx.now })
    .where(scope.where(aiGenerations, mine, inArray(aiGenerations.status, ["na_fila", "gerando"])))
    .returning();
  if (!row) {
    const current = await getGeneration(ctx, actor, id);
    throw new DomainError(`Esta geração já terminou (${current.status === "pronta" ? "pronta" : current.status}).`, 409);
  }
  publishLive(
    ctx,
    actor.orgId,
    { type: "generation.progress", generationId: id, percent: 100, status: "cancelada" },
    { userId: actor.userId },
  );
  await dispatch({ config: ctx.config, waitUntil: ctx.waitUntil, db: ctx.db }, "ai/content.cancelled", { generationId: id }).catch(
    (error: unknown) => console.error("[ai] cancelamento não enviado ao Inngest", error),
  );
  return toGenerationView(row);
}
