/**
 * The demo's scheduled posts really go out (ADR 050): seeded as an approved post is, they are taken
 * by the publishing engine's every-minute sweep when their time comes and published through the
 * local stand-in with the demo's sealed tokens, Meta downloading the committed demo JPEGs from the
 * app — as under `npm start`. The local runner runs on a clock the test moves.
 */
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postTargets } from "../../db/schema/index.ts";
import { createRunner } from "../../jobs/runner.ts";
import { type MetaDemo, startMetaDemo } from "../../scripts/lib/meta-demo.ts";
import { ROOT } from "../../scripts/lib/proc.ts";
import { demoMetaTokens } from "../../scripts/seed/demo-meta.ts";
import { seedDemoPhotos } from "../../scripts/seed/demo-photos.ts";
import { seedDemoProperties } from "../../scripts/seed/demo-properties.ts";
import { seedDemoSocial } from "../../scripts/seed/demo-social.ts";
import { readConfig } from "../../worker/config/env.ts";
import { allowConsoleError } from "../support/console-guard.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";

const SECRET = "demo-social-publish-secret";
let h: Harness;
let meta: MetaDemo;
let assets: Server;
let orgId: string;
const seededAt = Date.now();

/** The app's static files (public/), as the assets router serves them under `npm start`. */
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

beforeAll(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  meta = await startMetaDemo({ dataDir: mkdtempSync(path.join(tmpdir(), "alicerce-demo-publish-")), tokenSecret: SECRET, port: 0 });
  const served = await startAssets();
  assets = served;
  h = await createHarness();
  // As npm start gives the Worker: the stand-in's settings and the origin the jobs hand Meta images at.
  Object.assign(h.env, meta.env, { APP_URL: served.url });
  const owner = await createOwner(h, "Demo Publica");
  orgId = owner.orgId;
  const id = (await userId(h, owner.email)) as string;
  const people = [{ id, email: owner.email, role: "owner" as const }];
  const { propertyIds } = await seedDemoProperties(h.fresh.db, orgId, people, { clientIds: [], companyIds: [] }, new Date(seededAt));
  await seedDemoPhotos(h.fresh.db, null, orgId, propertyIds);
  await seedDemoSocial(
    h.fresh.db,
    orgId,
    {
      tokenKeys: h.env.TOKEN_ENCRYPTION_KEYS as string,
      tokens: demoMetaTokens(SECRET),
      standinUrl: meta.standin.url,
      appUrl: served.url,
    },
    new Date(seededAt),
  );
});

afterAll(async () => {
  await meta?.close();
  await new Promise<void>((resolve) => (assets ? assets.close(() => resolve()) : resolve()));
});

/** The local runner on a clock the test moves, as `npm start`'s cron ticks it. */
function driver() {
  let clock = seededAt;
  const pending: Promise<unknown>[] = [];
  const runner = createRunner({
    db: h.fresh.db,
    config: readConfig(h.env),
    now: () => new Date(clock),
    waitUntil: (p) => void pending.push(p),
  });
  const drain = async () => {
    while (pending.length) await Promise.allSettled(pending.splice(0));
  };
  return {
    async minutes(n: number): Promise<void> {
      for (let i = 0; i < n; i++) {
        clock += 60_000;
        await runner.schedule();
        while ((await runner.tick(500)).length > 0) await drain();
        await drain();
      }
    },
    jump(ms: number) {
      clock += ms;
    },
  };
}

async function scheduled() {
  return h.fresh.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.orgId, orgId), inArray(postTargets.status, ["agendado", "publicando", "publicado", "falhou"])));
}

describe("the demo's scheduled posts under npm start", () => {
  it("go out through the stand-in when their time comes: the first within 20 minutes, all within two weeks", async () => {
    allowConsoleError(/\[job\]|\[publicação\]/);
    const before = await scheduled();
    const due = before.filter((t) => t.status === "agendado");
    expect(due.length).toBeGreaterThanOrEqual(10);
    const firstAt = Math.min(...due.map((t) => t.agendadoPara?.getTime() ?? Number.POSITIVE_INFINITY));
    const first = due.filter((t) => t.agendadoPara?.getTime() === firstAt).map((t) => t.id);
    const run = driver();
    await run.minutes(Math.ceil((firstAt - seededAt) / 60_000) + 3);
    const afterFirst = await scheduled();
    for (const id of first) {
      const target = afterFirst.find((t) => t.id === id);
      expect(target?.status, `${target?.rede}: ${target?.erroMensagem}`).toBe("publicado");
      expect(target?.permalink).toMatch(new RegExp(`^${meta.standin.url}/_demo/`));
    }
    // Nothing else went early.
    expect(afterFirst.filter((t) => t.status === "publicado" && due.some((d) => d.id === t.id)).length).toBe(first.length);

    run.jump(14 * 86_400_000);
    await run.minutes(5);
    const all = await scheduled();
    for (const t of due) {
      const now = all.find((x) => x.id === t.id);
      expect(now?.status, `${now?.rede}: ${now?.erroMensagem}`).toBe("publicado");
    }
    // Each went out once: the stand-in holds one object per Instagram publication and Facebook post.
    const state = (await (await fetch(`${meta.standin.url}/_control/state`)).json()) as {
      media: { id: string }[];
      posts: { id: string }[];
    };
    const igIds = all.filter((t) => due.some((d) => d.id === t.id) && t.rede === "instagram").map((t) => t.midiaId);
    const fbIds = all.filter((t) => due.some((d) => d.id === t.id) && t.rede === "facebook").map((t) => t.postExternoId);
    expect(new Set(igIds).size).toBe(igIds.length);
    expect(new Set(fbIds).size).toBe(fbIds.length);
    for (const id of igIds) expect(state.media.map((m) => m.id)).toContain(id);
    for (const id of fbIds) expect(state.posts.map((p) => p.id)).toContain(id);
  }, 120_000);
});
