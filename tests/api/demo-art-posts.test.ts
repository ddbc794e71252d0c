/**
 * The demo's generated carousels (ADR 056 amendment): four imóveis get a post made as
 * /gerar-postagem makes it (a template-path generation with its notice, the first variant's
 * caption, a carousel of art: cover, photos, facts, contact), two published and two scheduled;
 * `npm start`'s step renders their files into the bucket under the keys the seed named (skipping
 * what is there), approves the scheduled ones after, and they publish through the stand-in with
 * every slide. The art Worker's handler runs in Node here, as in the other api tests.
 */
import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiGenerations, postMedia, posts, postTargets } from "../../db/schema/index.ts";
import { createRunner } from "../../jobs/runner.ts";
import { type MetaDemo, startMetaDemo } from "../../scripts/lib/meta-demo.ts";
import { ROOT } from "../../scripts/lib/proc.ts";
import { seedDemoArtPosts } from "../../scripts/seed/demo-art-posts.ts";
import { putDemoArtFiles } from "../../scripts/seed/demo-art-files.ts";
import { demoMetaTokens } from "../../scripts/seed/demo-meta.ts";
import { seedDemoPhotos } from "../../scripts/seed/demo-photos.ts";
import { seedDemoProperties } from "../../scripts/seed/demo-properties.ts";
import { seedDemoSocial } from "../../scripts/seed/demo-social.ts";
import { TEMPLATE_NOTICE } from "../../shared/ai/template-post.ts";
import { readJpegHeader } from "../../shared/image-header.ts";
import { publishObjectKey } from "../../shared/real-estate/photo-url.ts";
import { parsePostImageKey } from "../../shared/social/post-image-key.ts";
import { readConfig } from "../../worker/config/env.ts";
import { SIGNED_MEDIA_PREFIX } from "../../worker/services/media/signed-media.ts";
import { nodeArtBinding } from "../support/art-binding.ts";
import { allowConsoleError } from "../support/console-guard.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";
import { fakeBucket } from "./real-estate/property-photos-fixtures.ts";

const SECRET = "demo-art-posts-secret";
let h: Harness;
let meta: MetaDemo;
let server: Server & { url: string };
let bucket: ReturnType<typeof fakeBucket>;
let orgId: string;
const seededAt = Date.now();

/** The app as `npm start` serves it to Meta: public/'s static files, and the Worker's signed media route. */
async function startApp(): Promise<Server & { url: string }> {
  const s = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname.startsWith(SIGNED_MEDIA_PREFIX)) {
      // The signed post images: the Worker's own media route (signature, bucket).
      h.request(`${url.pathname}${url.search}`)
        .then(async (r) =>
          res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "" }).end(Buffer.from(await r.arrayBuffer())),
        )
        .catch(() => res.writeHead(500).end());
      return;
    }
    const file = path.join(ROOT, "public", decodeURIComponent(url.pathname));
    if (!file.startsWith(path.join(ROOT, "public"))) return void res.writeHead(404).end();
    readFile(file)
      .then((body) => res.writeHead(200, { "content-type": file.endsWith(".jpg") ? "image/jpeg" : "image/webp" }).end(body))
      .catch(() => res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return Object.assign(s, { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}` });
}

beforeAll(async () => {
  meta = await startMetaDemo({ dataDir: mkdtempSync(path.join(tmpdir(), "alicerce-demo-art-")), tokenSecret: SECRET, port: 0 });
  h = await createHarness();
  server = await startApp();
  bucket = fakeBucket();
  Object.assign(h.env, meta.env, { APP_URL: server.url, FILES: bucket });
  const owner = await createOwner(h, "Demo Artes");
  orgId = owner.orgId;
  const id = (await userId(h, owner.email)) as string;
  const people = [{ id, email: owner.email, role: "owner" as const }];
  const at = new Date(seededAt);
  const { propertyIds } = await seedDemoProperties(h.fresh.db, orgId, people, { clientIds: [], companyIds: [] }, at);
  await seedDemoPhotos(h.fresh.db, null, orgId, propertyIds);
  const options = {
    tokenKeys: h.env.TOKEN_ENCRYPTION_KEYS as string,
    tokens: demoMetaTokens(SECRET),
    standinUrl: meta.standin.url,
    appUrl: server.url,
  };
  const social = await seedDemoSocial(h.fresh.db, orgId, options, at);
  const art = await seedDemoArtPosts(h.fresh.db, orgId, { accounts: social.accounts, options }, at);
  meta.standin.adopt({ media: [...social.adoption.media, ...art.media], posts: [...social.adoption.posts, ...art.posts] });
}, 60_000);

afterAll(async () => {
  await meta?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

async function artPosts() {
  const media = await h.fresh.db
    .select({ postId: postMedia.postId, chave: postMedia.chave, alt: postMedia.textoAlternativo })
    .from(postMedia)
    .where(and(eq(postMedia.orgId, orgId), isNotNull(postMedia.chave)))
    .orderBy(asc(postMedia.postId), asc(postMedia.posicao));
  const ids = [...new Set(media.map((m) => m.postId))];
  const rows = await h.fresh.db
    .select()
    .from(posts)
    .where(and(eq(posts.orgId, orgId), inArray(posts.id, ids)));
  return rows.map((p) => ({ ...p, media: media.filter((m) => m.postId === p.id) }));
}

describe("the demo's generated carousels", () => {
  it("are four posts from imóveis, captions by the template generator with its notice recorded, carousels ending in facts and contact", async () => {
    const list = await artPosts();
    expect(list).toHaveLength(4);
    const generations = await h.fresh.db
      .select()
      .from(aiGenerations)
      .where(and(eq(aiGenerations.orgId, orgId), eq(aiGenerations.tipo, "post")));
    expect(generations).toHaveLength(4);
    for (const g of generations) {
      expect(g.status).toBe("pronta");
      expect(g.origem).toBe("modelo");
      expect(g.aviso).toBe(TEMPLATE_NOTICE);
    }
    for (const post of list) {
      expect(post.origem).toBe("imovel");
      expect(post.imovelId).not.toBeNull();
      expect(post.legenda.length).toBeGreaterThan(80);
      expect(post.media.length).toBe(5);
      for (const m of post.media) expect(parsePostImageKey(m.chave as string)?.orgId).toBe(orgId);
      const alts = post.media.map((m) => m.alt ?? "");
      expect(alts.at(-2)).toMatch(/^Ficha de /);
      expect(alts.at(-1)).toMatch(/^Contato/);
    }
    const targets = await h.fresh.db
      .select({ postId: postTargets.postId, status: postTargets.status })
      .from(postTargets)
      .where(
        and(
          eq(postTargets.orgId, orgId),
          inArray(
            postTargets.postId,
            list.map((p) => p.id),
          ),
        ),
      );
    const statusOf = (p: { id: string }) => new Set(targets.filter((t) => t.postId === p.id).map((t) => t.status));
    expect(list.filter((p) => statusOf(p).has("publicado"))).toHaveLength(2);
    expect(list.filter((p) => statusOf(p).has("agendado"))).toHaveLength(2);
  });

  it("get their JPEGs under the keys the seed named, once (a second run stores nothing), approved after", async () => {
    const art = nodeArtBinding();
    const first = await putDemoArtFiles(
      h.fresh.db,
      orgId,
      { art, bucket: bucket as unknown as R2Bucket },
      { appUrl: server.url, workerUrl: server.url },
    );
    const list = await artPosts();
    const slides = list.reduce((n, p) => n + p.media.length, 0);
    expect(first).toEqual({ stored: slides, posts: 4 });
    let newest = 0;
    for (const post of list) {
      for (const m of post.media) {
        const key = m.chave as string;
        const object = bucket.objects.get(publishObjectKey(key));
        expect(object, key).toBeDefined();
        const { width, height } = parsePostImageKey(key) as { width: number; height: number };
        expect(readJpegHeader(object?.bytes as Uint8Array)).toMatchObject({ width, height });
        expect(bucket.objects.has(`${key}/640.jpg`) && bucket.objects.has(`${key}/320.jpg`)).toBe(true);
        newest = Math.max(newest, object?.uploaded.getTime() ?? 0);
      }
    }
    const again = await putDemoArtFiles(
      h.fresh.db,
      orgId,
      { art, bucket: bucket as unknown as R2Bucket },
      { appUrl: server.url, workerUrl: server.url },
    );
    expect(again).toEqual({ stored: 0, posts: 4 });
    const scheduledIds = (
      await h.fresh.db
        .select({ postId: postTargets.postId })
        .from(postTargets)
        .where(and(eq(postTargets.orgId, orgId), eq(postTargets.status, "agendado")))
    ).map((t) => t.postId);
    const scheduled = (await artPosts()).filter((p) => scheduledIds.includes(p.id));
    expect(scheduled).toHaveLength(2);
    for (const p of scheduled) expect(p.aprovadoEm?.getTime()).toBeGreaterThanOrEqual(newest);
  }, 120_000);

  it("the first scheduled one goes out through the stand-in with every slide", async () => {
    allowConsoleError(/\[job\]|\[publicação\]/);
    const list = await artPosts();
    const targets = await h.fresh.db
      .select()
      .from(postTargets)
      .where(
        and(
          eq(postTargets.orgId, orgId),
          eq(postTargets.status, "agendado"),
          inArray(
            postTargets.postId,
            list.map((p) => p.id),
          ),
        ),
      );
    const firstAt = Math.min(...targets.map((t) => t.agendadoPara?.getTime() ?? Number.POSITIVE_INFINITY));
    const due = targets.filter((t) => t.agendadoPara?.getTime() === firstAt);
    expect(due.map((t) => t.rede).sort()).toEqual(["facebook", "instagram"]);
    const slides = list.find((p) => p.id === due[0]?.postId)?.media.length ?? 0;
    let clock = Date.now();
    const pending: Promise<unknown>[] = [];
    const runner = createRunner({
      db: h.fresh.db,
      config: readConfig(h.env),
      bindings: { FILES: bucket as unknown as R2Bucket },
      now: () => new Date(clock),
      waitUntil: (p) => void pending.push(p),
    });
    while (clock < firstAt + 3 * 60_000) {
      clock += 60_000;
      await runner.schedule();
      while ((await runner.tick(500)).length > 0) while (pending.length) await Promise.allSettled(pending.splice(0));
      while (pending.length) await Promise.allSettled(pending.splice(0));
    }
    const after = await h.fresh.db
      .select()
      .from(postTargets)
      .where(
        inArray(
          postTargets.id,
          due.map((t) => t.id),
        ),
      );
    for (const t of after) expect(t.status, `${t.rede}: ${t.erroMensagem}`).toBe("publicado");
    const ig = after.find((t) => t.rede === "instagram");
    expect(ig?.containersFilhos).toHaveLength(slides);
  }, 180_000);
});
