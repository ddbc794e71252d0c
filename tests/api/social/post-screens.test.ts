import { eq } from "drizzle-orm";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import * as drafts from "../../../app/routes/social/drafts.tsx";
import * as postPage from "../../../app/routes/social/post.tsx";
import * as editor from "../../../app/routes/social/post-editor.tsx";
import { businessSettings, posts, propertyPhotos, socialAccounts } from "../../../db/schema/index.ts";
import type { SocialNetwork } from "../../../shared/enums/social.ts";
import type { PostRow } from "../../../shared/resources/posts.ts";
import { getRecord } from "../../../worker/resources/records.ts";
import { createOwner, type Harness, userId } from "../harness.ts";
import { createPageHarness } from "../page-harness.ts";
import { insertProperty } from "../real-estate/property-photos-fixtures.ts";
import { actorFor, addMember } from "../records.ts";

/**
 * The post screens' loaders and actions, run by React Router over the real local database: the
 * editor saves nothing when the post is not right (errors named by field, in pt-BR), a corretor
 * sends for approval, the owner approves from Rascunhos or publishes/schedules from the editor in
 * the organização's zone, "Criar post" starts from the imóvel, and a drafter cannot approve.
 */

let h: Harness;
let orgId: string;
let ownerCookie: string;
let ownerId: string;
let professional: { userId: string; cookie: string };
const accounts = {} as Record<SocialNetwork, string>;
let property: string;
let photos: string[];

async function decoded(res: Response): Promise<Record<string, unknown>> {
  const stream = await decodeTurboStream(res.body as ReadableStream<Uint8Array>, globalThis);
  await stream.done.catch(() => {});
  return stream.value as Record<string, unknown>;
}

/** Posts a form to a page as the browser's fetch does (`.data`): the action's data or its redirect. */
async function submit(path: string, cookie: string, fields: [string, string][]) {
  const res = await h.request(`${path}.data`, {
    method: "POST",
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const value = await decoded(res);
  return { status: res.status, value, redirect: typeof value.redirect === "string" ? value.redirect : null };
}

async function postCount(): Promise<number> {
  return (await h.fresh.db.select({ id: posts.id }).from(posts).where(eq(posts.orgId, orgId))).length;
}

async function row(id: string): Promise<PostRow> {
  return (await getRecord(h.ctx(), actorFor(orgId, ownerId), "posts", id)) as unknown as PostRow;
}

beforeAll(async () => {
  h = await createPageHarness({
    "posts/create": editor,
    "posts/:id/edit": editor,
    "posts/:id": postPage,
    rascunhos: drafts,
  });
  const owner = await createOwner(h, "Posts Tela");
  orgId = owner.orgId;
  ownerCookie = owner.cookie;
  ownerId = (await userId(h, owner.email)) as string;
  professional = await addMember(h, orgId, "professional", "Rafael Corretor");
  const now = new Date();
  for (const rede of ["facebook", "instagram"] as const) {
    accounts[rede] = crypto.randomUUID();
    await h.fresh.db.insert(socialAccounts).values({
      id: accounts[rede],
      orgId,
      rede,
      idExterno: `${rede}-${orgId.slice(0, 8)}`,
      nome: "Imobiliária Tela",
      usuario: "imobtela",
      criadoEm: now,
      atualizadoEm: now,
    });
  }
  property = (await insertProperty(h, orgId, { titulo: "Casa com quintal na Lapa", status: "disponivel" })).id;
  photos = [crypto.randomUUID(), crypto.randomUUID()];
  await h.fresh.db.insert(propertyPhotos).values(
    photos.map((id, i) => ({
      id,
      orgId,
      propertyId: property,
      chave: `orgs/${orgId}/properties/${property}/${id}`,
      tamanhos: [320, 640],
      tipoConteudo: "image/webp",
      largura: 1600,
      altura: 1200,
      bytes: 1000,
      posicao: i,
      // The second photo is the cover: it leads the post.
      capa: i === 1,
      legenda: `Foto ${i + 1}`,
      criadoEm: now,
    })),
  );
});

describe("the post editor", () => {
  it("starts a post from the imóvel: its photos (cover first), title, origin imóvel", async () => {
    const res = await h.request(`/posts/create.data?imovel=${property}`, { cookie: professional.cookie });
    expect(res.status).toBe(200);
    const text = JSON.stringify(await decoded(res));
    expect(text).toContain("Casa com quintal na Lapa");
    // This site is http://localhost: no public address to post (tests/unit covers the link on a real domain).
    expect(text).toContain(`"link":""`);
    expect(text).toContain(`"imovelId":"${property}"`);
    // Cover first.
    expect(text.indexOf(photos[1] as string)).toBeLessThan(text.indexOf(photos[0] as string));
  });

  it("saves nothing when the post is not right, and says why next to the field", async () => {
    const before = await postCount();
    const long = await submit("/posts/create", professional.cookie, [
      ["intent", "enviar"],
      ["legenda", "x".repeat(2201)],
      ["contas", accounts.instagram],
    ]);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.value)).toContain("o Instagram aceita até 2.200");
    // Instagram without an image: not ready to send, nothing saved.
    const bare = await submit("/posts/create", professional.cookie, [
      ["intent", "enviar"],
      ["legenda", "Casa nova na Lapa"],
      ["contas", accounts.instagram],
    ]);
    expect(bare.status).toBe(422);
    expect(JSON.stringify(bare.value)).toContain("O Instagram precisa de uma imagem");
    expect(JSON.stringify(bare.value)).toContain("midias");
    // A corretor cannot approve.
    const approve = await submit("/posts/create", professional.cookie, [
      ["intent", "publicar"],
      ["legenda", "Casa nova"],
      ["contas", accounts.facebook],
    ]);
    expect(approve.status).toBe(403);
    expect(await postCount()).toBe(before);
  });

  it("a corretor sends for approval; the owner approves from Rascunhos and it is scheduled", async () => {
    const sent = await submit("/posts/create", professional.cookie, [
      ["intent", "enviar"],
      ["legenda", "Casa com quintal na Lapa 🏡 #lapa"],
      ["contas", accounts.facebook],
      ["contas", accounts.instagram],
      ["midias", photos[1] as string],
      ["midias", photos[0] as string],
      ["imovelId", property],
      ["agendadoParaLocal", ""],
    ]);
    expect(sent.redirect).toMatch(/^\/posts\/[0-9a-f-]{36}\?feito=enviado$/);
    const id = /\/posts\/([0-9a-f-]{36})/.exec(sent.redirect as string)?.[1] as string;
    const waiting = await row(id);
    expect(waiting.aprovacao).toBe("aguardando_aprovacao");
    expect(waiting.redes.map((t) => t.status)).toEqual(["aguardando_aprovacao", "aguardando_aprovacao"]);
    expect(waiting.midias).toEqual([photos[1], photos[0]]);
    expect(waiting.origem).toBe("imovel");

    // Sent: the corretor no longer changes it.
    const locked = await h.request(`/posts/${id}/edit.data`, { cookie: professional.cookie });
    expect(JSON.stringify(await decoded(locked))).toContain("já foi enviado para aprovação");
    const refused = await submit("/rascunhos", professional.cookie, [
      ["intent", "aprovar"],
      ["id", id],
    ]);
    expect(refused.status).toBe(403);

    const list = await h.request("/rascunhos.data", { cookie: ownerCookie });
    expect(JSON.stringify(await decoded(list))).toContain(id);
    const approved = await submit("/rascunhos", ownerCookie, [
      ["intent", "aprovar"],
      ["id", id],
    ]);
    expect(approved.redirect).toBe("/rascunhos?feito=publicando");
    expect((await row(id)).redes.map((t) => t.status)).toEqual(["agendado", "agendado"]);
  });

  it("the owner schedules in the organização's zone (Manaus), and must say when to schedule", async () => {
    await h.fresh.db.insert(businessSettings).values({ orgId, fusoHorario: "America/Manaus" });
    const fields: [string, string][] = [
      ["legenda", "Visita aberta no sábado!"],
      ["contas", accounts.facebook],
    ];
    const noTime = await submit("/posts/create", ownerCookie, [["intent", "agendar"], ["agendadoParaLocal", ""], ...fields]);
    expect(noTime.status).toBe(400);
    expect(JSON.stringify(noTime.value)).toContain("Escolha a data e a hora");
    const year = new Date().getUTCFullYear() + 1;
    const scheduled = await submit("/posts/create", ownerCookie, [
      ["intent", "agendar"],
      ["agendadoParaLocal", `${year}-01-15T09:30`],
      ...fields,
    ]);
    expect(scheduled.redirect).toMatch(/\?feito=agendado$/);
    const id = /\/posts\/([0-9a-f-]{36})/.exec(scheduled.redirect as string)?.[1] as string;
    const saved = await row(id);
    // 09:30 in Manaus (UTC−4) is 13:30 UTC.
    expect(saved.agendadoPara).toBe(`${year}-01-15T13:30:00.000Z`);
    expect(saved.redes.map((t) => t.status)).toEqual(["agendado"]);
    await h.fresh.db.delete(businessSettings).where(eq(businessSettings.orgId, orgId));
  });

  it("when corretores see only their imóveis, another's imóvel gives no photos, and their own post's page still opens", async () => {
    await h.fresh.db.insert(businessSettings).values({ orgId, corretorApenasSeus: true });
    try {
      const start = await h.request(`/posts/create.data?imovel=${property}`, { cookie: professional.cookie });
      expect(start.status).toBe(200);
      const text = JSON.stringify(await decoded(start));
      expect(text).not.toContain(photos[0] as string);
      expect(text).not.toContain("Casa com quintal na Lapa");
      const saved = await submit("/posts/create", professional.cookie, [
        ["intent", "salvar"],
        ["legenda", "Rascunho do corretor"],
      ]);
      expect(saved.redirect).toMatch(/\?feito=salvo$/);
      const id = /\/posts\/([0-9a-f-]{36})/.exec(saved.redirect as string)?.[1] as string;
      for (const path of [`/posts/${id}.data`, `/posts/${id}/edit.data`]) {
        const res = await h.request(path, { cookie: professional.cookie });
        expect(res.status, path).toBe(200);
      }
    } finally {
      await h.fresh.db.delete(businessSettings).where(eq(businessSettings.orgId, orgId));
    }
  });
});
