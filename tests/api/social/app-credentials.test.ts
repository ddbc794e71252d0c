import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { socialAppCredentials } from "../../../db/schema/index.ts";
import { metaAppCredentials } from "../../../worker/services/social/app-credentials.ts";
import { createOwner, userId } from "../harness.ts";
import { addMember } from "../records.ts";
import { createMetaHarness, type MetaHarness, startLogin } from "./meta-fixtures.ts";

/**
 * Credenciais Sociais: an organização's own Meta app (id, secret and verify token sealed, never
 * shown back), the platform's as the fallback, "Testar" against Meta, and the logins using the
 * organização's app when it has one.
 */

let mh: MetaHarness;

beforeAll(async () => {
  mh = await createMetaHarness();
});

describe("the organização's Meta app", () => {
  it("falls back to the platform's app, then uses its own: sealed, never shown back, tested against Meta", async () => {
    const owner = await createOwner(mh.h, "Credenciais");
    const fallback = await metaAppCredentials(mh.h.fresh.db, mh.h.ctx().config, owner.orgId);
    expect(fallback).toMatchObject({ appId: mh.meta.env.META_APP_ID, source: "plataforma" });
    const first = await (await mh.request("/admin/social-credentials.data", { cookie: owner.cookie })).text();
    expect(first).toContain("plataforma");

    // The secret is required the first time; the id must look like Meta's.
    const noSecret = await mh.post(
      "/admin/social-credentials.data",
      { intent: "salvar", appId: "123456789", appSecret: "", verifyToken: "" },
      owner.cookie,
    );
    expect(await noSecret.text()).toContain("Informe a chave secreta do app.");
    const badId = await mh.post(
      "/admin/social-credentials.data",
      { intent: "salvar", appId: "abc", appSecret: "x".repeat(32), verifyToken: "" },
      owner.cookie,
    );
    expect(await badId.text()).toContain("Informe o ID do app da Meta");

    // A wrong secret is saved, and "Testar" says Meta refused it.
    const wrongSecret = "segredo-errado-1234567890";
    await mh.post(
      "/admin/social-credentials.data",
      { intent: "salvar", appId: mh.meta.env.META_APP_ID, appSecret: wrongSecret, verifyToken: "verifica-123456" },
      owner.cookie,
    );
    const refused = await (await mh.post("/admin/social-credentials.data", { intent: "testar" }, owner.cookie)).text();
    expect(refused).toContain("A Meta recusou o ID ou a chave secreta do seu app");
    // The logins now use the organização's app: the exchange fails with the wrong secret, in pt-BR.
    const started = await startLogin(mh, owner.cookie, "facebook");
    const back = await mh.authorize(started.dialog);
    const failed = await (await mh.request(back.replace("?", ".data?"), { cookie: started.cookie })).text();
    expect(failed).toContain("A Meta recusou o ID ou a chave secreta do app");

    // The right secret (kept verify token when left blank): "Testar" passes.
    await mh.post(
      "/admin/social-credentials.data",
      { intent: "salvar", appId: mh.meta.env.META_APP_ID, appSecret: mh.meta.env.META_APP_SECRET, verifyToken: "" },
      owner.cookie,
    );
    const ok = await (await mh.post("/admin/social-credentials.data", { intent: "testar" }, owner.cookie)).text();
    expect(ok).toContain("A Meta aceitou o ID e a chave secreta do seu app");
    const own = await metaAppCredentials(mh.h.fresh.db, mh.h.ctx().config, owner.orgId);
    expect(own).toMatchObject({ source: "organizacao", appSecret: mh.meta.env.META_APP_SECRET, verifyToken: "verifica-123456" });

    const [row] = await mh.h.fresh.db.select().from(socialAppCredentials).where(eq(socialAppCredentials.orgId, owner.orgId));
    expect(row?.segredoSelado).toMatch(/^v1\./);
    expect(row?.segredoSelado).not.toContain(mh.meta.env.META_APP_SECRET);
    expect(row?.tokenVerificacaoSelado).not.toContain("verifica-123456");
    expect(row?.atualizadoPor).toBe(await userId(mh.h, owner.email));
    const screen = await (await mh.request("/admin/social-credentials.data", { cookie: owner.cookie })).text();
    for (const secret of [mh.meta.env.META_APP_SECRET, wrongSecret, "verifica-123456"]) expect(screen).not.toContain(secret);
    expect(screen).toContain("secretSet");

    // Back to the platform's app, after a confirmation.
    const unconfirmed = await (await mh.post("/admin/social-credentials.data", { intent: "plataforma" }, owner.cookie)).text();
    expect(unconfirmed).toContain("Marque a confirmação");
    await mh.post("/admin/social-credentials.data", { intent: "plataforma", confirmar: "1" }, owner.cookie);
    expect((await metaAppCredentials(mh.h.fresh.db, mh.h.ctx().config, owner.orgId))?.source).toBe("plataforma");
  });

  it("is the managers': staff cannot read or change it, and one organização's app is not another's", async () => {
    const a = await createOwner(mh.h, "App A");
    const b = await createOwner(mh.h, "App B");
    await mh.post(
      "/admin/social-credentials.data",
      { intent: "salvar", appId: "111111111", appSecret: "s".repeat(32), verifyToken: "" },
      a.cookie,
    );
    expect((await metaAppCredentials(mh.h.fresh.db, mh.h.ctx().config, a.orgId))?.appId).toBe("111111111");
    expect((await metaAppCredentials(mh.h.fresh.db, mh.h.ctx().config, b.orgId))?.source).toBe("plataforma");
    const staff = await addMember(mh.h, a.orgId, "staff");
    const save = await mh.post(
      "/admin/social-credentials.data",
      { intent: "salvar", appId: "222222222", appSecret: "t".repeat(32), verifyToken: "" },
      staff.cookie,
    );
    expect(save.status).toBe(403);
    expect((await metaAppCredentials(mh.h.fresh.db, mh.h.ctx().config, a.orgId))?.appId).toBe("111111111");
    const admin = await addMember(mh.h, a.orgId, "admin");
    expect((await mh.request("/admin/social-credentials.data", { cookie: admin.cookie })).status).toBe(200);
  });
});
