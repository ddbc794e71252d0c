import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as historyPage from "../../../app/routes/social/history.tsx";
import * as publishedPage from "../../../app/routes/social/published-posts.tsx";
import { memberships, users } from "../../../db/schema/index.ts";
import { seedDemo } from "../../../scripts/seed/demo.ts";
import { demoMetaTokens } from "../../../scripts/seed/demo-meta.ts";
import { DEMO_LOGIN, DEMO_PEOPLE } from "../../../shared/demo-accounts.ts";
import { createSession } from "../../../worker/auth/sessions.ts";
import type { Harness } from "../harness.ts";
import { createPageHarness } from "../page-harness.ts";

/**
 * The demo business as `npm start` seeds it (ADR 050) on the three screens: the history with its
 * attempts (the failure's pt-BR reason and raw code), and each network's posts — ours with their
 * metrics and the accounts' own — for the owner; the corretor sees only what they wrote.
 */

let h: Harness;
let ownerCookie: string;
let corretorCookie: string;

async function cookieOf(email: string): Promise<string> {
  const [user] = await h.fresh.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const { token } = await createSession(h.fresh.db, user?.id as string, {});
  return `alicerce_session=${token}`;
}

beforeAll(async () => {
  h = await createPageHarness({ historico: historyPage, "facebook-posts": publishedPage, "instagram-posts": publishedPage });
  await seedDemo(h.fresh.db, new Date(), {
    social: {
      tokenKeys: h.env.TOKEN_ENCRYPTION_KEYS as string,
      tokens: demoMetaTokens("demo-screens-test"),
      standinUrl: "http://127.0.0.1:9100",
      appUrl: "http://localhost:8787",
    },
  });
  ownerCookie = await cookieOf(DEMO_LOGIN.email);
  const corretor = DEMO_PEOPLE.find((p) => p.role === "professional");
  corretorCookie = await cookieOf(corretor?.email as string);
  const [m] = await h.fresh.db.select().from(memberships).limit(1);
  expect(m).toBeDefined();
}, 120_000);

async function page(path: string, cookie: string): Promise<string> {
  const res = await h.request(path, { cookie });
  expect(res.status, path).toBe(200);
  return res.text();
}

describe("the demo on the social screens", () => {
  it("shows the history's attempts with the failure's reason and raw code", async () => {
    const text = await page("/historico.data", ownerCookie);
    expect(text).toContain("9004/2207052");
    expect(text).toContain("A Meta não conseguiu baixar a imagem");
    expect(text).toMatch(/"total",\d{2}/);
  });

  it("shows each network's posts, ours and the account's own, with metrics and the last read", async () => {
    for (const [path, own, ours] of [
      ["/instagram-posts.data", "Bastidores da sessão de fotos", "/_demo/instagram/demo_media_10"],
      ["/facebook-posts.data", "plantão de vendas no Jardim Botânico", "/_demo/posts/demo_page_1_10"],
    ] as const) {
      const text = await page(path, ownerCookie);
      // The account's own post, and ours (the seed's Meta ids start at 1001) with their permalinks.
      expect(text, path).toContain(own);
      expect(text, path).toContain(ours);
    }
  });

  it("gives the corretor only their own posts, never the account's own", async () => {
    const text = await page("/instagram-posts.data", corretorCookie);
    expect(text).not.toContain("Bastidores da sessão de fotos");
  });
});
