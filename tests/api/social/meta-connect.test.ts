import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { socialAccounts, socialConnections } from "../../../db/schema/index.ts";
import { DEMO_INSTAGRAM_ID, DEMO_PAGE_ID, DEMO_PAGE_WITHOUT_INSTAGRAM_ID } from "../../../tools/meta-standin/server.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { graphRequest, metaEndpoints } from "../../../worker/integrations/meta/graph.ts";
import { exchangeCode } from "../../../worker/integrations/meta/login.ts";
import { accountCredentials } from "../../../worker/services/social/account-credentials.ts";
import { explainConnectionError } from "../../../worker/services/social/connection-errors.ts";
import { createOwner, userId } from "../harness.ts";
import { actorFor, addMember } from "../records.ts";
import { createMetaHarness, type MetaHarness, setCookie, startLogin } from "./meta-fixtures.ts";

/**
 * Connecting Meta through the real screens and callbacks, against the local stand-in: both logins
 * with state and PKCE, the long-lived exchange, choosing Pages, declined permissions, keeping the
 * better token on reconnect, roles, organizações apart, and no token in any answer or log line.
 */

let mh: MetaHarness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let ownerId: string;

beforeAll(async () => {
  mh = await createMetaHarness();
  owner = await createOwner(mh.h, "Meta");
  ownerId = (await userId(mh.h, owner.email)) as string;
});

async function connections(orgId: string) {
  return mh.h.fresh.db.select().from(socialConnections).where(eq(socialConnections.orgId, orgId));
}

async function accounts(orgId: string) {
  return mh.h.fresh.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, orgId));
}

/** Connect + Meta's dialog + the callback: the callback's answer. */
async function connect(cookie: string, login: "facebook" | "instagram", choice?: { decline?: string[]; deny?: boolean }) {
  const started = await startLogin(mh, cookie, login);
  expect(started.response.status).toBe(302);
  const back = await mh.authorize(started.dialog, choice);
  return { callback: await mh.request(back, { cookie: started.cookie }), back, cookie: started.cookie };
}

describe("Facebook Login for Business", () => {
  it("starts with a POST: the dialog asks every scope with state and S256 PKCE; the state waits in a sealed cookie", async () => {
    const { response, dialog, cookie } = await startLogin(mh, owner.cookie, "facebook");
    const url = new URL(dialog);
    expect(`${url.origin}${url.pathname}`).toBe(mh.meta.env.META_OAUTH_URL);
    expect(url.searchParams.get("client_id")).toBe(mh.meta.env.META_APP_ID);
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost/auth/facebook/callback");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")?.split(",")).toEqual(expect.arrayContaining(["pages_manage_posts", "instagram_content_publish"]));
    const state = url.searchParams.get("state") ?? "";
    expect(state.length).toBeGreaterThan(20);
    const sealed = setCookie(response, "alicerce_meta_facebook") ?? "";
    // The cookie is sealed: neither the state nor the verifier can be read from it.
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(state);
    expect(response.headers.getSetCookie().join()).toMatch(/HttpOnly; SameSite=Lax; Max-Age=600/);
    expect(cookie).toContain("alicerce_meta_facebook=");
    // A GET changes nothing: the screen's page is read, no dialog, no cookie.
    const get = await mh.request("/social-connect-simple", { cookie: owner.cookie });
    expect(get.headers.getSetCookie().join()).not.toContain("alicerce_meta_");
  });

  it("connects: code exchanged server side, long-lived token sealed, permissions read, then on to Páginas do Facebook", async () => {
    const { callback } = await connect(owner.cookie, "facebook");
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/facebook-pages?conexao=facebook");
    // The state cookie is spent.
    expect(callback.headers.getSetCookie().join()).toMatch(/alicerce_meta_facebook=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    const [row] = await connections(owner.orgId);
    expect(row).toMatchObject({ tipo: "facebook_login", usuarioMetaId: "demo_user_1", status: "ativa", demo: true, conectadoPor: ownerId });
    expect(row?.escoposConcedidos).toEqual(expect.arrayContaining(["pages_manage_posts", "instagram_content_publish"]));
    expect(row?.escoposRecusados).toEqual([]);
    // fb_exchange_token: about 60 days.
    const days = ((row?.tokenExpiraEm?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThan(61);
    const longLived = [...mh.meta.state.tokens.values()].filter((t) => t.kind === "fb-user-long");
    expect(longLived).toHaveLength(1);
    expect(row?.tokenSelado).toMatch(/^v1\.test1\./);
    expect(row?.tokenSelado).not.toContain(longLived[0]?.token);
  });

  it("lists the Pages with their Instagram accounts, and explains the Page granted with ANALYZE only and no Instagram", async () => {
    const page = await mh.request("/facebook-pages.data", { cookie: owner.cookie });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(DEMO_PAGE_ID);
    expect(text).toContain(DEMO_INSTAGRAM_ID);
    expect(text).toContain("o seu acesso a esta Página não inclui criar conteúdo (você tem: ANALYZE)");
    expect(text).toContain("não tem uma conta profissional do Instagram vinculada");
  });

  it("chooses demo_page_1 and its Instagram; the ANALYZE-only Page is refused with why; tokens sealed and usable", async () => {
    const saved = await mh.post(
      "/facebook-pages.data",
      { pagina: [DEMO_PAGE_ID, DEMO_PAGE_WITHOUT_INSTAGRAM_ID], instagram: [DEMO_INSTAGRAM_ID] },
      owner.cookie,
    );
    expect(saved.status).toBe(200);
    const text = await saved.text();
    expect(text).toContain("Você não pode publicar em “Demo Página sem Instagram”");
    const rows = await accounts(owner.orgId);
    expect(rows.map((r) => [r.rede, r.idExterno, r.status]).sort()).toEqual([
      ["facebook", DEMO_PAGE_ID, "ativa"],
      ["instagram", DEMO_INSTAGRAM_ID, "ativa"],
    ]);
    const page = rows.find((r) => r.rede === "facebook");
    expect(page).toMatchObject({ vinculoExternoId: DEMO_INSTAGRAM_ID, tokenExpiraEm: null, demo: true });
    expect(page?.tarefas).toContain("CREATE_CONTENT");
    const config = readConfig(mh.h.env);
    for (const row of rows) {
      const creds = await accountCredentials(mh.h.fresh.db, config, owner.orgId, row.id);
      expect(row.tokenSelado).not.toContain(creds.accessToken);
      // The Page token reaches the Page and its Instagram account.
      const me = await graphRequest<{ id: string }>(metaEndpoints(config), {
        host: "facebook",
        path: `/${row.idExterno}`,
        token: creds.accessToken,
      });
      expect(me.id).toBe(row.idExterno);
    }
  });

  it("the connection screen shows who, the permissions and no token", async () => {
    const page = await mh.request("/facebook-connection.data", { cookie: owner.cookie });
    const text = await page.text();
    expect(text).toContain("Demo — usuário de demonstração");
    expect(text).toContain("pages_manage_posts");
  });

  it("reconnecting with fewer permissions keeps the working token and says so", async () => {
    const [before] = await connections(owner.orgId);
    const { callback } = await connect(owner.cookie, "facebook", { decline: ["instagram_content_publish"] });
    expect(callback.headers.get("location")).toBe("/facebook-pages?conexao=facebook&mantida=1&faltariam=instagram_content_publish");
    const [after] = await connections(owner.orgId);
    expect(after?.id).toBe(before?.id);
    expect(after?.tokenSelado).toBe(before?.tokenSelado);
    expect(after?.escoposConcedidos).toContain("instagram_content_publish");
    // A reconnection with everything granted replaces it (same row: accounts and history stay).
    await connect(owner.cookie, "facebook");
    const [renewed] = await connections(owner.orgId);
    expect(renewed?.id).toBe(before?.id);
    expect(renewed?.tokenSelado).not.toBe(before?.tokenSelado);
  });

  it("refuses a changed state, a replayed code, a callback without the cookie, and says when the person cancelled", async () => {
    const { back, cookie } = await connect(owner.cookie, "facebook");
    // Replayed: the same callback again (with the old state cookie): Meta refuses the used code.
    const replay = await mh.request(`${back}.data`.replace("?", ".data?").replace(/\.data$/, ""), { cookie });
    const replayText = await replay.text();
    expect(replayText).toContain("já foi usado");
    // Without the cookie (another browser): nothing is exchanged.
    const started = await startLogin(mh, owner.cookie, "facebook");
    const fresh = await mh.authorize(started.dialog);
    const noCookie = await mh.request(fresh.replace("?", ".data?"), { cookie: owner.cookie });
    expect(await noCookie.text()).toContain("não foi iniciado neste navegador");
    // A changed state is refused (and the code stays unspent).
    const forged = fresh.replace(/state=[^&]+/, "state=forjado");
    const mismatch = await mh.request(forged.replace("?", ".data?"), { cookie: started.cookie });
    expect(await mismatch.text()).toContain("state diferente");
    // Denied in the dialog.
    const denied = await startLogin(mh, owner.cookie, "facebook");
    const deniedBack = await mh.authorize(denied.dialog, { deny: true });
    const cancel = await mh.request(deniedBack.replace("?", ".data?"), { cookie: denied.cookie });
    expect(await cancel.text()).toContain("Você cancelou a conexão com o Facebook");
  });

  it("Meta refuses an exchange without the PKCE verifier, and the person reads why", async () => {
    const started = await startLogin(mh, owner.cookie, "facebook");
    const back = new URL(await mh.authorize(started.dialog), "http://localhost");
    const config = readConfig(mh.h.env);
    const app = { appId: mh.meta.env.META_APP_ID, appSecret: mh.meta.env.META_APP_SECRET };
    const attempt = exchangeCode(
      metaEndpoints(config),
      config,
      "facebook",
      app,
      "http://localhost/auth/facebook/callback",
      back.searchParams.get("code") ?? "",
      "",
    );
    const error = await attempt.catch((e: unknown) => e);
    expect(explainConnectionError(error)).toMatchObject({ kind: "codigo", code: "100/36008" });
  });
});

describe("declined permissions", () => {
  it("names each missing permission in pt-BR with what to tick when reconnecting", async () => {
    const other = await createOwner(mh.h, "Recusas");
    await connect(other.cookie, "facebook", { decline: ["pages_manage_posts", "read_insights"] });
    const [row] = await connections(other.orgId);
    expect(row?.escoposRecusados.sort()).toEqual(["pages_manage_posts", "read_insights"]);
    const text = await (await mh.request("/facebook-connection.data", { cookie: other.cookie })).text();
    expect(text).toContain(
      "Falta a permissão de publicar na Página: reconecte e marque “Criar e gerenciar publicações da Página” (pages_manage_posts) na janela da Meta.",
    );
    expect(text).toContain("Falta a permissão de ler as métricas da Página");
  });
});

describe("Instagram Login", () => {
  it("connects the account with a 60-day token (ig_exchange_token), sealed on the connection and the account", async () => {
    const other = await createOwner(mh.h, "Insta");
    const { callback } = await connect(other.cookie, "instagram");
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/instagram-connection?conexao=instagram");
    const [row] = await connections(other.orgId);
    expect(row).toMatchObject({ tipo: "instagram_login", usuarioMetaId: DEMO_INSTAGRAM_ID, status: "ativa", demo: true });
    expect(row?.escoposConcedidos).toEqual(expect.arrayContaining(["instagram_business_basic", "instagram_business_content_publish"]));
    const [account] = await accounts(other.orgId);
    expect(account).toMatchObject({ rede: "instagram", idExterno: DEMO_INSTAGRAM_ID, usuario: "demo.imobiliaria", status: "ativa" });
    expect(account?.tokenExpiraEm?.getTime()).toBe(row?.tokenExpiraEm?.getTime());
    const creds = await accountCredentials(mh.h.fresh.db, readConfig(mh.h.env), other.orgId, account?.id ?? "");
    expect(creds.host).toBe("instagram");
    expect([...mh.meta.state.tokens.values()].find((t) => t.token === creds.accessToken)?.kind).toBe("ig-user-long");
    const screen = await (await mh.request("/instagram-connection.data", { cookie: other.cookie })).text();
    expect(screen).toContain("@demo.imobiliaria");
  });
});

describe("disconnecting", () => {
  it("tells Meta, removes the tokens and keeps the accounts (same ids) shown as Desconectada", async () => {
    const other = await createOwner(mh.h, "Desliga");
    await connect(other.cookie, "facebook");
    await mh.post("/facebook-pages.data", { pagina: [DEMO_PAGE_ID], instagram: [DEMO_INSTAGRAM_ID] }, other.cookie);
    const [conn] = await connections(other.orgId);
    const ids = (await accounts(other.orgId)).map((a) => a.id).sort();
    const refused = await mh.post("/facebook-connection.data", { intent: "desconectar", conexao: conn?.id ?? "" }, other.cookie);
    expect(await refused.text()).toContain("Marque a confirmação");
    const done = await mh.post(
      "/facebook-connection.data",
      { intent: "desconectar", conexao: conn?.id ?? "", confirmar: "1" },
      other.cookie,
    );
    expect(await done.text()).toContain("A Meta foi avisada");
    expect(mh.meta.log.some((l) => l.method === "DELETE" && l.path.endsWith("/me/permissions"))).toBe(true);
    const [after] = await connections(other.orgId);
    expect(after).toMatchObject({ status: "desconectada", tokenSelado: null });
    const rows = await accounts(other.orgId);
    expect(rows.map((a) => a.id).sort()).toEqual(ids);
    expect(rows.every((a) => a.status === "desconectada" && a.tokenSelado === null)).toBe(true);
  });
});

describe("roles and organizações", () => {
  it("staff sees the status but cannot connect, choose Pages or read the credentials; the corretor sees none of it", async () => {
    const staff = await addMember(mh.h, owner.orgId, "staff");
    expect((await mh.request("/social-connect-simple.data", { cookie: staff.cookie })).status).toBe(200);
    const start = await mh.post("/social-connect-simple", { intent: "facebook" }, staff.cookie);
    expect(start.status).toBe(403);
    expect(start.headers.get("location")).toBeNull();
    for (const path of ["/facebook-pages.data", "/facebook-connection.data", "/admin/social-credentials.data"])
      expect((await mh.request(path, { cookie: staff.cookie })).status, path).toBe(403);
    const choose = await mh.post("/facebook-pages.data", { pagina: [DEMO_PAGE_ID] }, staff.cookie);
    expect(choose.status).toBe(403);
    const pro = await addMember(mh.h, owner.orgId, "professional");
    expect((await mh.request("/social-connect-simple.data", { cookie: pro.cookie })).status).toBe(403);
  });

  it("another organização sees none of these connections, cannot disconnect them, and cannot use their state cookie", async () => {
    const other = await createOwner(mh.h, "Vizinha");
    const screen = await (await mh.request("/facebook-connection.data", { cookie: other.cookie })).text();
    expect(screen).not.toContain("Demo — usuário de demonstração");
    const [theirs] = await connections(owner.orgId);
    const attempt = await mh.post(
      "/facebook-connection.data",
      { intent: "desconectar", conexao: theirs?.id ?? "", confirmar: "1" },
      other.cookie,
    );
    expect(await attempt.text()).toContain("Conexão não encontrada");
    expect((await connections(owner.orgId))[0]?.status).toBe("ativa");
    // A's state cookie with B's session: it does not open (bound to A's organização and session).
    const started = await startLogin(mh, owner.cookie, "facebook");
    const back = await mh.authorize(started.dialog);
    const stateCookie = started.cookie.split("; ").find((c) => c.startsWith("alicerce_meta_facebook=")) ?? "";
    const crossed = await mh.request(back.replace("?", ".data?"), { cookie: `${other.cookie}; ${stateCookie}` });
    expect(await crossed.text()).toContain("não foi iniciado neste navegador");
    expect(await connections(other.orgId)).toHaveLength(0);
  });
});

describe("tokens never leave the server", () => {
  it("no token, code, verifier or app secret in any answer or log line", () => {
    const secrets = [...mh.meta.state.tokens.values()].map((t) => t.token);
    expect(secrets.length).toBeGreaterThan(5);
    secrets.push(...[...mh.meta.state.codes.keys()], mh.meta.env.META_APP_SECRET);
    const everything = mh.seen.join("\n");
    for (const secret of secrets) expect(everything.includes(secret), "a secret leaked").toBe(false);
  });
});

describe("service actors", () => {
  it("actorFor keeps the owner's id (fixture sanity)", () => {
    expect(actorFor(owner.orgId, ownerId)).toMatchObject({ orgId: owner.orgId, userId: ownerId });
  });
});
