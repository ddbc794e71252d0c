import type { Hono } from "hono";
import type { AppEnv } from "../../http/types.ts";
import { markAlertsSeen } from "../../services/match-alerts.ts";
import { sendMatchByEmail } from "../../services/match-emails.ts";
import { matchesForInterest, matchesForProperty } from "../../services/matching.ts";
import { moveInterest, moveSchema } from "../../services/interests.ts";
import { scheduleVisit, visitSchema } from "../../services/visits.ts";
import type { RouteHelpers } from "../define.ts";
import { DomainError } from "../../services/context.ts";
import { isId } from "../../../shared/id.ts";

async function body(c: { req: { json: () => Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("Envie um corpo JSON válido.", 400);
  }
}

/**
 * `/api/property_clients/…` beyond the generic routes: the matches both ways (one round trip
 * each), the kanban's move, visits, sending a match by e-mail, and marking an interest's alerts seen.
 */
export function interestRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  // A property's matching interests (the property's Interesses tab, the bench).
  app.get("/por-imovel/:propertyId/matches", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("propertyId");
      return isId(id) ? c.json({ data: await matchesForProperty(ctx, actor, id) }) : notFound(c);
    }),
  );
  app.get("/:id/matches", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      return isId(id) ? c.json({ data: await matchesForInterest(ctx, actor, id) }) : notFound(c);
    }),
  );
  app.post("/:id/move", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      if (!isId(id)) return notFound(c);
      await moveInterest(ctx, actor, id, moveSchema.parse(await body(c)));
      return c.json({ data: { id } });
    }),
  );
  app.post("/:id/visits", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      if (!isId(id)) return notFound(c);
      const visitId = await scheduleVisit(ctx, actor, id, visitSchema.parse(await body(c)));
      return c.json({ data: { id: visitId } }, 201);
    }),
  );
  // "Enviar por e-mail": the property's public page to the interest's client (body `{ imovelId }`).
  app.post("/:id/email", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      if (!isId(id)) return notFound(c);
      const input = (await body(c)) as { imovelId?: unknown } | null;
      const propertyId = typeof input?.imovelId === "string" ? input.imovelId : "";
      return c.json({ data: { nota: await sendMatchByEmail(ctx, actor, id, propertyId) } });
    }),
  );
  app.post("/:id/alerts/seen", (c) =>
    run(c, async (ctx, actor) => {
      const id = c.req.param("id");
      if (!isId(id)) return notFound(c);
      return c.json({ data: { seen: await markAlertsSeen(ctx, actor, id) } });
    }),
  );
}
