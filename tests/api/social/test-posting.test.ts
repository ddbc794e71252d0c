import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MetaDemo, startMetaDemo } from "../../../scripts/lib/meta-demo.ts";
import { DEMO_META, demoMetaTokens } from "../../../scripts/seed/demo-meta.ts";
import { seedDemoPhotos } from "../../../scripts/seed/demo-photos.ts";
import { seedDemoProperties } from "../../../scripts/seed/demo-properties.ts";
import { seedDemoSocial } from "../../../scripts/seed/demo-social.ts";
import type { Actor, ServiceContext } from "../../../worker/services/context.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { dryRunTest, publishTestPost, TEST_POST_TEXT, testAccounts } from "../../../worker/services/social/test-posting.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";

/**
 * "Teste de Publicação" against the Meta stand-in over the demo's Page and Instagram account: the
 * dry run makes a container (or an unpublished photo) and publishes nothing; the test post goes
 * out once with its link; a revoked token is explained; staff is refused; the per-org limit holds.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SECRET = "test-posting-secret";
const FAST = { pollDelaysMs: [0, 10, 10, 10] };
let h: Harness;
let meta: MetaDemo;
let assets: Server & { url: string };
let actor: Actor;
let otherOrg: Actor;
let ipCount = 0;

/** The app's static files (the demo JPEGs Meta downloads), as under `npm start`. */
async function startAssets(): Promise<Server & { url: string }> {
  const server = createServer((req, res) => {
    const file = path.join(ROOT, "public", decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    if (!file.startsWith(path.join(ROOT, "public"))) return void res.writeHead(404).end();
    readFile(file)
      .then((body) => res.writeHead(200, { "content-type": file.endsWith(".jpg") ? "image/jpeg" : "image/webp" }).end(body))
      .catch(() => res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(server, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

/** A context whose origin is the assets server (Meta downloads the test image from it). */
const ctx = (): ServiceContext => ({ ...h.ctx(`10.1.0.${++ipCount}`), origin: assets.url });

beforeAll(async () => {
  meta = await startMetaDemo({ dataDir: mkdtempSync(path.join(tmpdir(), "alicerce-test-posting-")), tokenSecret: SECRET, port: 0 });
  assets = await startAssets();
  h = await createHarness();
  Object.assign(h.env, meta.env);
  const owner = await createOwner(h, "Teste Publica");
  const id = (await userId(h, owner.email)) as string;
  actor = { orgId: owner.orgId, userId: id, role: "owner" } as Actor;
  const other = await createOwner(h, "Outra Org");
  otherOrg = { orgId: other.orgId, userId: (await userId(h, other.email)) as string, role: "owner" } as Actor;
  const { propertyIds } = await seedDemoProperties(
    h.fresh.db,
    owner.orgId,
    [{ id, email: owner.email, role: "owner" }],
    { clientIds: [], companyIds: [] },
    new Date(),
  );
  await seedDemoPhotos(h.fresh.db, null, owner.orgId, propertyIds);
  await seedDemoSocial(h.fresh.db, owner.orgId, {
    tokenKeys: h.env.TOKEN_ENCRYPTION_KEYS as string,
    tokens: demoMetaTokens(SECRET),
    standinUrl: meta.standin.url,
    appUrl: assets.url,
  });
});
afterAll(async () => {
  await meta?.close();
  await new Promise<void>((resolve) => (assets ? assets.close(() => resolve()) : resolve()));
});

/** Each test starts with a fresh per-org window (the limit itself has its own test). */
async function resetLimit() {
  await h.fresh.db.run(sql`DELETE FROM rate_limits WHERE key LIKE 'socialTest:%'`);
}

async function accountOf(rede: "facebook" | "instagram") {
  const account = (await testAccounts(ctx(), actor)).find((a) => a.rede === rede);
  if (!account) throw new Error(`demo ${rede} account missing`);
  return account;
}

describe("Teste de Publicação", () => {
  it("lists the organização's accounts only", async () => {
    const mine = await testAccounts(ctx(), actor);
    expect(mine.map((a) => a.rede).sort()).toEqual(["facebook", "instagram"]);
    expect(await testAccounts(ctx(), otherOrg)).toEqual([]);
  });

  it("dry run on Instagram: a container created from a JPEG and polled to FINISHED, never published", async () => {
    await resetLimit();
    const ig = await accountOf("instagram");
    const mediaBefore = meta.standin.state.media.size;
    const result = await dryRunTest(ctx(), actor, ig.id, FAST);
    expect(result.ok, result.message).toBe(true);
    expect(result.message).toMatch(/Nada foi publicado/);
    const container = meta.standin.state.containers.get(result.createdId as string);
    expect(container?.status).toBe("FINISHED");
    expect(container?.imageUrl).toMatch(/\/media\/demo\/.+\/publish\.jpg$/);
    expect(meta.standin.state.media.size).toBe(mediaBefore);
    expect([...meta.standin.state.containers.values()].some((c) => c.status === "PUBLISHED" && c.id === result.createdId)).toBe(false);
  });

  it("dry run on the Page: an unpublished photo, no post", async () => {
    await resetLimit();
    const fb = await accountOf("facebook");
    const postsBefore = meta.standin.state.posts.size;
    const result = await dryRunTest(ctx(), actor, fb.id, FAST);
    expect(result.ok, result.message).toBe(true);
    const photo = meta.standin.state.photos.get(result.createdId as string);
    expect(photo?.published).toBe(false);
    expect(photo?.postId).toBeUndefined();
    expect(meta.standin.state.posts.size).toBe(postsBefore);
  });

  it("a container in ERROR is explained in pt-BR with its code", async () => {
    await resetLimit();
    const ig = await accountOf("instagram");
    meta.standin.faults.add({ kind: "container-error", subcode: 2207026, times: 1 });
    const result = await dryRunTest(ctx(), actor, ig.id, FAST);
    expect(result.ok).toBe(false);
    expect(result.code).toBe("ERROR/2207026");
    expect(result.createdId).toBeTruthy();
  });

  it("publishes one test post on the Page, with its link", async () => {
    await resetLimit();
    const fb = await accountOf("facebook");
    const ours = () => [...meta.standin.state.posts.values()].filter((p) => p.message === TEST_POST_TEXT);
    expect(ours()).toHaveLength(0);
    const result = await publishTestPost(ctx(), actor, fb.id);
    expect(result.ok, result.message).toBe(true);
    expect(ours()).toHaveLength(1);
    expect(ours()[0]?.id).toBe(result.createdId);
    expect(result.permalink).toMatch(/\/_demo\/posts\//);
  });

  it("refuses a test post on an Instagram account (it goes to a Page)", async () => {
    await resetLimit();
    const ig = await accountOf("instagram");
    await expect(publishTestPost(ctx(), actor, ig.id)).rejects.toMatchObject({ status: 422 });
  });

  it("refuses staff and professionals (403) and another organização's account", async () => {
    const fb = await accountOf("facebook");
    for (const role of ["staff", "professional"] as const) {
      await expect(dryRunTest(ctx(), { ...actor, role }, fb.id)).rejects.toMatchObject({ status: 403 });
      await expect(publishTestPost(ctx(), { ...actor, role }, fb.id)).rejects.toMatchObject({ status: 403 });
      await expect(testAccounts(ctx(), { ...actor, role })).rejects.toBeInstanceOf(DomainError);
    }
    await expect(dryRunTest(ctx(), otherOrg, fb.id)).rejects.toMatchObject({ status: 422 });
  });

  it("limits the test actions per organização (a few a minute)", async () => {
    await resetLimit();
    const fb = await accountOf("facebook");
    const statuses: (number | "ok")[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        await dryRunTest(ctx(), actor, fb.id, FAST).then(
          () => "ok" as const,
          (e: DomainError) => e.status,
        ),
      );
    }
    expect(statuses).toEqual(["ok", "ok", "ok", "ok", "ok", 429, 429]);
  });

  it("explains a revoked token (190) in pt-BR with the raw code, nothing published", async () => {
    await resetLimit();
    const fb = await accountOf("facebook");
    const postsBefore = meta.standin.state.posts.size;
    meta.standin.revokeTokens(DEMO_META.page.id);
    const result = await publishTestPost(ctx(), actor, fb.id);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/A conexão com a Meta precisa ser refeita/);
    expect(result.code).toMatch(/^190/);
    expect(meta.standin.state.posts.size).toBe(postsBefore);
  });
});
