import type { Hono } from "hono";
import type { AppEnv } from "../../http/types.ts";
import { companyClients } from "../../services/companies.ts";
import type { RouteHelpers } from "../define.ts";
import { isId } from "../../../shared/id.ts";

/** `/api/companies/:id/clients`: the company's linked clients. */
export function companyRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.get("/:id/clients", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      if (!isId(id)) return notFound(c);
      return c.json({ data: await companyClients(ctx, actor, id) });
    }),
  );
}
