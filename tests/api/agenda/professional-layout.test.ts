import { createRequestHandler, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "../../../app/layouts/app.tsx";
import * as settingsLayout from "../../../app/layouts/settings.tsx";
import { NOT_AVAILABLE_MESSAGE } from "../../../app/modules/layouts.ts";
import * as hoursPage from "../../../app/routes/agenda/business-hours.tsx";
import * as profilePage from "../../../app/routes/account/profile.tsx";
import * as preferencesPage from "../../../app/routes/account/settings.preferences.tsx";
import * as dashboardPage from "../../../app/routes/reports/dashboard.tsx";
import * as interestsPage from "../../../app/routes/real-estate/interests.tsx";
import { professionals } from "../../../db/schema/index.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { addMember } from "../records.ts";

/**
 * The professionals layout (ADR 063) through the real app layout (its middleware and loader) and
 * real pages: a professional-role member linked to a profissional record gets the slim shell and
 * reaches only their agenda, service desk and account; every other screen's GET leads to /agenda
 * and its forms are refused in pt-BR. A professional-role member without the link (a corretor)
 * keeps the default layout and the screens the permission table gives the role.
 */

/** /agenda and /atendimento are other helpers' screens: here a page that says where it is. */
const stubPage = (name: string) => ({ default: () => null, loader: () => ({ pagina: name }) });

function build(): ServerBuild {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: { default: () => null } } };
  routes["layouts/app"] = { id: "layouts/app", parentId: "root", module: appLayout };
  routes["layouts/settings"] = { id: "layouts/settings", parentId: "layouts/app", module: settingsLayout };
  const pages: [string, string, unknown, string?][] = [
    ["dashboard", "", dashboardPage],
    ["horarios", "horarios", hoursPage],
    ["interesses", "property_clients", interestsPage],
    ["agenda", "agenda", stubPage("agenda")],
    ["atendimento", "atendimento", stubPage("atendimento")],
    ["perfil", "perfil", profilePage, "layouts/settings"],
    ["preferencias", "settings/preferences", preferencesPage, "layouts/settings"],
  ];
  for (const [id, path, module, parentId] of pages) {
    routes[id] = { id, parentId: parentId ?? "layouts/app", ...(path ? { path } : { index: true }), module };
  }
  return {
    entry: { module: { default: (_r: Request, status: number, headers: Headers) => new Response("documento", { status, headers }) } },
    routes,
    assets: { version: "test", entry: { module: "", imports: [] }, routes: {}, url: "" },
    future: {},
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let linked: Awaited<ReturnType<typeof addMember>>;
let broker: Awaited<ReturnType<typeof addMember>>;

beforeAll(async () => {
  const handler = createRequestHandler(build(), "production");
  h = await createHarness({ renderPage: (request, context) => handler(request, context) });
  owner = await createOwner(h, "Salão");
  linked = await addMember(h, owner.orgId, "professional", "Ana Cabeleireira");
  broker = await addMember(h, owner.orgId, "professional", "Beto Corretor");
  await h.fresh.db
    .insert(professionals)
    .values({ orgId: owner.orgId, nome: "Ana", ordem: "ana", cor: "#0f6e66", usuarioId: linked.userId });
  // A profissional without a login, and a deleted one that named the corretor: neither links him.
  await h.fresh.db.insert(professionals).values([
    { orgId: owner.orgId, nome: "Caio", ordem: "caio", cor: "#123456" },
    { orgId: owner.orgId, nome: "Beto (antigo)", ordem: "beto", cor: "#654321", usuarioId: broker.userId, excluidoEm: new Date() },
  ]);
});

const get = (cookie: string, path: string) => h.request(path, { cookie });
const post = (cookie: string, path: string, fields: [string, string][]) =>
  h.request(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

/** The layout the app layout's loader chose, from its `.data` answer (turbo-stream text). */
async function layoutOf(cookie: string, path: string): Promise<string> {
  const res = await get(cookie, `${path}.data`);
  expect(res.status, path).toBe(200);
  const text = await res.text();
  return text.includes('"professionals"') ? "professionals" : text.includes('"default"') ? "default" : "?";
}

describe("the professionals layout", () => {
  it("is chosen for the linked professional only; the corretor and the owner keep the default", async () => {
    expect(await layoutOf(linked.cookie, "/agenda")).toBe("professionals");
    expect(await layoutOf(linked.cookie, "/perfil")).toBe("professionals");
    expect(await layoutOf(broker.cookie, "/perfil")).toBe("default");
    expect(await layoutOf(owner.cookie, "/agenda")).toBe("default");
  });

  it("reaches their summary (the dashboard: their day and commissions, ADR 084), the agenda, the service desk and the account pages", async () => {
    for (const path of ["/agenda", "/atendimento", "/perfil", "/settings/preferences"]) {
      expect((await get(linked.cookie, path)).status, path).toBe(200);
      expect((await get(linked.cookie, `${path}.data`)).status, `${path}.data`).toBe(200);
    }
    expect((await get(linked.cookie, "/")).status).toBe(200);
    // The index route's data request (React Router's "/_.data": a client navigation to the tab).
    expect((await get(linked.cookie, "/_.data")).status).toBe(200);
  });

  it("leads every other screen's GET to /agenda, before its loader runs", async () => {
    for (const path of ["/property_clients", "/horarios", "/property_clients/"]) {
      const res = await get(linked.cookie, path);
      expect([res.status, res.headers.get("location")], path).toEqual([302, "/agenda"]);
    }
    // A client-side navigation's fetch gets the same redirect (single fetch encodes it in a 202).
    const data = await get(linked.cookie, "/property_clients.data");
    expect(data.status).toBe(202);
    expect(await data.text()).toContain("/agenda");
    // The corretor reads interests and the dashboard as before (the permission table's answer).
    expect((await get(broker.cookie, "/property_clients")).status).toBe(200);
    expect((await get(broker.cookie, "/")).status).toBe(200);
    expect((await get(broker.cookie, "/agenda")).status).toBe(200);
  });

  it("refuses another screen's form in pt-BR (403), changing nothing", async () => {
    const res = await post(linked.cookie, "/horarios.data", [
      ["intent", "feriado"],
      ["dia", "2027-01-20"],
      ["nome", "X"],
    ]);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(NOT_AVAILABLE_MESSAGE);
    // The corretor is refused the same form by the permission table, not by the layout.
    const broker403 = await post(broker.cookie, "/horarios.data", [
      ["intent", "feriado"],
      ["dia", "2027-01-20"],
      ["nome", "X"],
    ]);
    expect(broker403.status).toBe(403);
    expect(await broker403.text()).not.toContain(NOT_AVAILABLE_MESSAGE);
  });

  it("follows the link: unlinking the profissional gives the default layout back on the next request", async () => {
    const { eq } = await import("drizzle-orm");
    await h.fresh.db.update(professionals).set({ usuarioId: null }).where(eq(professionals.usuarioId, linked.userId));
    expect(await layoutOf(linked.cookie, "/perfil")).toBe("default");
    expect((await get(linked.cookie, "/")).status).toBe(200);
  });
});
