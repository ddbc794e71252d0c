import type { Hono } from "hono";
import { PROPERTY_STATUSES } from "../../../../shared/enums.ts";
import { apiError } from "../../../http/errors.ts";
import type { AppEnv } from "../../../http/types.ts";
import { changeStatus, propertyData, publishDraft, saveDraft, teamOptions } from "../../../services/real-estate/properties.ts";
import { DraftConflict } from "../../../services/real-estate/draft-conflict.ts";
import type { RouteHelpers } from "../../define.ts";
import { dataObject, dataOf, documented, json, nullableText, type RouteDoc, rowRef } from "../../../api/route-doc.ts";
import { isId } from "../../../../shared/id.ts";

/** An autosave body is a form's worth of fields. */
const MAX_BODY = 64 * 1024;

async function jsonBody(c: { req: { raw: Request } }): Promise<unknown> {
  const text = await c.req.raw.text();
  if (text.length > MAX_BODY) return Symbol.for("too-big");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const TEAM_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Equipe: quem pode ser captador ou corretor responsável",
  description: "Os membros ativos da organização (id e nome), para os campos captador e corretor responsável.",
  response: {
    description: "A equipe, em ordem alfabética.",
    content: json(
      dataOf({
        type: "array",
        items: { type: "object", required: ["value", "label"], properties: { value: { type: "string" }, label: { type: "string" } } },
      }),
    ),
  },
};

const DATA_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Imóvel com o histórico de status",
  description: "O registro e as mudanças de status (de, para, motivo, quando e por quem), da mais recente à mais antiga.",
  response: dataObject(
    {
      property: rowRef("properties"),
      history: {
        type: "array",
        items: {
          type: "object",
          required: ["id", "de", "para", "motivo", "em", "porNome"],
          properties: {
            id: { type: "string" },
            de: { type: ["string", "null"], enum: [...PROPERTY_STATUSES, null] },
            para: { type: "string", enum: [...PROPERTY_STATUSES] },
            motivo: nullableText,
            em: { type: "string", format: "date-time" },
            porNome: nullableText,
          },
        },
      },
    },
    "O registro e o histórico.",
  ),
};

const STATUS_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Mudar o status (com motivo)",
  description:
    "Muda o status de um imóvel publicado e registra a mudança no histórico. Rascunhos são publicados por /publicar, nunca por aqui; o mesmo status não muda nada.",
  body: {
    type: "object",
    required: ["status"],
    properties: {
      status: { type: "string", enum: PROPERTY_STATUSES.filter((s) => s !== "rascunho") },
      motivo: { type: "string", maxLength: 300, description: "Por que mudou (opcional)." },
    },
  },
  response: dataObject({ status: { type: "string" } }, "O novo status."),
  errors: ["400"],
};

const DRAFT_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Salvar o rascunho (enquanto se digita)",
  description:
    "Grava os campos válidos do rascunho e devolve, por campo, as mensagens dos que não valem (que ficam como estavam). Só rascunhos; até 64 kB. Com versao (o atualizadoEm da cópia editada), grava só se ninguém salvou depois: senão responde 409 com error.versao (a versão atual), error.por (quem salvou) e error.campos (os campos que diferem), sem gravar nada; para manter a sua, envie de novo com versao = error.versao.",
  body: {
    type: "object",
    description: "Os campos do formulário de imóvel (os mesmos de POST), todos opcionais, e versao.",
    properties: { versao: { type: "string", format: "date-time", description: "O atualizadoEm da cópia de que a edição partiu." } },
  },
  response: dataObject(
    {
      atualizadoEm: { type: "string", format: "date-time", description: "A nova versão: envie-a como versao no próximo salvamento." },
      errors: { type: "object", additionalProperties: { type: "string" }, description: "Mensagem por campo recusado." },
    },
    "Gravado.",
  ),
  errors: ["400", "409", "413"],
};

const PUBLISH_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Publicar o rascunho",
  description:
    "Torna o rascunho disponível quando ele tem o que um anúncio precisa; senão responde 422 com a lista do que falta em error.missing (chave, rótulo, campo e mensagem).",
  response: dataObject({ status: { type: "string", const: "disponivel" } }, "Publicado."),
  errors: ["422"],
};

/**
 * `/api/properties/equipe` (captador/corretor choices), `/:id/dados` (with the status history),
 * `POST /:id/status` (with a reason), `PATCH /:id/rascunho` (autosave) and `POST /:id/publicar`.
 */
export function propertyRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.get(
    "/equipe",
    documented(TEAM_DOC, (c) => run(c, async (ctx, actor) => c.json({ data: await teamOptions(ctx, actor) }))),
  );
  app.get(
    "/:id/dados",
    documented(DATA_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        const data = isId(id) ? await propertyData(ctx, actor, id) : null;
        return data ? c.json({ data }) : notFound(c);
      }),
    ),
  );
  app.post(
    "/:id/status",
    documented(STATUS_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        const body = await jsonBody(c);
        if (typeof body !== "object" || body === null) return apiError(c, 400, "Envie { status, motivo } em JSON.", "invalid_body");
        const { status, motivo } = body as { status?: unknown; motivo?: unknown };
        await changeStatus(ctx, actor, id, status, motivo);
        return c.json({ data: { status } });
      }),
    ),
  );
  app.patch(
    "/:id/rascunho",
    documented(DRAFT_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        const body = await jsonBody(c);
        if (typeof body === "symbol") return apiError(c, 413, "O rascunho enviado é grande demais.", "payload_too_large");
        try {
          return c.json({ data: await saveDraft(ctx, actor, id, body) });
        } catch (error) {
          if (!(error instanceof DraftConflict)) throw error;
          const { message, versao, por, campos } = error;
          return c.json({ error: { message, code: "conflict", versao, por, campos } }, 409);
        }
      }),
    ),
  );
  app.post(
    "/:id/publicar",
    documented(PUBLISH_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        const missing = await publishDraft(ctx, actor, id);
        // The API's error shape, with what is missing beside the message.
        if (missing.length) return c.json({ error: { message: "Faltam informações para publicar.", code: "unprocessable", missing } }, 422);
        return c.json({ data: { status: "disponivel" } });
      }),
    ),
  );
}
