import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  postAttempts,
  postMedia,
  postTargets,
  posts,
  socialAccountPosts,
  socialAccounts,
  socialConnections,
  socialInsightsReads,
} from "../../db/schema/index.ts";
import { startMetaDemo, type MetaDemo } from "../../scripts/lib/meta-demo.ts";
import { DEMO_META, demoMetaTokens } from "../../scripts/seed/demo-meta.ts";
import { seedDemoPhotos } from "../../scripts/seed/demo-photos.ts";
import { seedDemoProperties } from "../../scripts/seed/demo-properties.ts";
import { seedDemoSocial } from "../../scripts/seed/demo-social.ts";
import type { PostRow } from "../../shared/resources/posts.ts";
import { readConfig } from "../../worker/config/env.ts";
import { accountCredentials, openFor, USER_TOKEN_PURPOSE } from "../../worker/services/social/account-credentials.ts";
import { readAccountInsights } from "../../worker/services/social/insights.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";
import { api } from "./records.ts";

/**
 * The demo's social side over a fresh database (ADR 050): a connected demo Page and Instagram
 * account whose sealed tokens the local stand-in accepts, a month published with metrics, two
 * weeks scheduled as approved posts are, one failed with its pt-BR reason, the attempts' history,
 * and the same plan on every seed.
 */

let h: Harness;
let meta: MetaDemo;
const NOW = new Date("2026-03-10T12:07:00Z");
const SECRET = "demo-social-test-secret";
const tokens = demoMetaTokens(SECRET);

beforeAll(async () => {
  h = await createHarness();
  meta = await startMetaDemo({ dataDir: await tempDir(), tokenSecret: SECRET, port: 0 });
});
afterAll(() => meta?.close());

async function tempDir(): Promise<string> {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  return mkdtempSync(path.join(tmpdir(), "alicerce-demo-social-"));
}

async function seeded(name: string) {
  const owner = await createOwner(h, name);
  const id = (await userId(h, owner.email)) as string;
  const people = [{ id, email: owner.email, role: "owner" as const }];
  const { propertyIds } = await seedDemoProperties(h.fresh.db, owner.orgId, people, { clientIds: [], companyIds: [] }, NOW);
  await seedDemoPhotos(h.fresh.db, null, owner.orgId, propertyIds);
  const result = await seedDemoSocial(
    h.fresh.db,
    owner.orgId,
    { tokenKeys: h.env.TOKEN_ENCRYPTION_KEYS as string, tokens, standinUrl: meta.standin.url, appUrl: "http://localhost:8787" },
    NOW,
  );
  const db = h.fresh.db;
  const postRows = await db.select().from(posts).where(eq(posts.orgId, owner.orgId)).orderBy(asc(posts.agendadoPara));
  const targets = await db.select().from(postTargets).where(eq(postTargets.orgId, owner.orgId));
  const attempts = await db.select().from(postAttempts).where(eq(postAttempts.orgId, owner.orgId)).orderBy(asc(postAttempts.iniciadoEm));
  const media = await db.select().from(postMedia).where(eq(postMedia.orgId, owner.orgId));
  return { owner, result, postRows, targets, attempts, media };
}

type Seeded = Awaited<ReturnType<typeof seeded>>;

/** Each post with its networks' statuses. */
function byPost(s: Seeded) {
  return s.postRows.map((p) => ({
    post: p,
    targets: s.targets.filter((t) => t.postId === p.id),
    media: s.media.filter((m) => m.postId === p.id).sort((a, b) => a.posicao - b.posicao),
  }));
}

describe("seedDemoSocial", () => {
  let first: Seeded;
  beforeAll(async () => {
    first = await seeded("Social Demo");
  });

  it("connects a demo Page and Instagram account (demo, clearly named), their tokens sealed, never in plaintext", async () => {
    const db = h.fresh.db;
    const [connection] = await db.select().from(socialConnections).where(eq(socialConnections.orgId, first.owner.orgId));
    const accounts = await db.select().from(socialAccounts).where(eq(socialAccounts.orgId, first.owner.orgId));
    expect(connection?.demo).toBe(true);
    expect(connection?.status).toBe("ativa");
    expect(connection?.escoposConcedidos).toEqual(expect.arrayContaining(["pages_manage_posts", "instagram_content_publish"]));
    expect(accounts.map((a) => [a.rede, a.idExterno, a.demo, a.status])).toEqual(
      expect.arrayContaining([
        ["facebook", DEMO_META.page.id, true, "ativa"],
        ["instagram", DEMO_META.instagram.id, true, "ativa"],
      ]),
    );
    for (const a of accounts) expect(a.nome).toMatch(/demo/i);
    // Sealed (ADR 040's v1.<kid>.<iv>.<data>), and nothing in the database holds a token in clear.
    for (const sealed of [connection?.tokenSelado, ...accounts.map((a) => a.tokenSelado)])
      expect(sealed).toMatch(/^v1\.[^.]+\.[^.]+\.[^.]+$/);
    const dump = JSON.stringify([connection, accounts]);
    expect(dump).not.toContain(tokens.user);
    expect(dump).not.toContain(tokens.page);
    const config = readConfig(h.env);
    expect(await openFor(config, first.owner.orgId, USER_TOKEN_PURPOSE, connection?.tokenSelado as string)).toBe(tokens.user);
  });

  it("has a month of published posts (carousels among them) with permalinks and believable metrics", () => {
    const published = byPost(first).filter((p) => p.targets.every((t) => t.status === "publicado"));
    expect(published).toHaveLength(18);
    const firstAt = Math.min(...published.map((p) => p.post.agendadoPara?.getTime() ?? 0));
    expect(NOW.getTime() - firstAt).toBeGreaterThan(28 * 86_400_000);
    expect(NOW.getTime() - firstAt).toBeLessThan(32 * 86_400_000);
    expect(published.filter((p) => p.post.imovelId).length).toBeGreaterThanOrEqual(10);
    expect(published.some((p) => p.media.length >= 3)).toBe(true);
    expect(published.some((p) => p.media.length === 1)).toBe(true);
    for (const { post, targets } of published) {
      expect(post.aprovacao).toBe("aprovado");
      expect(post.legenda.length).toBeGreaterThan(40);
      for (const t of targets) {
        expect(t.permalink).toMatch(new RegExp(`^${meta.standin.url}/_demo/(instagram|posts)/demo_`));
        expect(t.publicadoEm?.getTime()).toBeLessThan(NOW.getTime());
        expect(t.alcance).toBeGreaterThan(0);
        expect(t.curtidas).toBeLessThanOrEqual(t.alcance as number);
        expect(t.metricasEm).not.toBeNull();
        if (t.rede === "instagram") expect(t.midiaId).toMatch(/^demo_media_\d+$/);
        else expect(t.postExternoId).toMatch(new RegExp(`^${DEMO_META.page.id}_\\d+$`));
        expect(t.salvamentos === null).toBe(t.rede === "facebook");
      }
    }
  });

  it("schedules two weeks as approved posts are: approval aprovado, each network agendado, the imóvel's images; the first within 20 minutes", () => {
    const scheduled = byPost(first).filter((p) => p.targets.length && p.targets.every((t) => t.status === "agendado"));
    expect(scheduled).toHaveLength(10);
    for (const { post, targets } of scheduled) {
      expect(post.aprovacao).toBe("aprovado");
      expect(post.aprovadoPor).not.toBeNull();
      const at = post.agendadoPara?.getTime() ?? 0;
      expect(at).toBeGreaterThan(NOW.getTime());
      expect(at).toBeLessThanOrEqual(NOW.getTime() + 14 * 86_400_000);
      for (const t of targets) expect(t.agendadoPara?.getTime()).toBe(at);
    }
    const fromListings = scheduled.filter((p) => p.post.imovelId);
    expect(fromListings.length).toBeGreaterThanOrEqual(5);
    for (const p of fromListings) expect(p.media.length).toBeGreaterThan(0);
    expect(scheduled.some((p) => p.targets.length === 2)).toBe(true);
    const soonest = Math.min(...scheduled.map((p) => p.post.agendadoPara?.getTime() ?? 0));
    expect(soonest - NOW.getTime()).toBeGreaterThanOrEqual(15 * 60_000);
    expect(soonest - NOW.getTime()).toBeLessThanOrEqual(20 * 60_000);
  });

  it("has one post that failed on Instagram with its pt-BR reason and raw code, its Facebook side published", () => {
    const failed = first.targets.filter((t) => t.status === "falhou");
    expect(failed).toHaveLength(1);
    const [target] = failed;
    expect(target?.rede).toBe("instagram");
    expect(target?.erroCodigo).toBe("9004/2207052");
    expect(target?.erroMensagem).toMatch(/A Meta não conseguiu baixar a imagem/);
    const sibling = first.targets.find((t) => t.postId === target?.postId && t.rede === "facebook");
    expect(sibling?.status).toBe("publicado");
  });

  it("keeps every attempt: one per published network, one retried then published, the failure with its message", () => {
    for (const t of first.targets) {
      const history = first.attempts.filter((a) => a.alvoId === t.id).map((a) => a.resultado);
      if (t.status === "agendado" || t.status === "rascunho" || t.status === "aguardando_aprovacao") expect(history).toEqual([]);
      if (t.status === "falhou") expect(history).toEqual(["falhou"]);
      if (t.status === "publicado") expect([["publicado"], ["repetir", "publicado"]]).toContainEqual(history);
    }
    const retried = first.targets.filter((t) => first.attempts.filter((a) => a.alvoId === t.id).length === 2);
    expect(retried).toHaveLength(1);
    expect(retried[0]?.tentativas).toBe(2);
    const failure = first.attempts.find((a) => a.resultado === "falhou");
    expect(failure?.erroCodigo).toBe("9004/2207052");
    expect(failure?.mensagem).toMatch(/Tentar de novo/);
    expect(failure?.erroMeta).toMatch(/could not be fetched/);
  });

  it("reads back through the posts API as the screens see it", async () => {
    const failedPost = first.targets.find((t) => t.status === "falhou")?.postId as string;
    const res = await api<{ data: PostRow }>(h, first.owner.cookie, "GET", `/api/posts/${failedPost}`);
    expect(res.status).toBe(200);
    const redes = Object.fromEntries(res.body.data.redes.map((r) => [r.rede, r.status]));
    expect(redes).toEqual({ facebook: "publicado", instagram: "falhou" });
    expect(res.body.data.midias.length).toBeGreaterThan(0);
  });

  it("publishes through the stand-in with the sealed tokens, as the jobs will (Page post, Instagram container and publish)", async () => {
    const config = readConfig(h.env);
    const fb = await accountCredentials(h.fresh.db, config, first.owner.orgId, first.result.accounts.facebook);
    const ig = await accountCredentials(h.fresh.db, config, first.owner.orgId, first.result.accounts.instagram);
    expect(fb.demo && ig.demo).toBe(true);
    const graph = `${meta.env.META_GRAPH_URL}/${meta.env.META_GRAPH_VERSION}`;
    const post = async (path: string, token: string, body: Record<string, string>) => {
      const r = await fetch(`${graph}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: new URLSearchParams(body),
      });
      return (await r.json()) as { id?: string; error?: unknown };
    };
    const feed = await post(`/${fb.externalId}/feed`, fb.accessToken, { message: "Teste do modo demonstração" });
    expect(feed.id).toMatch(new RegExp(`^${DEMO_META.page.id}_`));
    const container = await post(`/${ig.externalId}/media`, ig.accessToken, { image_url: `${meta.standin.url}/_demo/photo.jpg` });
    expect(container.id).toMatch(/^demo_container_/);
    // Polled until FINISHED, as the job does.
    let status = "";
    for (let poll = 0; poll < 5 && status !== "FINISHED"; poll++) {
      const read = await fetch(`${graph}/${container.id}?fields=status_code`, { headers: { authorization: `Bearer ${ig.accessToken}` } });
      status = ((await read.json()) as { status_code: string }).status_code;
    }
    expect(status).toBe("FINISHED");
    const published = await post(`/${ig.externalId}/media_publish`, ig.accessToken, { creation_id: container.id as string });
    expect(published.id).toMatch(/^demo_media_/);
    // Ids the stand-in issues never repeat the seed's.
    const seededIds = new Set(first.targets.flatMap((t) => [t.midiaId, t.containerId, t.postExternoId]).filter(Boolean));
    for (const id of [feed.id, container.id, published.id]) expect(seededIds.has(id as string)).toBe(false);
  });

  it("hands the stand-in its published posts: their permalinks answer and insights give the seeded numbers", async () => {
    meta.standin.adopt(first.result.adoption);
    const ig = first.targets.find((t) => t.rede === "instagram" && t.status === "publicado");
    const page = await fetch(ig?.permalink as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("não é a Meta");
    const graph = `${meta.env.META_GRAPH_URL}/${meta.env.META_GRAPH_VERSION}`;
    const insights = await fetch(`${graph}/${ig?.midiaId}/insights?metric=reach,likes,saved`, {
      headers: { authorization: `Bearer ${tokens.user}` },
    });
    const body = (await insights.json()) as { data: { name: string; values: { value: number }[] }[] };
    expect(Object.fromEntries(body.data.map((m) => [m.name, m.values[0]?.value]))).toEqual({
      reach: ig?.alcance,
      likes: ig?.curtidas,
      saved: ig?.salvamentos,
    });
  });

  it("has the accounts' own posts as the insights job stores them, and the job's next read keeps them and the seeded numbers", async () => {
    const db = h.fresh.db;
    const own = await db.select().from(socialAccountPosts).where(eq(socialAccountPosts.orgId, first.owner.orgId));
    expect(own.map((p) => p.rede).sort()).toEqual(["facebook", "facebook", "facebook", "instagram", "instagram"]);
    expect(
      own.every((p) => p.publicadoEm.getTime() < NOW.getTime() && p.alcance !== null && p.permalink?.startsWith(meta.standin.url)),
    ).toBe(true);
    const reads = await db.select().from(socialInsightsReads).where(eq(socialInsightsReads.orgId, first.owner.orgId));
    expect(reads).toHaveLength(2);
    expect(reads.every((r) => r.erroCodigo === null && r.metricasLidas > 0)).toBe(true);

    // The job's read over the stand-in (it adopted the seed's objects above): same posts, same numbers.
    const config = readConfig({ ...h.env, ...meta.env });
    for (const account of Object.values(first.result.accounts)) {
      const report = await readAccountInsights({ db, config }, { id: account, orgId: first.owner.orgId }, NOW);
      expect(report, account).toMatchObject({ ok: true });
    }
    // (The test above published on the stand-in directly, outside Alicerce: those two are the accounts' own now too.)
    const seededIds = new Set(own.map((p) => p.idExterno));
    const after = (await db.select().from(socialAccountPosts).where(eq(socialAccountPosts.orgId, first.owner.orgId))).filter((p) =>
      seededIds.has(p.idExterno),
    );
    expect(after.map((p) => [p.idExterno, p.alcance, p.curtidas, p.comentarios]).sort()).toEqual(
      own.map((p) => [p.idExterno, p.alcance, p.curtidas, p.comentarios]).sort(),
    );
    const targets = await db.select().from(postTargets).where(eq(postTargets.orgId, first.owner.orgId));
    const keep = (rows: typeof targets) =>
      rows
        .filter((t) => t.status === "publicado" && t.publicadoEm && t.publicadoEm.getTime() > NOW.getTime() - 30 * 86_400_000)
        .map((t) => [t.id, t.alcance, t.curtidas, t.comentarios])
        .sort();
    expect(keep(targets)).toEqual(keep(first.targets));
  });

  it("is deterministic: a second seed at the same instant makes the same calendar", async () => {
    const again = await seeded("Social Demo 2");
    const shape = (s: Seeded) =>
      byPost(s).map(({ post, targets, media }) => ({
        legenda: post.legenda,
        aprovacao: post.aprovacao,
        at: post.agendadoPara?.toISOString(),
        imovel: Boolean(post.imovelId),
        media: media.length,
        redes: targets
          .map((t) => [t.rede, t.status, t.alcance, t.curtidas, t.comentarios, t.salvamentos, t.midiaId, t.postExternoId, t.erroCodigo])
          .sort(),
      }));
    expect(shape(again)).toEqual(shape(first));
    const history = (s: Seeded) => s.attempts.map((a) => [a.iniciadoEm.toISOString(), a.rede, a.resultado, a.erroCodigo].join(" ")).sort();
    expect(history(again)).toEqual(history(first));
  });
});
