import type { Hono } from "hono";
import { isId } from "../../../../shared/id.ts";
import { dataOf, documented, type JsonSchema, json, type RouteDoc, rowRef } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { exportClientData } from "../../../services/customers/clients.ts";
import { clientTimelineOrNotFound } from "../../../services/customers/timeline.ts";
import { confirmLeadMatch, rejectLeadMatch } from "../../../services/real-estate/lead-matches.ts";
import type { RouteHelpers } from "../../define.ts";

const TIMELINE_EVENT: JsonSchema = {
  type: "object",
  required: ["id", "kind", "at", "title", "description", "by", "href"],
  properties: {
    id: { type: "string" },
    kind: { type: "string", description: "Tipo do evento (created, updated…)." },
    at: { type: "string", format: "date-time" },
    title: { type: "string", description: "Em português, para mostrar." },
    description: { type: ["string", "null"] },
    by: { type: ["string", "null"], description: "Nome de quem fez, quando conhecido." },
    href: { type: ["string", "null"], description: "Caminho na aplicação, quando houver." },
    badge: {
      type: ["object", "null"],
      description: "A situação ao lado do título (etapa do interesse, resultado da visita…).",
      properties: { label: { type: "string" }, tone: { type: "string" } },
    },
    match: {
      type: ["object", "null"],
      description:
        "Lead de fora que deu o e-mail ou telefone de um cliente já cadastrado, ainda sem confirmação: fica no cliente do lead até alguém confirmar (ou recusar) que é a mesma pessoa.",
      properties: {
        leadId: { type: "string" },
        leadClientId: { type: "string" },
        leadClientName: { type: "string" },
        matchedClientId: { type: "string" },
        matchedClientName: { type: "string" },
      },
    },
  },
};

const TIMELINE_COUNT: JsonSchema = {
  type: "object",
  required: ["key", "total", "text"],
  properties: {
    key: { type: "string", description: "A fonte (interesses, visitas, imoveis, leads…)." },
    total: { type: "integer" },
    text: { type: "string", description: "Em português: “3 interesses”." },
  },
};

const TIMELINE_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Linha do tempo: cliente",
  description:
    "Tudo sobre o cliente, do mais recente ao mais antigo: cadastro e alterações, interesses (com a etapa), visitas, imóveis de que é proprietário, leads e agendamentos (com próximos, concluídos e faltas no resumo), cada um com o caminho do registro. Só o que o papel de quem pede pode ver (um corretor restrito aos próprios registros vê só os seus). `resumo` conta cada fonte.",
  response: {
    description: "Os eventos e o resumo.",
    content: json({
      type: "object",
      required: ["data", "resumo"],
      properties: { data: { type: "array", items: TIMELINE_EVENT }, resumo: { type: "array", items: TIMELINE_COUNT } },
    }),
  },
};

const LGPD_DOC: RouteDoc = {
  access: { action: "lgpd" },
  summary: "Exportar os dados pessoais do titular (LGPD)",
  description:
    "Tudo o que o negócio guarda sobre o titular, em JSON para entregar a ele (arquivo para download), inclusive de um registro excluído.",
  response: {
    description: "O arquivo JSON do titular.",
    content: json({
      type: "object",
      required: ["formato", "geradoEm", "controlador", "titular", "historico"],
      properties: {
        formato: { type: "string", const: "alicerce.lgpd.v1" },
        geradoEm: { type: "string", format: "date-time" },
        controlador: {
          type: "object",
          description: "O negócio, controlador dos dados.",
          properties: { nome: { type: "string" }, documento: { type: ["string", "null"] }, email: { type: ["string", "null"] } },
        },
        titular: {
          allOf: [
            rowRef("clients"),
            { type: "object", properties: { excluidoEm: { type: ["string", "null"], format: "date-time", title: "Excluído em" } } },
          ],
        },
        historico: { type: "array", items: TIMELINE_EVENT },
      },
    }),
  },
};

const LEAD_MATCH_ANSWER = json(
  dataOf({
    type: "object",
    required: ["clienteId"],
    properties: { clienteId: { type: "string", description: "O cliente com quem o lead fica." } },
  }),
);

const CONFIRM_LEAD_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Confirmar que o lead é o mesmo cliente",
  description:
    "Um lead de fora (página do imóvel, landing page, portal) que deu o e-mail ou telefone de um cliente já cadastrado fica num cliente próprio, marcado como possível correspondência, porque qualquer um pode digitar o e-mail de outra pessoa. Confirmar leva o lead, o interesse dele e as visitas desse interesse para o cliente cadastrado; o cliente criado pelo lead é excluído quando nada mais depende dele. 404 quando o lead não está pendente.",
  response: { description: "O cliente cadastrado, que agora tem o lead.", content: LEAD_MATCH_ANSWER },
};

const REJECT_LEAD_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Marcar o lead como outra pessoa",
  description:
    "O lead fica com o cliente próprio dele, como outra pessoa; a marca de possível correspondência some. 404 quando o lead não está pendente.",
  response: { description: "O cliente do lead.", content: LEAD_MATCH_ANSWER },
};

/**
 * `/api/clients/:id/timeline`, `/api/clients/:id/lgpd` (the data-subject export; erasure is
 * generic) and the answer to a lead's possible match (`/api/clients/leads/:id/confirmar|recusar`).
 */
export function clientRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.post(
    "/leads/:id/confirmar",
    documented(CONFIRM_LEAD_DOC, (c) =>
      run(c, async (ctx, actor) => c.json({ data: await confirmLeadMatch(ctx, actor, c.req.param("id") ?? "") })),
    ),
  );
  app.post(
    "/leads/:id/recusar",
    documented(REJECT_LEAD_DOC, (c) =>
      run(c, async (ctx, actor) => c.json({ data: await rejectLeadMatch(ctx, actor, c.req.param("id") ?? "") })),
    ),
  );
  app.get(
    "/:id/timeline",
    documented(TIMELINE_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        const { events, counts } = await clientTimelineOrNotFound(ctx, actor, id);
        return c.json({ data: events, resumo: counts });
      }),
    ),
  );
  app.get(
    "/:id/lgpd",
    documented(LGPD_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        const data = await exportClientData(ctx, actor, id);
        return new Response(JSON.stringify(data, null, 2), {
          headers: {
            "content-type": "application/json; charset=utf-8",
            "content-disposition": `attachment; filename="cliente-${id}-dados-lgpd.json"`,
            "cache-control": "no-store",
          },
        });
      }),
    ),
  );
}
