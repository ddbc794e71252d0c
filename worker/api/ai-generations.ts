import { type Context, Hono } from "hono";
import { GENERATION_KINDS, GENERATION_STATUSES, RECENT_GENERATIONS_MAX } from "../../shared/ai/generation-api.ts";
import { GENERATION_GOALS, GENERATION_SOURCES, GENERATION_TONES } from "../../shared/ai/generation-options.ts";
import { POST_ORIGINS, SOCIAL_NETWORKS } from "../../shared/enums/social.ts";
import { timeZoneOf } from "../../shared/time-zone.ts";
import { apiError } from "../http/errors.ts";
import { runAsMember } from "../http/member-route.ts";
import type { AppEnv } from "../http/types.ts";
import { enforceKeyedLimit } from "../security/rate-limit.ts";
import { cancelGeneration, createGeneration, getGeneration, listGenerations } from "../services/ai-generation/generations.ts";
import { planToDrafts } from "../services/ai-generation/plan-drafts.ts";
import { AiLimitReachedError, tokenUsage } from "../services/ai-generation/usage.ts";
import { type Actor, DomainError, type ServiceContext } from "../services/context.ts";
import { authorize } from "../auth/permissions.ts";
import { type DocumentedRouter, dataOf, documented, type JsonSchema, json, ref, type RouteDoc } from "./route-doc.ts";

/**
 * `/api/ai-generations` (ADR 055): ask for an AI generation (a post from an imóvel or produto,
 * free content, a month of ideas), read it while it streams, list one's recent ones, cancel,
 * and read the month's token use. Whoever may create posts may generate (the permission table's
 * `posts · create`); limited per person and per organização so a burst cannot spend the month.
 */
export const aiGenerationsApi = new Hono<AppEnv>();

type Ctx = Context<AppEnv>;

/** A member's call; the monthly limit answers 429 with Retry-After (its reset). */
function run(c: Ctx, handler: (ctx: ServiceContext, actor: Actor) => Promise<Response>): Promise<Response> {
  return runAsMember(c, handler, (error) => {
    if (!(error instanceof AiLimitReachedError)) return undefined;
    c.header("retry-after", String(Math.max(1, Math.ceil((error.resetAt.getTime() - Date.now()) / 1000))));
    return apiError(c, 429, error.message, "ai_monthly_limit");
  });
}

async function jsonBody(c: Ctx): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("Envie um corpo JSON válido.", 400);
  }
}

// ——— Reference ———

const text = (description: string): JsonSchema => ({ type: "string", description });
const nullable = (description: string, format?: string): JsonSchema => ({
  type: ["string", "null"],
  description,
  ...(format ? { format } : {}),
});
const tones: JsonSchema = { type: "string", enum: [...GENERATION_TONES], description: "O tom." };
const goals: JsonSchema = { type: "string", enum: [...GENERATION_GOALS], description: "O objetivo." };

const REQUEST_SCHEMA: JsonSchema = {
  type: "object",
  required: ["tipo"],
  description:
    "Um de três pedidos, conforme `tipo`: `post` (registro, redes, objetivo, tom), `livre` (tema, objetivo, tom, rede) ou `mes` (mes, tom).",
  properties: {
    tipo: {
      type: "string",
      enum: [...GENERATION_KINDS],
      description: "post: post de um imóvel, produto ou serviço; livre: a partir de um tema; mes: um mês de ideias.",
    },
    registro: {
      type: "object",
      required: ["tipo", "id"],
      description: "post: o imóvel, produto ou serviço (dentro do seu alcance; 404 se não).",
      properties: { tipo: { type: "string", enum: [...POST_ORIGINS] }, id: text("O id do registro.") },
    },
    redes: { type: "array", items: { type: "string", enum: [...SOCIAL_NETWORKS] }, minItems: 1, description: "post: as redes." },
    objetivo: goals,
    tom: tones,
    tema: { type: "string", minLength: 3, maxLength: 500, description: "livre: o tema." },
    rede: { type: "string", enum: [...SOCIAL_NETWORKS], description: "livre: a rede." },
    mes: { type: "string", pattern: "^\\d{4}-(0[1-9]|1[0-2])$", description: "mes: aaaa-mm, este mês ou um dos próximos." },
  },
};

const GENERATION_SCHEMA: JsonSchema = {
  type: "object",
  required: [
    "id",
    "tipo",
    "status",
    "pedido",
    "titulo",
    "origem",
    "aviso",
    "textoParcial",
    "resultado",
    "erro",
    "tokens",
    "criadaEm",
    "primeiroTextoEm",
    "concluidaEm",
  ],
  properties: {
    id: text("O id da geração."),
    tipo: { type: "string", enum: [...GENERATION_KINDS] },
    status: { type: "string", enum: [...GENERATION_STATUSES], description: "na_fila → gerando → pronta, falhou ou cancelada." },
    pedido: { type: "object", description: "O pedido, sem `tipo`." },
    titulo: text("Um título curto para listas."),
    origem: {
      type: ["string", "null"],
      enum: [...GENERATION_SOURCES, null],
      description: "ia (OpenAI) ou modelo (gerador de modelos, sem IA); null antes de saber.",
    },
    aviso: nullable("O que a pessoa precisa saber do resultado (sem IA; textos da IA recusados…)."),
    textoParcial: text("O texto legível até agora enquanto é escrito (ainda não conferido)."),
    resultado: {
      type: ["object", "null"],
      description:
        "Quando pronta: `{tipo: post, variantes: [{legenda, hashtags, chamada, textosAlternativos, primeiroComentario, afirmacoes}]}`, `{tipo: livre, legendas, hashtags, ideias}` ou `{tipo: mes, ideias: [{data, titulo, legenda, formato, motivo, vinculo}]}`. Cada texto já foi conferido com o cadastro.",
    },
    erro: {
      type: ["object", "null"],
      description: "Quando falhou: código estável, mensagem em português e, num limite da OpenAI, quando tentar de novo.",
      properties: {
        codigo: text("auth, rate_limited, quota_exceeded, timeout, refused, content_blocked, invalid_output, limite_mensal, interrompida…"),
        mensagem: text("Para mostrar."),
        tentarApos: nullable("Quando tentar de novo.", "date-time"),
      },
    },
    tokens: {
      type: "object",
      required: ["entrada", "saida"],
      properties: { entrada: { type: "integer", minimum: 0 }, saida: { type: "integer", minimum: 0 } },
    },
    criadaEm: { type: "string", format: "date-time" },
    primeiroTextoEm: nullable("Quando o primeiro texto apareceu.", "date-time"),
    concluidaEm: nullable("Quando terminou.", "date-time"),
  },
};

const USAGE_SCHEMA: JsonSchema = {
  type: "object",
  required: ["mes", "tokens", "limite", "renovaEm"],
  properties: {
    mes: text("aaaa-mm no fuso do negócio."),
    tokens: {
      type: "integer",
      minimum: 0,
      description: "Tokens usados no mês (entrada + saída), inclusive de gerações que falharam ou foram canceladas.",
    },
    limite: { type: ["integer", "null"], description: "O limite mensal de Configurações do Negócio (0: IA desligada)." },
    renovaEm: { type: "string", format: "date-time", description: "Quando a contagem volta a zero." },
  },
};

const PLAN_DRAFTS_SCHEMA: JsonSchema = {
  type: "object",
  required: ["criados", "jaEram", "passadas", "primeiroDia"],
  properties: {
    criados: { type: "integer", minimum: 0, description: "Rascunhos criados agora." },
    jaEram: { type: "integer", minimum: 0, description: "Ideias escolhidas que já eram rascunhos (pedidas antes)." },
    passadas: { type: "integer", minimum: 0, description: "Ideias cujo dia já passou no fuso do negócio: sem rascunho." },
    primeiroDia: nullable("O primeiro dia com rascunho (aaaa-mm-dd), para abrir o calendário.", "date"),
  },
};

const SCHEMAS = {
  GeracaoIa: GENERATION_SCHEMA,
  PedidoGeracaoIa: REQUEST_SCHEMA,
  UsoIa: USAGE_SCHEMA,
  RascunhosDoPlano: PLAN_DRAFTS_SCHEMA,
};
const one = { description: "A geração.", content: json(dataOf(ref("GeracaoIa"))) };

const CREATE_DOC: RouteDoc = {
  access: "bearer",
  operationId: "createAiGeneration",
  summary: "Gerar conteúdo",
  description:
    "Pede uma geração: ela entra na fila e é escrita em segundo plano (com IA quando configurada; sem chave, pelo gerador de modelos, que diz isso em `aviso`). Acompanhe em `GET /api/ai-generations/{id}` ou pela conexão ao vivo. Para quem pode criar posts. Recusa (429) quando o limite mensal de tokens do negócio acabou (com a data em que volta), quando você já tem 2 gerações em andamento e quando há pedidos demais em pouco tempo; 404 para um registro fora do seu alcance; 422 para um mês que já passou.",
  body: ref("PedidoGeracaoIa") as JsonSchema,
  bodyExample: { tipo: "post", registro: { tipo: "imovel", id: "6f1c…" }, redes: ["instagram"], objetivo: "vender", tom: "acolhedor" },
  status: "201",
  response: one,
  errors: ["400", "401", "403", "404", "422", "429"],
  schemas: SCHEMAS,
};

const LIST_DOC: RouteDoc = {
  access: "bearer",
  operationId: "listAiGenerations",
  summary: "Minhas gerações recentes",
  description: `As suas ${RECENT_GENERATIONS_MAX} gerações mais recentes, da mais nova para a mais antiga.`,
  response: { description: "As gerações.", content: json(dataOf({ type: "array", items: ref("GeracaoIa") })) },
  errors: ["401", "403"],
  schemas: SCHEMAS,
};

const USAGE_DOC: RouteDoc = {
  access: "bearer",
  operationId: "aiGenerationUsage",
  summary: "Uso de IA no mês",
  description: "Os tokens de IA que o negócio usou neste mês, o limite e quando a contagem volta a zero.",
  response: { description: "O uso.", content: json(dataOf(ref("UsoIa"))) },
  errors: ["401", "403"],
  schemas: SCHEMAS,
};

const GET_DOC: RouteDoc = {
  access: "bearer",
  operationId: "getAiGeneration",
  summary: "Ler uma geração",
  description:
    "Status, texto parcial enquanto é escrita, resultado conferido ou o erro em português. Só quem pediu a lê (404 para as demais).",
  response: one,
  errors: ["401", "403", "404"],
  schemas: SCHEMAS,
};

const CANCEL_DOC: RouteDoc = {
  access: "bearer",
  operationId: "cancelAiGeneration",
  summary: "Cancelar uma geração",
  description:
    "Para a geração, mesmo no meio do texto: nada do resultado é guardado; os tokens já usados contam no mês. Recusa (409) uma geração que já terminou.",
  response: one,
  errors: ["401", "403", "404", "409"],
  schemas: SCHEMAS,
};

const PLAN_DRAFTS_DOC: RouteDoc = {
  access: "bearer",
  operationId: "aiPlanToDrafts",
  summary: "Transformar um mês de ideias em rascunhos",
  description:
    "Cria, de uma vez, um rascunho de post por ideia do plano (todas, ou as posições em `ideias`) no dia sugerido, no horário indicado para o formato e no fuso do negócio, com as contas conectadas e o imóvel ou produto da ideia. Idempotente: uma ideia que já virou rascunho não é criada de novo (um rascunho excluído volta se pedir outra vez). Ideias com o dia já passado ficam de fora. Só quem pediu o plano; 409 enquanto ele não está pronto.",
  body: {
    type: "object",
    properties: {
      ideias: {
        type: "array",
        items: { type: "integer", minimum: 0 },
        minItems: 1,
        description: "As posições das ideias no plano; sem ela, todas.",
      },
    },
  },
  bodyExample: { ideias: [0, 2, 5] },
  response: { description: "O que foi criado.", content: json(dataOf(ref("RascunhosDoPlano"))) },
  errors: ["400", "401", "403", "404", "409", "422"],
  schemas: SCHEMAS,
};

// ——— Routes ———

aiGenerationsApi.post(
  "/",
  documented(CREATE_DOC, (c) =>
    run(c, async (ctx, actor) => {
      authorize(actor, "posts", "create");
      await enforceKeyedLimit(ctx.db, "aiGeneration", { user: actor.userId, org: actor.orgId });
      return c.json({ data: await createGeneration(ctx, actor, await jsonBody(c)) }, 201);
    }),
  ),
);

aiGenerationsApi.get(
  "/",
  documented(LIST_DOC, (c) => run(c, async (ctx, actor) => c.json({ data: await listGenerations(ctx, actor) }))),
);

aiGenerationsApi.get(
  "/uso",
  documented(USAGE_DOC, (c) =>
    run(c, async (ctx, actor) => {
      authorize(actor, "posts", "create");
      return c.json({ data: await tokenUsage(ctx, actor.orgId, timeZoneOf(actor.timeZone), ctx.now) });
    }),
  ),
);

aiGenerationsApi.get(
  "/:id",
  documented(GET_DOC, (c) => run(c, async (ctx, actor) => c.json({ data: await getGeneration(ctx, actor, c.req.param("id") ?? "") }))),
);

aiGenerationsApi.post(
  "/:id/cancelar",
  documented(CANCEL_DOC, (c) =>
    run(c, async (ctx, actor) => c.json({ data: await cancelGeneration(ctx, actor, c.req.param("id") ?? "") })),
  ),
);

aiGenerationsApi.post(
  "/:id/rascunhos",
  documented(PLAN_DRAFTS_DOC, (c) =>
    run(c, async (ctx, actor) => c.json({ data: await planToDrafts(ctx, actor, c.req.param("id") ?? "", await jsonBody(c)) })),
  ),
);

/** The reference lists these routes under their own tag. */
export const aiGenerationsReference: DocumentedRouter = {
  prefix: "/api/ai-generations",
  app: aiGenerationsApi,
  tag: { name: "Geração com IA", description: "Legendas, conteúdo livre e um mês de ideias, escritos a partir dos dados do negócio." },
};
