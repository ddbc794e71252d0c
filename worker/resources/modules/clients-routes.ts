import type { Hono } from "hono";
import type { AppEnv } from "../../http/types.ts";
import { clientTimeline, exportClientData } from "../../services/clients.ts";
import type { RouteHelpers } from "../define.ts";
import { isId } from "../../../shared/id.ts";

/** `/api/clients/:id/timeline` and `/api/clients/:id/lgpd` (the data-subject export; erasure is generic). */
export function clientRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.get("/:id/timeline", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      if (!isId(id)) return notFound(c);
      return c.json({ data: await clientTimeline(ctx, actor, id) });
    }),
  );
  app.get("/:id/lgpd", (c) =>
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
  );
}
