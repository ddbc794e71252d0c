import type { Hono } from "hono";
import { isId } from "../../../../shared/id.ts";
import { dataOf, documented, json, type RouteDoc, rowRef } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { companyClients } from "../../../services/customers/companies.ts";
import type { RouteHelpers } from "../../define.ts";

const CLIENTS_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Clientes ligados à empresa",
  description: "Os clientes vivos que apontam para esta empresa.",
  response: { description: "Os clientes ligados.", content: json(dataOf({ type: "array", items: rowRef("clients") })) },
};

/** `/api/companies/:id/clients`: the company's linked clients. */
export function companyRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.get(
    "/:id/clients",
    documented(CLIENTS_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        return c.json({ data: await companyClients(ctx, actor, id) });
      }),
    ),
  );
}
