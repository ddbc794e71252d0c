import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as brandPage from "../../../app/routes/organization/brand.tsx";
import { shellData } from "../../../app/server/shell.server.ts";
import { brandStyles, organizations } from "../../../db/schema/index.ts";
import { DEFAULT_BRAND } from "../../../shared/brand/brand-style.ts";
import { loadSession } from "../../../worker/auth/sessions.ts";
import { getBrandStyle, saveBrandStyle } from "../../../worker/services/brand/brand-style.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { createPageHarness } from "../page-harness.ts";
import { createOwner, type Harness, userId } from "../harness.ts";
import { actorFor, addMember } from "../records.ts";

/**
 * /cores "Estilização" through the real route module against the local database: the brand is
 * saved and read back as the renderer gets it, illegible pairs and accents are refused with the
 * pt-BR reason and nothing changes, only managers reach it, and the accent rides with the session
 * to the shell of every page. Organizations never see each other's brand.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>> & { userId: string };

beforeAll(async () => {
  h = await createPageHarness({ cores: brandPage });
  const created = await createOwner(h, "Marca");
  owner = { ...created, userId: (await userId(h, created.email)) as string };
});

const LEGIBLE: [string, string][] = [
  ["corPrimaria", "#1E3A5F"],
  ["corSecundaria", "#f2a541"],
  ["corTextoSobrePrimaria", "#FFF"],
  ["fonte", "playfair"],
  ["destaque", "personalizado"],
  ["corDestaqueApp", "#1e3a5f"],
];

function post(cookie: string, fields: [string, string][], path = "/cores"): Promise<Response> {
  return h.request(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

function withField(name: string, value: string): [string, string][] {
  return LEGIBLE.map(([k, v]) => [k, k === name ? value : v]);
}

async function row() {
  const [found] = await h.fresh.db.select().from(brandStyles).where(eq(brandStyles.orgId, owner.orgId));
  return found;
}

async function accentOfSession(cookie: string): Promise<string | undefined> {
  const token = cookie.split("=")[1] as string;
  return (await loadSession(h.fresh.db, token))?.org?.accent;
}

describe("/cores: the brand", () => {
  it("is Alicerce's default, with the profile's logo, until the business saves one", async () => {
    expect(await getBrandStyle({ db: h.fresh.db }, owner.orgId)).toEqual(DEFAULT_BRAND);
    await h.fresh.db
      .update(organizations)
      .set({ logoKey: `orgs/${owner.orgId}/logo-abc.png` })
      .where(eq(organizations.id, owner.orgId));
    expect((await getBrandStyle({ db: h.fresh.db }, owner.orgId)).logoKey).toBe(`orgs/${owner.orgId}/logo-abc.png`);
    expect(await accentOfSession(owner.cookie)).toBeUndefined();
  });

  it("refuses an illegible pair with the ratio in pt-BR, as a page (400) and as data, and saves nothing", async () => {
    for (const path of ["/cores", "/cores.data"]) {
      const res = await post(owner.cookie, withField("corTextoSobrePrimaria", "#2b4a70"), path);
      expect(res.status, path).toBe(400);
      if (path === "/cores.data") expect(await res.text()).toContain("O texto fica ilegível sobre a cor primária: o contraste é de 1,");
    }
    expect(await row()).toBeUndefined();
  });

  it("refuses an accent the app's screens could not be read in, and saves nothing", async () => {
    const res = await post(owner.cookie, withField("corDestaqueApp", "#f2b134"), "/cores.data");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Esta cor de destaque fica ilegível nas telas do Alicerce");
    expect(await row()).toBeUndefined();
  });

  it("refuses what is no colour or no font of ours (never a 500), and saves nothing", async () => {
    for (const [name, value] of [
      ["corPrimaria", "azul"],
      ["corSecundaria", "#12345"],
      ["fonte", "comic-sans"],
      ["destaque", "outro"],
      ["corPrimaria", "#1e3a5f'); drop table brand_styles; --"],
    ] as const) {
      const res = await post(owner.cookie, withField(name, value), "/cores.data");
      expect(res.status, `${name}=${value}`).toBe(400);
    }
    expect(await row()).toBeUndefined();
  });

  it("saves a legible brand (normalized), the renderer reads it, and the accent reaches the session's shell", async () => {
    const res = await post(owner.cookie, LEGIBLE);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/cores?salvo=1");
    expect(await getBrandStyle({ db: h.fresh.db }, owner.orgId)).toEqual({
      corPrimaria: "#1e3a5f",
      corSecundaria: "#f2a541",
      corTextoSobrePrimaria: "#ffffff",
      fonte: "playfair",
      corDestaqueApp: "#1e3a5f",
      logoKey: `orgs/${owner.orgId}/logo-abc.png`,
    });
    expect((await row())?.atualizadoPor).toBe(owner.userId);
    const token = owner.cookie.split("=")[1] as string;
    const auth = await loadSession(h.fresh.db, token);
    expect(auth?.org?.accent).toBe("#1e3a5f");
    const shell = shellData(auth as NonNullable<typeof auth>, auth?.org as NonNullable<NonNullable<typeof auth>["org"]>);
    expect(shell.org.accentCss).toContain("--c-accent:light-dark(#1e3a5f, ");
    // The page shows what was saved.
    const page = await h.request("/cores.data", { cookie: owner.cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("#1e3a5f");
  });

  it("an illegible change after a save leaves the saved brand as it was", async () => {
    const before = await row();
    const res = await post(owner.cookie, [...withField("corPrimaria", "#ffffff"), ["corTextoSobrePrimaria", "#fafafa"]], "/cores.data");
    expect(res.status).toBe(400);
    expect(await row()).toEqual(before);
  });

  it("back to Alicerce's accent: the session carries none", async () => {
    const res = await post(owner.cookie, withField("destaque", "padrao"));
    expect(res.status).toBe(302);
    expect((await row())?.corDestaqueApp).toBeNull();
    expect(await accentOfSession(owner.cookie)).toBeUndefined();
  });

  it("the service checks again: a caller that skips the form cannot store an illegible brand", async () => {
    const before = await row();
    const actor = actorFor(owner.orgId, owner.userId);
    for (const bad of [
      { corTextoSobrePrimaria: "#1f3b60" },
      { corDestaqueApp: "#ffe08a" },
      { corPrimaria: "#1E3A5" },
      { fonte: "arial" },
    ]) {
      const input = { ...DEFAULT_BRAND, ...bad } as Parameters<typeof saveBrandStyle>[2];
      await expect(saveBrandStyle(h.ctx(), actor, input)).rejects.toBeInstanceOf(DomainError);
    }
    expect(await row()).toEqual(before);
  });

  it("is the managers': staff and the corretor get 403 on the page and on saving; nothing changes", async () => {
    const before = await row();
    for (const role of ["staff", "professional"] as const) {
      const member = await addMember(h, owner.orgId, role);
      expect((await h.request("/cores", { cookie: member.cookie })).status, role).toBe(403);
      expect((await post(member.cookie, withField("corPrimaria", "#000000"))).status, role).toBe(403);
      await expect(saveBrandStyle(h.ctx(), actorFor(owner.orgId, member.userId, role), DEFAULT_BRAND)).rejects.toMatchObject({
        status: 403,
      });
    }
    const admin = await addMember(h, owner.orgId, "admin");
    expect((await h.request("/cores", { cookie: admin.cookie })).status).toBe(200);
    expect(await row()).toEqual(before);
  });

  it("another organização keeps its own (the default) and never reads this one's", async () => {
    const other = await createOwner(h, "Outra Marca");
    expect(await getBrandStyle({ db: h.fresh.db }, other.orgId)).toEqual(DEFAULT_BRAND);
    const page = await h.request("/cores.data", { cookie: other.cookie });
    expect(await page.text()).not.toContain("#1e3a5f");
    expect(await accentOfSession(other.cookie)).toBeUndefined();
    const saved = await post(other.cookie, withField("corPrimaria", "#7a1f2b"));
    expect(saved.status).toBe(302);
    expect((await getBrandStyle({ db: h.fresh.db }, owner.orgId)).corPrimaria).toBe("#1e3a5f");
  });
});
