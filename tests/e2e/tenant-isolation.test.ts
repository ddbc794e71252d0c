/**
 * Tenant isolation across every route built so far: organization A's data must never show up
 * for organization B (session cookie or bearer token) or for a visitor, and nothing may 500.
 * Routes are enumerated from React Router's config and Hono's router; a route this test does
 * not know how to exercise fails the test until it is added below.
 */
import { pagePaths, type RouteEntry } from "./support/routes.ts";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import routes from "../../app/routes.ts";
import { organizations, users } from "../../db/schema/index.ts";
import { createApp } from "../../worker/app.ts";
import { createRegisteredUser, e2eDb, loginCookie, uniqueEmail } from "./support/accounts.ts";
import { memberships } from "../../db/schema/index.ts";
import { hashPassword } from "../../worker/auth/password.ts";
import { createRecord } from "../../worker/resources/records.ts";
import type { ServiceContext } from "../../worker/services/context.ts";

const base = () => inject("baseURL");
const MARK = `Segredo${Date.now().toString(36)}`;

/** How each page route is exercised: the concrete URL, or null when it has no org data to leak. */
const PAGE_URLS: Record<string, ((orgA: string) => string) | null> = {
  "/": () => "/",
  "/login": null,
  "/criar-conta": null,
  "/forgot-password": null,
  "/recover-password": null,
  "/email-confirmation": null,
  "/auth/callback": () => "/auth/callback?type=signup&token=invalido",
  // A token names its organização to whoever holds it; a guessed one shows nothing.
  "/convite": () => "/convite?token=invalido",
  "/logout": null,
  "/completar-cadastro": () => "/completar-cadastro",
  "/registration-success": () => "/registration-success",
  "/sair-da-organizacao": () => "/sair-da-organizacao",
  "/perfil": () => "/perfil",
  "/settings": () => "/settings",
  "/settings/preferences": () => "/settings/preferences",
  "/config": () => "/config",
  "/clients": () => "/clients",
  "/clientes": () => "/clientes?q=segredo",
  "/clients/create": () => "/clients/create",
  "/clients/import": () => "/clients/import",
  "/clients/export": () => "/clients/export?formato=csv",
  "/clients/:id": () => `/clients/${clientA}`,
  "/clients/:id/edit": () => `/clients/${clientA}/edit`,
  "/clients/:id/dados": () => `/clients/${clientA}/dados`,
  "/companies": () => "/companies",
  "/companies/create": () => "/companies/create",
  "/companies/import": () => "/companies/import",
  "/companies/export": () => "/companies/export?formato=xlsx",
  "/companies/:id": () => `/companies/${companyA}`,
  "/companies/:id/edit": () => `/companies/${companyA}/edit`,
  "/produtos": () => "/produtos",
  "/produtos/create": () => "/produtos/create",
  "/produtos/import": () => "/produtos/import",
  "/produtos/export": () => "/produtos/export?formato=csv",
  "/produtos/:id": () => `/produtos/${produtoA}`,
  "/produtos/:id/edit": () => `/produtos/${produtoA}/edit`,
  "/movimentacao-produtos": () => "/movimentacao-produtos",
  "/movimentacao-produtos/create": () => `/movimentacao-produtos/create?produto=${produtoA}`,
  "/movimentacao-produtos/import": () => "/movimentacao-produtos/import",
  "/movimentacao-produtos/export": () => "/movimentacao-produtos/export?formato=xlsx",
  "/movimentacao-produtos/:id": () => `/movimentacao-produtos/${movimentoA}`,
  "/business-settings": () => "/business-settings",
  "/admin/users": () => "/admin/users",
  "/setup-database": () => "/setup-database",
  "/supabase-test": () => "/supabase-test",
  "/files/*": (orgA) => `/files/orgs/${orgA}/logo-teste.png`,
  "/*": () => "/rota-que-nao-existe",
};

let orgA: string;
/** Records of organization A whose names carry the marker. */
let clientA: string;
let companyA: string;
let produtoA: string;
let movimentoA: string;
let cookieB: string;
let bearerB: string;

beforeAll(async () => {
  const a = await createRegisteredUser({ name: `Dona ${MARK}` });
  const db = e2eDb();
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, a.id));
  orgA = m?.orgId as string;
  await db
    .update(organizations)
    .set({ name: `Empresa ${MARK}`, description: `Descrição ${MARK}`, document: "11222333000181" })
    .where(eq(organizations.id, orgA));
  const now = new Date();
  const staffId = crypto.randomUUID();
  await db.batch([
    db.insert(users).values({
      id: staffId,
      name: `Equipe ${MARK}`,
      email: uniqueEmail(MARK.toLowerCase()),
      passwordHash: hashPassword("x-senha-123"),
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(memberships).values({ orgId: orgA, userId: staffId, role: "staff", createdAt: now, updatedAt: now }),
  ]);
  const ctx = { db, config: {}, origin: base(), ip: "127.0.0.1", userAgent: null, waitUntil: () => {}, now } as unknown as ServiceContext;
  companyA = String(
    (
      await createRecord(ctx, { orgId: orgA, userId: a.id, role: "owner" }, "companies", {
        tipo: "construtora",
        razaoSocial: `Construtora ${MARK} Ltda`,
        email: "obras@construtora.com.br",
      } as never)
    ).id,
  );
  clientA = String(
    (
      await createRecord(ctx, { orgId: orgA, userId: a.id, role: "owner" }, "clients", {
        tipo: "pf",
        nome: `Cliente ${MARK}`,
        email: "cliente.segredo@exemplo.com.br",
        telefones: [{ numero: "11912345678", whatsapp: true }],
        tags: [],
        consentimentoLgpd: false,
        empresaId: companyA,
      } as never)
    ).id,
  );
  const owner = { orgId: orgA, userId: a.id, role: "owner" as const };
  produtoA = String(
    (
      await createRecord(ctx, owner, "produtos", {
        sku: "SEG-001",
        nome: `Produto ${MARK}`,
        unidade: "un",
        fornecedorId: companyA,
      } as never)
    ).id,
  );
  movimentoA = String(
    (
      await createRecord(ctx, owner, "movimentacoes-produtos", {
        produtoId: produtoA,
        tipo: "entrada",
        quantidade: 5,
        motivo: `Compra ${MARK}`,
      } as never)
    ).id,
  );
  const b = await createRegisteredUser({ name: "Bruno Outro" });
  cookieB = await loginCookie(b.email, b.password);
  const token = await fetch(`${base()}/api/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: b.email, senha: b.password }),
  });
  bearerB = ((await token.json()) as { access_token: string }).access_token;
  // Sanity: A's own session does see the marker, so the assertions below can fail.
  const cookieA = await loginCookie(a.email, a.password);
  const own = await fetch(`${base()}/admin/users`, { headers: { cookie: cookieA } });
  expect(await own.text()).toContain(MARK);
  for (const path of [
    `/clients/${clientA}`,
    `/companies/${companyA}`,
    "/clients",
    "/companies/export?formato=csv",
    `/produtos/${produtoA}`,
    "/movimentacao-produtos",
  ]) {
    const res = await fetch(`${base()}${path}`, { headers: { cookie: cookieA } });
    expect(await res.text(), path).toContain(MARK);
  }
});

describe("tenant isolation", () => {
  const pages = pagePaths(routes as RouteEntry[]);

  it("knows how to exercise every page route", () => {
    const unknown = pages.filter((p) => !(p in PAGE_URLS));
    expect(unknown, "new route: add it to PAGE_URLS in tenant-isolation.test.ts").toEqual([]);
  });

  it("organization B never sees A's data on any page, and nothing answers 500", async () => {
    for (const path of pages) {
      const url = PAGE_URLS[path]?.(orgA);
      if (!url) continue;
      for (const [who, headers] of [
        ["B (cookie)", { cookie: cookieB }],
        ["visitante", {}],
      ] as const) {
        const res = await fetch(`${base()}${url}`, { headers, redirect: "manual" });
        const body = await res.text();
        expect(res.status, `${who} ${url}`).toBeLessThan(500);
        expect(body.includes(MARK), `${who} ${url} leaked A's data`).toBe(false);
      }
    }
  });

  it("organization B never sees A's data through any API route", async () => {
    const app = createApp({ renderPage: async () => new Response(""), buildVersion: async () => "" });
    const apiGets = [...new Set(app.routes.filter((r) => r.method === "GET" || r.method === "ALL").map((r) => r.path))].filter(
      (p) => p.startsWith("/api/") || p.startsWith("/.well-known/"),
    );
    expect(apiGets.length).toBeGreaterThan(2);
    for (const path of apiGets) {
      if (path.includes("*") || path.includes(":")) continue;
      for (const headers of [{ authorization: `Bearer ${bearerB}` }, { cookie: cookieB }, {}] as Record<string, string>[]) {
        const res = await fetch(`${base()}${path}`, { headers });
        expect(res.status, path).toBeLessThan(500);
        expect((await res.text()).includes(MARK), `${path} leaked A's data`).toBe(false);
      }
    }
  });

  it("B cannot read A's files by guessing the key", async () => {
    const res = await fetch(`${base()}/files/orgs/${orgA}/logo-teste.png`, { headers: { cookie: cookieB } });
    expect(res.status).toBe(404);
  });
});
