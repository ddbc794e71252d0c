import type { Hono } from "hono";
import type { AppEnv } from "../../http/types.ts";
import { changeStatus, propertyData, publishDraft, saveDraft, teamOptions } from "../../services/properties.ts";
import type { RouteHelpers } from "../define.ts";

const ID = /^[0-9A-Za-z-]{1,64}$/;
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
      if (!ID.test(id)) return notFound(c);
      const body = await jsonBody(c);
      if (typeof body !== "object" || body === null) return c.json({ error: "Envie { status, motivo } em JSON." }, 400);
      const { status, motivo } = body as { status?: unknown; motivo?: unknown };
      await changeStatus(ctx, actor, id, status, motivo);
      return c.json({ data: { status } });
    }),
  );
  app.patch("/:id/rascunho", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      if (!ID.test(id)) return notFound(c);
      const body = await jsonBody(c);
      if (typeof body === "symbol") return c.json({ error: "O rascunho enviado é grande demais." }, 413);
      return c.json({ data: await saveDraft(ctx, actor, id, body) });
    }),
  );
  app.post("/:id/publicar", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      if (!ID.test(id)) return notFound(c);
      const missing = await publishDraft(ctx, actor, id);
      if (missing.length) return c.json({ error: "Faltam informações para publicar.", missing }, 422);
      return c.json({ data: { status: "disponivel" } });
    }),
  );
}
