import { Hono } from "hono";
import type { AppEnv } from "../http/types.ts";

export const meApi = new Hono<AppEnv>().get("/", (c) => {
  const auth = c.get("rc").auth;
  if (!auth) return c.json({ error: { message: "Não autenticado.", code: "unauthenticated" } }, 401);
  return c.json({ user: auth.user, organization: auth.org });
});
