import type { Hono } from "hono";
import { isId } from "../../../../shared/id.ts";
import { dataOf, documented, type JsonSchema, json, type RouteDoc, rowRef } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { clientTimeline, exportClientData } from "../../../services/customers/clients.ts";
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
  },
};

const TIMELINE_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Linha do tempo: cliente",
  description: "Os eventos do registro (cadastro, alterações…), do mais recente ao mais antigo.",
  response: { description: "Os eventos.", content: json(dataOf({ type: "array", items: TIMELINE_EVENT })) },
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

/** `/api/clients/:id/timeline` and `/api/clients/:id/lgpd` (the data-subject export; erasure is generic). */
export function clientRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.get(
    "/:id/timeline",
    documented(TIMELINE_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        return c.json({ data: await clientTimeline(ctx, actor, id) });
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
