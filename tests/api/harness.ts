import { eq } from "drizzle-orm";
import { createApp } from "../../worker/app.ts";
import { generateSigningJwk } from "../../worker/auth/jwt.ts";
import { readConfig } from "../../worker/config/env.ts";
import { serviceContext, type RequestContext } from "../../worker/context.ts";
import { completeRegistration, confirmEmail, signUp } from "../../worker/services/accounts.ts";
import type { ServiceContext } from "../../worker/services/context.ts";
import { emailOutbox, users } from "../../db/schema/index.ts";
import { freshDatabase, type FreshDatabase } from "../support/db.ts";

export const ORIGIN = "http://localhost";

export interface Harness {
  fresh: FreshDatabase;
  env: Record<string, unknown>;
  app: ReturnType<typeof createApp>;
  /** Requests through the whole Hono stack, as the browser or an API client would. */
  request: (path: string, init?: RequestInit & { json?: unknown; cookie?: string; bearer?: string }) => Promise<Response>;
  ctx: (ip?: string) => ServiceContext;
  pending: Promise<unknown>[];
}

/** A Worker app over a fresh migrated database; React Router is stubbed (pages are tested in e2e). */
export async function createHarness(): Promise<Harness> {
  const fresh = freshDatabase();
  const env: Record<string, unknown> = { APP_ENV: "test", DATABASE_URL: fresh.url, JWT_PRIVATE_JWK: await generateSigningJwk() };
  const pending: Promise<unknown>[] = [];
  const app = createApp({
    renderPage: async (_req, context) =>
      new Response(`page:${JSON.stringify(Boolean(context))}`, { headers: { "content-type": "text/html" } }),
    buildVersion: async () => "test-build",
  });
  const request: Harness["request"] = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.bearer) headers.set("authorization", `Bearer ${init.bearer}`);
    const method = init.method ?? (init.json !== undefined ? "POST" : "GET");
    if (method !== "GET" && !headers.has("origin") && !init.bearer) headers.set("origin", ORIGIN);
    return app.request(
      `${ORIGIN}${path}`,
      { ...init, method, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body },
      env,
    );
  };
  const ctx = (ip = "10.0.0.1"): ServiceContext => {
    const config = readConfig(env);
    const rc = {
      db: fresh.db,
      config,
      origin: ORIGIN,
      ip,
      userAgent: "vitest",
      waitUntil: (p: Promise<unknown>) => void pending.push(p),
    } as unknown as RequestContext;
    return serviceContext(rc);
  };
  return { fresh, env, app, request, ctx, pending };
}

/** The last e-mail sent to an address, with its link. */
export async function lastEmail(h: Harness, to: string) {
  await Promise.all(h.pending);
  const rows = await h.fresh.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
}

export function tokenFrom(link: string | null | undefined): string {
  const token = new URL(link ?? "http://x/").searchParams.get("token");
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

let counter = 0;
/** Signs up, confirms and completes registration: a ready owner with an organization. */
export async function createOwner(h: Harness, name = "Org") {
  counter++;
  const email = `dono${counter}-${Date.now()}@exemplo.com.br`;
  const password = "senha-forte-123";
  const ctx = h.ctx(`10.1.${counter}.1`);
  await signUp(ctx, { nome: `Dono ${name}`, email, senha: password });
  const mail = await lastEmail(h, email);
  const confirmed = await confirmEmail(ctx, tokenFrom(mail?.link));
  const orgId = await completeRegistration(ctx, (await userId(h, email)) as string, {
    nomeNegocio: `Negócio ${name}`,
    segmento: "comercio",
    documento: "11144477735",
    whatsapp: "11912345678",
    cidade: "São Paulo",
    uf: "SP",
  });
  return { email, password, orgId, cookie: `alicerce_session=${confirmed.sessionToken}` };
}

export async function userId(h: Harness, email: string): Promise<string | undefined> {
  const [row] = await h.fresh.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}
