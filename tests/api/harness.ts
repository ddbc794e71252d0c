import { and, eq } from "drizzle-orm";
import { afterAll } from "vitest";
import { type AppDeps, createApp } from "../../worker/app.ts";
import { generateSigningJwk } from "../../worker/auth/jwt.ts";
import { generateMediaSigningKey } from "../../scripts/lib/secrets.ts";
import { readConfig } from "../../worker/config/env.ts";
import { generateTokenKeyEntry } from "../../worker/security/token-cipher.ts";
import { serviceContext, type RequestContext } from "../../worker/context.ts";
import { completeRegistration, confirmEmail, signUp } from "../../worker/services/account/accounts.ts";
import type { ServiceContext } from "../../worker/services/context.ts";
import { emailOutbox, users } from "../../db/schema/index.ts";
import { freshDatabase, type FreshDatabase } from "../support/db.ts";
import { fakeBucket } from "../support/memory-bucket.ts";
import { extractLink, type FakeEmailServer, startFakeEmailServer } from "../fakes/email-server.ts";

export const ORIGIN = "http://localhost";

export interface Harness {
  fresh: FreshDatabase;
  env: Record<string, unknown>;
  app: ReturnType<typeof createApp>;
  /** Requests through the whole Hono stack, as the browser or an API client would. */
  request: (path: string, init?: RequestInit & { json?: unknown; cookie?: string; bearer?: string }) => Promise<Response>;
  ctx: (ip?: string) => ServiceContext;
  pending: Promise<unknown>[];
  /** The fake e-mail API the app delivers to (EMAIL_API_URL): links are read there, never from the database. */
  email: FakeEmailServer;
}

/**
 * A Worker app over a fresh migrated database; React Router is stubbed (pages are tested in e2e)
 * unless `renderPage` is given (a test's own server build of a few route modules).
 * E-mails go to a fake e-mail API of its own, as in production to a provider: the outbox keeps
 * no body once a message is handed over, so tests read what was sent from the fake.
 */
export async function createHarness(
  options: {
    renderPage?: AppDeps["renderPage"];
    /** Settings added to the Worker's env (Meta's secrets…). */
    env?: Record<string, string>;
  } = {},
): Promise<Harness> {
  const fresh = freshDatabase();
  const email = await startFakeEmailServer();
  afterAll(() => email.close());
  const env: Record<string, unknown> = {
    APP_ENV: "test",
    DATABASE_URL: fresh.url,
    JWT_PRIVATE_JWK: await generateSigningJwk(),
    MEDIA_SIGNING_KEY: generateMediaSigningKey(),
    TOKEN_ENCRYPTION_KEYS: generateTokenKeyEntry("test1"),
    EMAIL_API_URL: email.url,
    EMAIL_API_KEY: "api-test-key",
    // An in-memory R2 (a test may set its own): documents and photos are stored as under wrangler.
    FILES: fakeBucket(),
    ...options.env,
  };
  const pending: Promise<unknown>[] = [];
  const app = createApp({
    renderPage:
      options.renderPage ??
      (async (_req, context) => new Response(`page:${JSON.stringify(Boolean(context))}`, { headers: { "content-type": "text/html" } })),
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
  return { fresh, env, app, request, ctx, pending, email };
}

export interface DeliveredEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's first link (its action: confirm, recover, accept, undo…). */
  link: string | null;
}

/** Waits for the jobs started so far, and for queued outbox rows to `to` to be handed over. */
async function settleDeliveries(h: Harness, to: string): Promise<void> {
  for (let seen = -1; seen !== h.pending.length; ) {
    seen = h.pending.length;
    await Promise.allSettled(h.pending);
  }
  // Deliveries started by requests through the app (no execution context to collect them).
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const queued = await h.fresh.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), eq(emailOutbox.status, "queued")))
      .limit(1);
    if (queued.length === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The last e-mail delivered to an address (through the fake e-mail API), with its link; undefined when none. */
export async function lastEmail(h: Harness, to: string): Promise<DeliveredEmail | undefined> {
  await settleDeliveries(h, to);
  const message = h.email.messages.filter((m) => m.to.toLowerCase() === to.toLowerCase()).at(-1);
  if (!message) return undefined;
  let link: string | null = null;
  try {
    link = extractLink(message);
  } catch {
    // A message without a link (none of ours today).
  }
  return { id: message.id, to: message.to, subject: message.subject, text: message.text, html: message.html, link };
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
  const confirmed = await confirmEmail(ctx, tokenFrom(mail?.link), password);
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
