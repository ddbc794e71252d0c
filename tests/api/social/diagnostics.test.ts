import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MetaDemo, startMetaDemo } from "../../../scripts/lib/meta-demo.ts";
import { DEMO_META, demoMetaTokens } from "../../../scripts/seed/demo-meta.ts";
import { seedDemoPhotos } from "../../../scripts/seed/demo-photos.ts";
import { seedDemoProperties } from "../../../scripts/seed/demo-properties.ts";
import { seedDemoSocial } from "../../../scripts/seed/demo-social.ts";
import { diagnoseAccounts } from "../../../worker/services/social/diagnostics.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";

/** The social diagnostics over the demo's connected Page and Instagram account, against the stand-in. */

const SECRET = "diagnostics-secret";
let h: Harness;
let meta: MetaDemo;
let actor: { orgId: string; userId: string; role: "owner" };

beforeAll(async () => {
  meta = await startMetaDemo({ dataDir: mkdtempSync(path.join(tmpdir(), "alicerce-diag-")), tokenSecret: SECRET, port: 0 });
  h = await createHarness();
  Object.assign(h.env, meta.env);
  const owner = await createOwner(h, "Diagnóstico");
  const id = (await userId(h, owner.email)) as string;
  actor = { orgId: owner.orgId, userId: id, role: "owner" };
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
    appUrl: "http://localhost:8787",
  });
});
afterAll(() => meta?.close());

const statuses = (d: Awaited<ReturnType<typeof diagnoseAccounts>>[number]) => Object.fromEntries(d.checks.map((c) => [c.id, c.status]));

describe("diagnoseAccounts", () => {
  it("finds the demo's Page and Instagram account healthy: token, permissions, task, link, quota", async () => {
    const result = await diagnoseAccounts(h.ctx(), actor as never);
    const fb = result.find((a) => a.rede === "facebook");
    const ig = result.find((a) => a.rede === "instagram");
    expect(statuses(fb as never)).toEqual({ token: "ok", permissoes: "ok", tarefa: "ok", vinculo: "ok" });
    expect(statuses(ig as never)).toEqual({ token: "ok", permissoes: "ok", vinculo: "ok", cota: "ok" });
    expect(ig?.checks.find((c) => c.id === "cota")?.summary).toMatch(/publicações livres nas últimas 24 horas/);
  });

  it("explains a Page whose Instagram account was unlinked at Meta: a warning on the Page, a failure on Instagram", async () => {
    const page = meta.standin.state.pages.find((p) => p.id === DEMO_META.page.id);
    const linked = page?.instagramId;
    if (page) page.instagramId = undefined;
    try {
      const result = await diagnoseAccounts(h.ctx(), actor as never);
      const fb = result.find((a) => a.rede === "facebook")?.checks.find((c) => c.id === "vinculo");
      const ig = result.find((a) => a.rede === "instagram")?.checks.find((c) => c.id === "vinculo");
      expect(fb?.status).toBe("warn");
      expect(fb?.summary).toMatch(/não tem uma conta profissional do Instagram vinculada/);
      expect(ig?.status).toBe("fail");
    } finally {
      if (page) page.instagramId = linked;
    }
  });

  it("says in pt-BR when Meta no longer accepts the Page's token, with the raw code", async () => {
    meta.standin.revokeTokens(DEMO_META.page.id);
    const [fb] = await diagnoseAccounts(h.ctx(), actor as never, "facebook");
    const token = fb?.checks.find((c) => c.id === "token");
    expect(token?.status).toBe("fail");
    expect(token?.summary).toMatch(/A Meta não aceita mais este acesso/);
    expect(token?.code).toBe("190/460");
  });
});
