import { eq, sql } from "drizzle-orm";
import { aiGenerations } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { type Generation, RECENT_GENERATIONS_MAX } from "../../../shared/ai/generation-api.ts";
import { isId } from "../../../shared/id.ts";
import { DRAFT_HOUR, type PlanDraftsResult, planDraftsRequestSchema } from "../../../shared/ai/plan-drafts.ts";
import type { MonthIdea } from "../../../shared/ai/contracts.ts";
import { instantIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { authorize } from "../../auth/permissions.ts";
import { createRecordsUnless, type GuardedCreate } from "../../resources/records.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { toGenerationView } from "./view.ts";

const NOT_FOUND = "Geração não encontrada.";

/**
 * A month plan's ideas → draft posts on /content-calendar (ADR 057), through the registry's
 * create of posts (the one way a post is made), in one batch. Each idea is created only when no
 * mark (ai_plan_drafts) points at a live post for it, and its mark is written with it: clicking
 * twice, or in two tabs, never doubles a draft.
 */

/** A day's draft goes at least this far ahead (the posts' schema refuses a past time). */
const AHEAD_MS = 5 * 60_000;

interface Reach {
  generation: Generation;
  contas: string[];
  imoveis: Set<string>;
  produtos: Set<string>;
  capas: Map<string, string>;
  marcadas: Set<number>;
}

/**
 * In one round trip: the plan (only who asked reads it: 404 for the rest, as its own read), the
 * connected accounts (one per network), the plan's records still live and their covers, and the
 * ideas already drafts.
 */
async function readReach(ctx: ServiceContext, actor: Actor, generationId: string): Promise<Reach> {
  if (!isId(generationId)) throw new DomainError(NOT_FOUND, 404);
  const org = actor.orgId;
  const linked = (tipo: "imovel" | "produto") =>
    sql`(select json_extract(i.value, '$.vinculo.registroId') from ai_generations g, json_each(g.result, '$.ideias') i
      where g.org_id = ${org} and g.id = ${generationId} and json_extract(i.value, '$.vinculo.tipo') = ${tipo})`;
  const [rows, accounts, properties, products, covers, marks] = await ctx.db.batch([
    ctx.db
      .select()
      .from(aiGenerations)
      .where(orgScope(ctx.db, org).where(aiGenerations, eq(aiGenerations.id, generationId), eq(aiGenerations.userId, actor.userId)))
      .limit(1),
    ctx.db.all<{ id: string; rede: string }>(
      sql`select id, network as rede from social_accounts where org_id = ${org} and status = 'ativa' order by network, name, id`,
    ),
    ctx.db.all<{ id: string }>(sql`select id from properties where org_id = ${org} and deleted_at is null and id in ${linked("imovel")}`),
    ctx.db.all<{ id: string }>(sql`select id from products where org_id = ${org} and deleted_at is null and id in ${linked("produto")}`),
    ctx.db.all<{ imovel: string; id: string }>(
      sql`select property_id as imovel, id from property_photos where org_id = ${org} and cover = 1 and property_id in ${linked("imovel")}`,
    ),
    ctx.db.all<{ ideia: number }>(
      sql`select d.idea as ideia from ai_plan_drafts d join posts p on p.org_id = d.org_id and p.id = d.post_id
        where d.org_id = ${org} and d.generation_id = ${generationId} and p.deleted_at is null`,
    ),
  ]);
  const [row] = rows;
  if (!row) throw new DomainError(NOT_FOUND, 404);
  const perNetwork = new Map<string, string>();
  for (const a of accounts) if (!perNetwork.has(a.rede)) perNetwork.set(a.rede, a.id);
  return {
    generation: toGenerationView(row),
    contas: [...perNetwork.values()],
    imoveis: new Set(properties.map((r) => r.id)),
    produtos: new Set(products.map((r) => r.id)),
    capas: new Map(covers.map((r) => [r.imovel, r.id])),
    marcadas: new Set(marks.map((r) => Number(r.ideia))),
  };
}

/** The draft an idea becomes: its caption, its record (when still there), its day's suggested hour. */
function draftInput(idea: MonthIdea, at: Date, reach: Reach): Record<string, unknown> {
  const { tipo, registroId } = idea.vinculo;
  const imovelId = tipo === "imovel" && registroId && reach.imoveis.has(registroId) ? registroId : undefined;
  const produtoId = tipo === "produto" && registroId && reach.produtos.has(registroId) ? registroId : undefined;
  const capa = imovelId ? reach.capas.get(imovelId) : undefined;
  return {
    legenda: idea.legenda,
    imovelId,
    produtoId,
    agendadoPara: at.toISOString(),
    contas: reach.contas,
    midias: capa ? [capa] : [],
    textosAlternativos: [],
  };
}

export async function planToDrafts(ctx: ServiceContext, actor: Actor, generationId: string, body: unknown): Promise<PlanDraftsResult> {
  authorize(actor, "posts", "create");
  const request = planDraftsRequestSchema.parse(body ?? {});
  const reach = await readReach(ctx, actor, generationId);
  const { generation } = reach;
  if (generation.tipo !== "mes") throw new DomainError("Só um mês de ideias vira rascunhos no calendário.", 422);
  if (generation.status !== "pronta" || generation.resultado?.tipo !== "mes") {
    throw new DomainError("O plano ainda não está pronto: espere terminar de gerar.", 409);
  }
  const ideas = generation.resultado.ideias;
  const chosen = [...new Set(request.ideias ?? ideas.map((_, i) => i))].sort((a, b) => a - b);
  if (chosen.some((i) => i >= ideas.length)) throw new DomainError("Essa ideia não está no plano.", 422, "ideias");

  const zone = timeZoneOf(actor.timeZone);
  const earliest = ctx.now.getTime() + AHEAD_MS;
  const items: (GuardedCreate & { dia: string })[] = [];
  let passadas = 0;
  let jaEram = 0;
  for (const i of chosen) {
    const idea = ideas[i] as MonthIdea;
    if (reach.marcadas.has(i)) {
      jaEram++;
      continue;
    }
    const at = instantIn(idea.data, DRAFT_HOUR[idea.formato], zone);
    if (at.getTime() < earliest) {
      passadas++;
      continue;
    }
    const org = actor.orgId;
    items.push({
      dia: idea.data,
      input: draftInput(idea, at, reach),
      // A live draft of this idea (another click won the race): skip it.
      unless: sql`select 1 from ai_plan_drafts d join posts p on p.org_id = d.org_id and p.id = d.post_id
        where d.org_id = ${org} and d.generation_id = ${generationId} and d.idea = ${i} and p.deleted_at is null`,
      after: (id, written) => [
        ctx.db.run(sql`insert into ai_plan_drafts (org_id, generation_id, idea, post_id, created_at)
          select ${org}, ${generationId}, ${i}, ${id}, ${ctx.now.getTime()} where ${written}
          on conflict (generation_id, idea) do update set post_id = excluded.post_id, created_at = excluded.created_at`),
      ],
    });
  }
  const outcome = await createRecordsUnless(ctx, actor, "posts", items);
  const criados = outcome.filter((id) => id !== null).length;
  const days = [
    ...items.filter((_, n) => outcome[n] !== null).map((item) => item.dia),
    ...chosen.filter((i) => reach.marcadas.has(i)).map((i) => (ideas[i] as MonthIdea).data),
  ].sort();
  return {
    criados,
    jaEram: jaEram + (items.length - criados),
    passadas,
    primeiroDia: days[0] ?? null,
  };
}

/**
 * Which ideas of a plan are drafts today (live posts), for /ai-content to mark them: the plan
 * `generationId` when it is one of the member's recent month plans (the page's list), else their
 * latest. One read.
 */
export async function draftedIdeas(
  ctx: ServiceContext,
  actor: Actor,
  generationId: string | null,
): Promise<{ ideia: number; postId: string }[]> {
  const org = actor.orgId;
  const latest = sql`(select id from ai_generations where org_id = ${org} and user_id = ${actor.userId} and kind = 'mes' order by created_at desc, id desc limit 1)`;
  const plan =
    generationId && isId(generationId)
      ? sql`coalesce((select id from (select id, kind from ai_generations where org_id = ${org} and user_id = ${actor.userId}
          order by created_at desc, id desc limit ${RECENT_GENERATIONS_MAX}) where id = ${generationId} and kind = 'mes'), ${latest})`
      : latest;
  const rows = await ctx.db.all<{ ideia: number; postId: string }>(
    sql`select d.idea as ideia, d.post_id as postId from ai_plan_drafts d
      join ai_generations g on g.org_id = d.org_id and g.id = d.generation_id and g.user_id = ${actor.userId}
      join posts p on p.org_id = d.org_id and p.id = d.post_id and p.deleted_at is null
      where d.org_id = ${org} and d.generation_id = ${plan} order by d.idea`,
  );
  return rows.map((r) => ({ ideia: Number(r.ideia), postId: String(r.postId) }));
}
