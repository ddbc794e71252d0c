/**
 * `npm start`'s Meta side (ADR 050), as scripts/start.ts calls it: without Meta settings it brings
 * up the local stand-in and hands the Worker its settings (which only development accepts); the
 * demo's fixed tokens work at once and again after a restart, with what was published and any
 * connection made in the demo dialog; ids never repeat across restarts.
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type MetaDemo, REAL_META_SETTINGS, realMetaSettings, startMetaDemo } from "../../scripts/lib/meta-demo.ts";
import { DEMO_META, demoMetaTokens } from "../../scripts/seed/demo-meta.ts";
import { isMetaDemo, readConfig } from "../../worker/config/env.ts";
import { metaDemoMode } from "../../worker/integrations/meta/login.ts";
import { facebookLogin, graph } from "./meta-standin/client.ts";

const dirs: string[] = [];
let running: MetaDemo[] = [];
const SECRET = "start-meta-demo-secret";
const tokens = demoMetaTokens(SECRET);

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "alicerce-meta-demo-"));
  dirs.push(dir);
  return dir;
}

async function start(dir: string): Promise<MetaDemo> {
  const demo = await startMetaDemo({ dataDir: dir, tokenSecret: SECRET, port: 0 });
  running.push(demo);
  return demo;
}

afterEach(async () => {
  await Promise.all(running.map((d) => d.close()));
  running = [];
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("npm start's Meta", () => {
  it("uses the stand-in only when no real Meta setting is in the environment", () => {
    expect(realMetaSettings({})).toEqual([]);
    expect(realMetaSettings({ META_APP_ID: "  ", META_GRAPH_VERSION: "v25.0", META_WEBHOOK_VERIFY_TOKEN: "x" })).toEqual([]);
    expect(realMetaSettings({ META_APP_ID: "123", INSTAGRAM_TOKEN_URL: "https://api.instagram.com/oauth/access_token" })).toEqual([
      "META_APP_ID",
      "INSTAGRAM_TOKEN_URL",
    ]);
    for (const name of REAL_META_SETTINGS) expect(realMetaSettings({ [name]: "set" })).toEqual([name]);
  });

  it("brings up the stand-in and gives the Worker settings development accepts and production refuses", async () => {
    const demo = await start(dataDir());
    const base = demo.standin.url;
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(demo.env).toMatchObject({
      META_GRAPH_URL: `${base}/graph`,
      META_OAUTH_URL: `${base}/facebook/v25.0/dialog/oauth`,
      INSTAGRAM_GRAPH_URL: `${base}/ig-graph`,
      INSTAGRAM_OAUTH_URL: `${base}/instagram/oauth/authorize`,
      INSTAGRAM_TOKEN_URL: `${base}/instagram-api/oauth/access_token`,
      META_STANDIN_URL: base,
      META_DEMO: "1",
    });
    expect(demo.env.META_APP_ID).toMatch(/^demo/);
    expect(demo.env.META_APP_SECRET).toBeTruthy();
    expect(demo.env.META_WEBHOOK_VERIFY_TOKEN).toBeTruthy();
    const control = await fetch(`${base}/_control`);
    expect(((await control.json()) as { notMeta: boolean }).notMeta).toBe(true);

    const local = readConfig({ APP_ENV: "development", DATABASE_URL: "file:x.db", JWT_PRIVATE_JWK: "{}", ...demo.env });
    expect(isMetaDemo(local)).toBe(true);
    // What the connection screens read to say "Modo demonstração — não é a Meta".
    expect(metaDemoMode(local)).toBe(true);
    expect(local.META_GRAPH_URL).toBe(`${base}/graph`);
    expect(isMetaDemo(readConfig({ APP_ENV: "development", DATABASE_URL: "file:x.db", JWT_PRIVATE_JWK: "{}" }))).toBe(false);
    const production = { APP_ENV: "production", APP_URL: "https://app.alicerce.com.br", DATABASE_URL: "file:x.db", JWT_PRIVATE_JWK: "{}" };
    expect(() => readConfig({ ...production, ...demo.env })).toThrow(/META_STANDIN_URL \(modo demonstração\) is refused in production/);
    // Even without the flag, the stand-in's plain-http URLs are refused.
    const { META_STANDIN_URL: _flag, META_DEMO: _demo, ...urls } = demo.env;
    expect(() => readConfig({ ...production, ...urls })).toThrow(/META_GRAPH_URL must be https in production/);
  });

  it("answers as the demo's Page and Instagram account to the demo's fixed tokens", async () => {
    const demo = await start(dataDir());
    const accounts = await graph(demo.standin, "GET", "/me/accounts", {
      access_token: tokens.user,
      fields: "id,name,tasks,instagram_business_account",
    });
    expect(accounts.status).toBe(200);
    expect(accounts.body.data).toEqual([
      expect.objectContaining({
        id: DEMO_META.page.id,
        name: DEMO_META.page.name,
        tasks: expect.arrayContaining(["CREATE_CONTENT"]),
        instagram_business_account: { id: DEMO_META.instagram.id, username: DEMO_META.instagram.username },
      }),
      // The "wrong Page granted" case: no Instagram, no CREATE_CONTENT.
      { id: DEMO_META.otherPage.id, name: DEMO_META.otherPage.name, tasks: ["ANALYZE"] },
    ]);
    const posted = await graph(demo.standin, "POST", `/${DEMO_META.page.id}/feed`, { access_token: tokens.page, message: "Olá" });
    expect(posted.body.id).toMatch(new RegExp(`^${DEMO_META.page.id}_`));
    const quota = await graph(demo.standin, "GET", `/${DEMO_META.instagram.id}/content_publishing_limit`, { access_token: tokens.user });
    expect(quota.status).toBe(200);
    // Another data directory's tokens are not these.
    expect(demoMetaTokens("another-secret").user).not.toBe(tokens.user);
  });

  it("keeps the demo working across a restart: fixed tokens (even revoked), a dialog connection, posts, adopted media; ids never repeat", async () => {
    const dir = dataDir();
    const first = await start(dir);
    const login = await facebookLogin(first.standin);
    const before = await graph(first.standin, "POST", `/${DEMO_META.page.id}/feed`, { access_token: tokens.page, message: "Antes" });
    first.standin.adopt({
      media: [
        {
          id: "demo_media_1042",
          owner: DEMO_META.instagram.id,
          caption: "Post do mês passado",
          mediaType: "IMAGE",
          mediaUrl: "http://localhost:8787/media/demo/sala-1/publish.jpg",
          timestamp: Date.now() - 86_400_000,
          metrics: { reach: 812, likes: 47 },
        },
      ],
    });
    first.standin.revokeTokens(DEMO_META.page.id);
    await first.close();
    running = running.filter((d) => d !== first);
    const file = path.join(dir, "meta-standin.json");
    expect(existsSync(file)).toBe(true);
    // It holds tokens: readable by its owner alone.
    expect(statSync(file).mode & 0o077).toBe(0);

    const second = await start(dir);
    const me = await graph(second.standin, "GET", "/me", { access_token: login.longToken });
    expect(me.status).toBe(200);
    const page = await graph(second.standin, "GET", `/${before.body.id}`, { access_token: tokens.page, fields: "message" });
    expect(page.body.message).toBe("Antes");
    const insights = await graph(second.standin, "GET", "/demo_media_1042/insights", { access_token: tokens.user, metric: "reach,likes" });
    expect((insights.body.data as { values: { value: number }[] }[]).map((m) => m.values[0]?.value)).toEqual([812, 47]);
    const after = await graph(second.standin, "POST", `/${DEMO_META.page.id}/feed`, { access_token: tokens.page, message: "Depois" });
    expect(after.status).toBe(200);
    expect(after.body.id).not.toBe(before.body.id);
    expect(Number(String(after.body.id).split("_").at(-1))).toBeGreaterThan(1042);
  });

  it("starts fresh, with the demo's tokens, over an unreadable state file", async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, "meta-standin.json"), "{ não é json");
    const demo = await start(dir);
    const me = await graph(demo.standin, "GET", "/me", { access_token: tokens.page, fields: "name" });
    expect(me.body.name).toBe(DEMO_META.page.name);
  });
});
