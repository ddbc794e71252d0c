import type { Hono } from "hono";
import { INTEREST_STAGES, VISIT_OUTCOMES } from "../../../../shared/enums.ts";
import {
  dataObject,
  dataOf,
  documented,
  integer,
  type JsonSchema,
  json,
  nullableText,
  type ResponseObject,
  type RouteDoc,
} from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { markAlertsSeen } from "../../../services/real-estate/match-alerts.ts";
import { sendMatchByEmail } from "../../../services/real-estate/match-emails.ts";
import { matchesForInterest, matchesForProperty } from "../../../services/real-estate/matching.ts";
import { moveInterest, moveSchema } from "../../../services/real-estate/interests.ts";
import { scheduleVisit, visitSchema } from "../../../services/real-estate/visits.ts";
import type { RouteHelpers } from "../../define.ts";
import { DomainError } from "../../../services/context.ts";
import { isId } from "../../../../shared/id.ts";

async function body(c: { req: { json: () => Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("Envie um corpo JSON válido.", 400);
  }
}

/** A match as both directions answer it (score and pt-BR reasons), extended per direction. */
const MATCH: JsonSchema = {
  type: "object",
  required: ["interestId", "propertyId", "score", "reasons"],
  properties: {
    interestId: { type: "string" },
    propertyId: { type: "string" },
    score: { type: "integer", minimum: 0, maximum: 100, description: "Compatibilidade de 0 a 100." },
    reasons: {
      type: "array",
      items: { type: "string" },
      description: "Os motivos em português (“3 quartos ✓”, “R$ 20 mil acima do teto”).",
    },
  },
};

/** The answer of a matches route: MATCH plus what the direction adds. */
function matchesResponse(extra: Record<string, JsonSchema>): ResponseObject {
  return {
    description: "As combinações.",
    content: json(dataOf({ type: "array", items: { allOf: [MATCH, { type: "object", properties: extra }] } })),
  };
}

const TIME: JsonSchema = { type: "string", pattern: "^([01]\\d|2[0-3]):[0-5]\\d$" };

const INTERESTS_FOR_PROPERTY_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Interesses que combinam com um imóvel",
  description:
    "Os interesses em aberto (perfis de busca) que combinam com o imóvel, do mais compatível ao menos (até 20), com a pontuação, os motivos e o cliente para enviar o imóvel.",
  response: matchesResponse({
    clientName: { type: "string" },
    clientEmail: nullableText,
    clientPhones: {
      type: "array",
      items: { type: "object", properties: { numero: { type: "string" }, whatsapp: { type: "boolean" } } },
    },
    stage: { type: "string", description: "Etapa do interesse." },
    temperature: { type: "string", description: "Temperatura do interesse." },
  }),
};

const PROPERTIES_FOR_INTEREST_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Imóveis que combinam com um interesse",
  description:
    "Os imóveis disponíveis que combinam com o perfil de busca, do mais compatível ao menos (até 20), com a pontuação e os motivos em português.",
  response: matchesResponse({
    title: nullableText,
    code: { type: "string" },
    slug: { type: "string", description: "A página pública é /imovel/{slug}." },
    cover: nullableText,
    price: { type: ["integer", "null"], description: "Em centavos." },
    district: nullableText,
    city: nullableText,
  }),
};

const MOVE_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Mover o interesse no quadro (kanban)",
  description:
    "Leva o cartão para a etapa, antes do cartão antesDe (ou ao fim da coluna). Perdido pede o motivoPerda; sair de perdido apaga o motivo.",
  body: {
    type: "object",
    required: ["etapa"],
    properties: {
      etapa: { type: "string", enum: [...INTEREST_STAGES] },
      antesDe: { type: "string", description: "Id do cartão que fica logo depois." },
      motivoPerda: { type: "string", maxLength: 300 },
    },
  },
  errors: ["400"],
  response: dataObject({ id: { type: "string" } }, "Movido."),
};

const VISIT_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Registrar uma visita do interesse",
  description:
    "Data e horários no fuso de São Paulo (guardados em UTC), o imóvel, o corretor (vazio: o do interesse) e o resultado. Uma visita agendada leva um interesse novo ou em contato para “visita agendada”.",
  status: "201",
  body: {
    type: "object",
    required: ["data", "inicio", "fim", "imovelId"],
    properties: {
      data: { type: "string", format: "date", description: "aaaa-mm-dd" },
      inicio: { ...TIME, description: "HH:mm, São Paulo." },
      fim: { ...TIME, description: "HH:mm, São Paulo; depois do início." },
      imovelId: { type: "string" },
      corretorId: { type: "string" },
      resultado: { type: "string", enum: [...VISIT_OUTCOMES] },
      observacoes: { type: "string", maxLength: 1000 },
    },
  },
  errors: ["400", "422"],
  response: dataObject({ id: { type: "string" } }, "A visita registrada."),
};

const EMAIL_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Enviar um imóvel por e-mail ao cliente do interesse",
  description:
    "Envia ao cliente o link da página pública do imóvel (disponível) e anota o envio nas observações do interesse. Recusado (422) quando o cliente não tem e-mail ou o imóvel não está disponível; limitado por usuário e por organização (429).",
  body: { type: "object", required: ["imovelId"], properties: { imovelId: { type: "string" } } },
  errors: ["400", "422", "429"],
  response: dataObject({ nota: { type: "string" } }, "Enviado; a nota gravada no interesse."),
};

const ALERTS_SEEN_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Marcar como vistos os novos matches do interesse",
  description: "Os alertas de imóveis novos, mais baratos ou de interesse novo deixam de aparecer como novos no painel e no interesse.",
  response: dataObject({ seen: integer("Alertas marcados agora.") }, "Quantos foram marcados."),
};

/**
 * `/api/property_clients/…` beyond the generic routes: the matches both ways (one round trip
 * each), the kanban's move, visits, sending a match by e-mail, and marking an interest's alerts seen.
 */
export function interestRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  // A property's matching interests (the property's Interesses tab, the bench).
  app.get(
    "/por-imovel/:propertyId/matches",
    documented(INTERESTS_FOR_PROPERTY_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("propertyId");
        return isId(id) ? c.json({ data: await matchesForProperty(ctx, actor, id) }) : notFound(c);
      }),
    ),
  );
  app.get(
    "/:id/matches",
    documented(PROPERTIES_FOR_INTEREST_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        return isId(id) ? c.json({ data: await matchesForInterest(ctx, actor, id) }) : notFound(c);
      }),
    ),
  );
  app.post(
    "/:id/move",
    documented(MOVE_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        await moveInterest(ctx, actor, id, moveSchema.parse(await body(c)));
        return c.json({ data: { id } });
      }),
    ),
  );
  app.post(
    "/:id/visits",
    documented(VISIT_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        const visitId = await scheduleVisit(ctx, actor, id, visitSchema.parse(await body(c)));
        return c.json({ data: { id: visitId } }, 201);
      }),
    ),
  );
  // "Enviar por e-mail": the property's public page to the interest's client (body `{ imovelId }`).
  app.post(
    "/:id/email",
    documented(EMAIL_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        const input = (await body(c)) as { imovelId?: unknown } | null;
        const propertyId = typeof input?.imovelId === "string" ? input.imovelId : "";
        return c.json({ data: { nota: await sendMatchByEmail(ctx, actor, id, propertyId) } });
      }),
    ),
  );
  app.post(
    "/:id/alerts/seen",
    documented(ALERTS_SEEN_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        return c.json({ data: { seen: await markAlertsSeen(ctx, actor, id) } });
      }),
    ),
  );
}
