import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";

const handler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);
const app = new Hono();
app.get("/api/health", (c) => c.json({ ok: true }));
app.all("*", (c) => handler(c.req.raw, new RouterContextProvider()));
export default app;
