import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DEMO_INSTAGRAM_ID,
  DEMO_PAGE_ID,
  DEMO_PAGE_WITHOUT_INSTAGRAM_ID,
  type MetaStandin,
  startMetaStandin,
} from "../../../tools/meta-standin/server.ts";
import { FB_SCOPES, facebookLogin, graph, pkce, REDIRECT } from "./client.ts";

let standin: MetaStandin;
beforeEach(async () => {
  standin = await startMetaStandin();
});
afterEach(async () => {
  await standin.close();
});

function dialogUrl(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  url.search = new URLSearchParams(params).toString();
  return url.toString();
}

describe("meta stand-in: Facebook Login for Business", () => {
  it("says it is not Meta, and refuses an unknown app without redirecting", async () => {
    const page = await fetch(
      dialogUrl(standin.env.META_OAUTH_URL, { client_id: standin.env.META_APP_ID, redirect_uri: REDIRECT, scope: "pages_show_list" }),
    );
    const html = await page.text();
    expect(html).toContain("<title>Modo demonstração — não é a Meta</title>");
    expect(html).toContain('value="pages_show_list" checked');
    const wrong = await fetch(dialogUrl(standin.env.META_OAUTH_URL, { client_id: "123", redirect_uri: REDIRECT }), { redirect: "manual" });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get("location")).toBeNull();
  });

  it("redirects back with code and state, and the code opens a token only with the right PKCE verifier, once", async () => {
    const { verifier, challenge } = pkce();
    const params = {
      client_id: standin.env.META_APP_ID,
      redirect_uri: REDIRECT,
      state: "xyz",
      scope: FB_SCOPES.join(","),
      response_type: "code",
    };
    const back = new URL(
      await standin.authorize(
        dialogUrl(standin.env.META_OAUTH_URL, { ...params, code_challenge: challenge, code_challenge_method: "S256" }),
      ),
    );
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe("xyz");
    const code = back.searchParams.get("code") ?? "";
    const exchange = { client_id: standin.env.META_APP_ID, client_secret: standin.env.META_APP_SECRET, redirect_uri: REDIRECT, code };

    const wrong = await graph(standin, "GET", "/oauth/access_token", { ...exchange, code_verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 100, message: "Invalid code verifier." });
    expect(wrong.body.error?.fbtrace_id).toMatch(/^demo/);
    const missing = await graph(standin, "GET", "/oauth/access_token", exchange);
    expect(missing.body.error?.message).toBe("Invalid code verifier.");
    const badSecret = await graph(standin, "GET", "/oauth/access_token", { ...exchange, client_secret: "x", code_verifier: verifier });
    expect(badSecret.body.error?.code).toBe(1);
    const otherRedirect = await graph(standin, "GET", "/oauth/access_token", {
      ...exchange,
      redirect_uri: `${REDIRECT}x`,
      code_verifier: verifier,
    });
    expect(otherRedirect.body.error?.error_subcode).toBe(36008);

    const ok = await graph(standin, "GET", "/oauth/access_token", { ...exchange, code_verifier: verifier });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    const again = await graph(standin, "GET", "/oauth/access_token", { ...exchange, code_verifier: verifier });
    expect(again.body.error).toMatchObject({ code: 100, error_subcode: 36009 });
  });

  it("reports a denial as Meta does", async () => {
    const params = { client_id: standin.env.META_APP_ID, redirect_uri: REDIRECT, state: "s", scope: "pages_show_list" };
    const back = new URL(await standin.authorize(dialogUrl(standin.env.META_OAUTH_URL, params), { deny: true }));
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: "access_denied",
      error_reason: "user_denied",
      error_description: "Permissions error",
      state: "s",
    });
  });

  it("exchanges for a long-lived token; Pages come with tasks, Instagram link and Page tokens that do not expire", async () => {
    const { longToken } = await facebookLogin(standin, ["pages_manage_posts"]);
    expect(standin.state.tokens.get(longToken)?.expiresAt).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    const permissions = await graph(standin, "GET", "/me/permissions", { access_token: longToken });
    expect(permissions.body.data).toContainEqual({ permission: "pages_manage_posts", status: "declined" });
    expect(permissions.body.data).toContainEqual({ permission: "instagram_content_publish", status: "granted" });

    const accounts = await graph(standin, "GET", "/me/accounts", {
      access_token: longToken,
      fields: "id,name,access_token,tasks,instagram_business_account",
    });
    const pages = accounts.body.data as {
      id: string;
      name: string;
      access_token: string;
      tasks: string[];
      instagram_business_account?: { id: string };
    }[];
    expect(pages.map((p) => p.id)).toEqual([DEMO_PAGE_ID, DEMO_PAGE_WITHOUT_INSTAGRAM_ID]);
    expect(pages[0]?.name).toMatch(/^Demo/);
    expect(pages[0]?.instagram_business_account?.id).toBe(DEMO_INSTAGRAM_ID);
    expect(pages[0]?.tasks).toContain("CREATE_CONTENT");
    expect(pages[1]?.instagram_business_account).toBeUndefined();
    expect(pages[1]?.tasks).not.toContain("CREATE_CONTENT");
    expect(standin.state.tokens.get(pages[0]?.access_token ?? "")?.expiresAt).toBeNull();

    // pages_manage_posts declined: posting to the Page is refused with code 200.
    const post = await graph(standin, "POST", `/${DEMO_PAGE_ID}/feed`, { access_token: pages[0]?.access_token ?? "", message: "oi" });
    expect(post.status).toBe(403);
    expect(post.body.error?.code).toBe(200);

    const debug = await graph(standin, "GET", "/debug_token", {
      input_token: longToken,
      access_token: `${standin.env.META_APP_ID}|${standin.env.META_APP_SECRET}`,
    });
    expect(debug.body.data).toMatchObject({ is_valid: true, type: "USER", app_id: standin.env.META_APP_ID });
  });

  it("a Page the user may only analyse cannot be posted to, even with every permission", async () => {
    const { longToken } = await facebookLogin(standin);
    const accounts = await graph(standin, "GET", "/me/accounts", { access_token: longToken });
    const token =
      (accounts.body.data as { id: string; access_token: string }[]).find((p) => p.id === DEMO_PAGE_WITHOUT_INSTAGRAM_ID)?.access_token ??
      "";
    const post = await graph(standin, "POST", `/${DEMO_PAGE_WITHOUT_INSTAGRAM_ID}/feed`, { access_token: token, message: "oi" });
    expect(post.body.error).toMatchObject({ code: 200, message: expect.stringContaining("CREATE_CONTENT") });
  });
});

describe("meta stand-in: Business Login for Instagram", () => {
  it("code → short-lived (POST, PKCE) → ig_exchange_token → ig_refresh_token", async () => {
    const { verifier, challenge } = pkce();
    const redirect = "http://127.0.0.1:1/auth/instagram/callback";
    const dialog = dialogUrl(standin.env.INSTAGRAM_OAUTH_URL, {
      client_id: standin.env.META_APP_ID,
      redirect_uri: redirect,
      response_type: "code",
      scope: "instagram_business_basic,instagram_business_content_publish",
      state: "ig",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    const location = await standin.authorize(dialog);
    expect(location.endsWith("#_")).toBe(true);
    const code = new URL(location).searchParams.get("code") ?? "";
    const form = {
      client_id: standin.env.META_APP_ID,
      client_secret: standin.env.META_APP_SECRET,
      grant_type: "authorization_code",
      redirect_uri: redirect,
      code,
    };
    const refused = await fetch(standin.env.INSTAGRAM_TOKEN_URL, {
      method: "POST",
      body: new URLSearchParams({ ...form, code_verifier: "wrong" }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error_type: "OAuthException", code: 400, error_message: "Invalid code verifier." });
    const ok = await fetch(standin.env.INSTAGRAM_TOKEN_URL, {
      method: "POST",
      body: new URLSearchParams({ ...form, code_verifier: verifier }),
    });
    const short = ((await ok.json()) as { data: { access_token: string; user_id: string; permissions: string }[] }).data[0];
    expect(short).toMatchObject({ user_id: DEMO_INSTAGRAM_ID, permissions: "instagram_business_basic,instagram_business_content_publish" });

    const ig = (path: string, params: Record<string, string>) =>
      fetch(`${standin.env.INSTAGRAM_GRAPH_URL}${path}?${new URLSearchParams(params)}`).then((r) => r.json());
    const long = (await ig("/access_token", {
      grant_type: "ig_exchange_token",
      client_secret: standin.env.META_APP_SECRET,
      access_token: short?.access_token ?? "",
    })) as { access_token: string; expires_in: number };
    expect(long.expires_in).toBe(60 * 86_400);
    const refreshed = (await ig("/refresh_access_token", { grant_type: "ig_refresh_token", access_token: long.access_token })) as {
      access_token: string;
    };
    expect(refreshed.access_token).toMatch(/^DEMOIGL/);
    // A short-lived token cannot be refreshed; a Facebook token does not work on the Instagram host.
    expect(await ig("/refresh_access_token", { grant_type: "ig_refresh_token", access_token: short?.access_token ?? "" })).toMatchObject({
      error: { code: 190 },
    });
    const me = await graph(standin, "GET", "/me", { access_token: refreshed.access_token, fields: "user_id,username" }, "instagram");
    expect(me.body).toMatchObject({ user_id: DEMO_INSTAGRAM_ID, username: "demo.imobiliaria" });
    const { longToken } = await facebookLogin(standin);
    expect((await graph(standin, "GET", "/me", { access_token: longToken }, "instagram")).body.error?.code).toBe(190);
  });
});
