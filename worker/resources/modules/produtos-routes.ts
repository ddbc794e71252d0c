import type { Hono } from "hono";
import type { AppEnv } from "../../http/types.ts";
import { productPage } from "../../services/products.ts";
import type { RouteHelpers } from "../define.ts";
import { isId } from "../../../shared/id.ts";

/** `/api/produtos/:id/razao`: the product with its newest ledger lines and running balance. */
export function productRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.get("/:id/razao", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      const page = isId(id) ? await productPage(ctx, actor, id) : null;
      return page ? c.json({ data: page }) : notFound(c);
    }),
  );
}
