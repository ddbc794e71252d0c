import type { Hono } from "hono";
import { apiError } from "../../http/errors.ts";
import type { AppEnv } from "../../http/types.ts";
import { changeStatus, propertyData, publishDraft, saveDraft, teamOptions } from "../../services/properties.ts";
import type { RouteHelpers } from "../define.ts";
import { isId } from "../../../shared/id.ts";

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

/**
 * `/api/properties/equipe` (captador/corretor choices), `/:id/dados` (with the status history),
 * `POST /:id/status` (with a reason), `PATCH /:id/rascunho` (autosave) and `POST /:id/publicar`.
 */
export function propertyRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.get("/equipe", (c) => run(c, async (ctx, actor) => c.json({ data: await teamOptions(ctx, actor) })));
  app.get("/:id/dados", (c) =>
    run(c, async (ctx, actor) => {
      const data = await propertyData(ctx, actor, c.req.param("id"));
      return data ? c.json({ data }) : notFound(c);
    }),
  );
  app.post("/:id/status", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      if (!isId(id)) return notFound(c);
      const body = await jsonBody(c);
      if (typeof body !== "object" || body === null) return apiError(c, 400, "Envie { status, motivo } em JSON.", "invalid_body");
      const { status, motivo } = body as { status?: unknown; motivo?: unknown };
      await changeStatus(ctx, actor, id, status, motivo);
      return c.json({ data: { status } });
    }),
  );
  app.patch("/:id/rascunho", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      if (!isId(id)) return notFound(c);
      const body = await jsonBody(c);
      if (typeof body === "symbol") return apiError(c, 413, "O rascunho enviado é grande demais.", "payload_too_large");
      return c.json({ data: await saveDraft(ctx, actor, id, body) });
    }),
  );
  app.post("/:id/publicar", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      if (!isId(id)) return notFound(c);
      const missing = await publishDraft(ctx, actor, id);
      // The API's error shape, with what is missing beside the message.
      if (missing.length) return c.json({ error: { message: "Faltam informações para publicar.", code: "unprocessable", missing } }, 422);
      return c.json({ data: { status: "disponivel" } });
    }),
  );
}
