import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postTargets, propertyPhotos, socialAccounts } from "../../../db/schema/index.ts";
import type { SocialNetwork } from "../../../shared/enums/social.ts";
import type { PostRow } from "../../../shared/resources/posts.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { insertProperty } from "../real-estate/property-photos-fixtures.ts";
import { addMember, api, errorFields, errorMessage } from "../records.ts";

/**
 * Posts through the API: staff drafts and sends for approval, the owner approves and schedules;
 * each network's publication keeps its own status ("tentar de novo" moves only the failed one);
 * what went out is never deleted nor edited; the caption and media rules answer in pt-BR; and
 * nothing of another organização is reachable or usable (accounts, photos, storage keys).
 */

type Body<T> = { data: T };
const FORBIDDEN = "Você não tem permissão para esta ação.";

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;
let staff: { userId: string; cookie: string };
let professional: { userId: string; cookie: string };
const accounts = {} as Record<SocialNetwork, string>;
let otherAccount: string;
let property: string;
let photos: string[];
let otherPhoto: string;

async function insertAccount(orgId: string, rede: SocialNetwork, nome: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db
    .insert(socialAccounts)
    .values({ id, orgId, rede, idExterno: id.slice(0, 12), nome, usuario: "imobteste", criadoEm: now, atualizadoEm: now });
  return id;
}

async function insertPhotos(orgId: string, propertyId: string, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => crypto.randomUUID());
  await h.fresh.db.insert(propertyPhotos).values(
    ids.map((id, i) => ({
      id,
      orgId,
      propertyId,
      chave: `orgs/${orgId}/properties/${propertyId}/${id}`,
      tamanhos: [320, 640],
      tipoConteudo: "image/webp",
      largura: 1600,
      altura: 1200,
      bytes: 1000,
      posicao: i,
      capa: i === 0,
      legenda: `Foto ${i + 1}: sala com varanda`,
      criadoEm: new Date(),
    })),
  );
  return ids;
}

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Posts");
  other = await createOwner(h, "Outra");
  staff = await addMember(h, owner.orgId, "staff", "Equipe Posts");
  professional = await addMember(h, owner.orgId, "professional", "Corretora Posts");
  accounts.facebook = await insertAccount(owner.orgId, "facebook", "Imobiliária Teste");
  accounts.instagram = await insertAccount(owner.orgId, "instagram", "@imobteste");
  otherAccount = await insertAccount(other.orgId, "instagram", "@outra");
  property = (await insertProperty(h, owner.orgId)).id;
  photos = await insertPhotos(owner.orgId, property, 3);
  const otherProperty = (await insertProperty(h, other.orgId)).id;
  [otherPhoto] = (await insertPhotos(other.orgId, otherProperty, 1)) as [string];
});

const draft = (extra: Record<string, unknown> = {}) => ({
  legenda: "Apartamento com varanda gourmet 🏡 #apartamentoàvenda #pinheiros @maria.corretora",
  imovelId: property,
  contas: [accounts.facebook, accounts.instagram],
  midias: [photos[1], photos[0]],
  ...extra,
});

async function create(cookie: string, body: Record<string, unknown>): Promise<PostRow> {
  const res = await api<Body<{ id: string }>>(h, cookie, "POST", "/api/posts", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await read(cookie, res.body.data.id)) as PostRow;
}

async function read(cookie: string, id: string): Promise<PostRow | null> {
  const res = await api<Body<PostRow>>(h, cookie, "GET", `/api/posts/${id}`);
  return res.status === 200 ? res.body.data : null;
}

function move(cookie: string, id: string, path: string) {
  return api<Body<PostRow>>(h, cookie, "POST", `/api/posts/${id}/${path}`);
}

const statusOf = (row: PostRow, rede: SocialNetwork) => row.redes.find((t) => t.rede === rede)?.status;

describe("drafting, approval and schedule", () => {
  it("staff drafts from an imóvel: one publication per network, images in order, all in rascunho", async () => {
    const post = await create(staff.cookie, draft());
    expect(post.origem).toBe("imovel");
    expect(post.imovelNome).toBe("Apartamento teste");
    expect(post.aprovacao).toBe("rascunho");
    expect(post.criadoPor).toBe(staff.userId);
    expect(post.redes.map((t) => [t.rede, t.contaNome, t.status])).toEqual([
      ["facebook", "Imobiliária Teste", "rascunho"],
      ["instagram", "@imobteste", "rascunho"],
    ]);
    expect(post.midias).toEqual([photos[1], photos[0]]);
    expect([...post.contas].sort()).toEqual([accounts.facebook, accounts.instagram].sort());
  });

  it("staff sends for approval, may not approve, and no longer edits; the owner approves and schedules", async () => {
    const post = await create(staff.cookie, draft());
    const sent = await move(staff.cookie, post.id, "enviar");
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.aprovacao).toBe("aguardando_aprovacao");
    expect(sent.body.data.redes.map((t) => t.status)).toEqual(["aguardando_aprovacao", "aguardando_aprovacao"]);

    const refused = await move(staff.cookie, post.id, "aprovar");
    expect(refused.status).toBe(403);
    expect(errorMessage(refused.body)).toBe(FORBIDDEN);

    const edit = await api(h, staff.cookie, "PATCH", `/api/posts/${post.id}`, draft({ legenda: "Mudei depois de enviar" }));
    expect(edit.status).toBe(409);
    expect(errorMessage(edit.body)).toContain("Você altera só os seus rascunhos");

    const at = new Date(Date.now() + 3 * 86_400_000);
    const scheduled = await api(h, owner.cookie, "PATCH", `/api/posts/${post.id}`, draft({ agendadoPara: at.toISOString() }));
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    const approved = await move(owner.cookie, post.id, "aprovar");
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.aprovacao).toBe("aprovado");
    expect(approved.body.data.aprovadoPor).toBeTruthy();
    expect(approved.body.data.redes.map((t) => t.status)).toEqual(["agendado", "agendado"]);
    const rows = await h.fresh.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
    for (const row of rows) expect(row.agendadoPara?.getTime()).toBe(Math.floor(at.getTime()));

    const again = await move(owner.cookie, post.id, "aprovar");
    expect(again.status).toBe(409);
    expect(errorMessage(again.body)).toBe("Este post já foi aprovado.");
  });

  it("a local time is read on the organização's clock (São Paulo) and stored as the instant", async () => {
    const post = await create(owner.cookie, draft({ agendadoPara: "2027-01-15T09:30" }));
    expect(post.agendadoPara).toBe("2027-01-15T12:30:00.000Z");
  });

  it("the owner approves a draft of their own without a time: it goes now", async () => {
    const post = await create(owner.cookie, draft());
    const approved = await move(owner.cookie, post.id, "aprovar");
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const rows = await h.fresh.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
    for (const row of rows) expect(Math.abs((row.agendadoPara?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it("the owner sends back: the draft is the staff's to edit again", async () => {
    const post = await create(staff.cookie, draft());
    expect((await move(staff.cookie, post.id, "enviar")).status).toBe(200);
    const back = await move(owner.cookie, post.id, "devolver");
    expect(back.status).toBe(200);
    expect(back.body.data.aprovacao).toBe("rascunho");
    expect(back.body.data.redes.map((t) => t.status)).toEqual(["rascunho", "rascunho"]);
    expect((await api(h, staff.cookie, "PATCH", `/api/posts/${post.id}`, draft({ legenda: "Ajustei" }))).status).toBe(200);
  });
});

describe("what a post needs, in pt-BR", () => {
  it("refuses a caption over Instagram's limits, saying by how much", async () => {
    const tags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(" ");
    const res = await api(h, staff.cookie, "POST", "/api/posts", draft({ legenda: tags }));
    expect(res.status).toBe(400);
    expect(errorFields(res.body).legenda).toBe("A legenda tem 31 hashtags; o Instagram aceita até 30. Tire 1.");
  });

  it("refuses more than 10 images, a time in the past, and a post from an imóvel and a produto at once", async () => {
    const many = await api(h, staff.cookie, "POST", "/api/posts", draft({ midias: Array.from({ length: 11 }, () => crypto.randomUUID()) }));
    expect(errorFields(many.body).midias).toBe("Um carrossel tem no máximo 10 imagens.");
    const past = await api(h, staff.cookie, "POST", "/api/posts", draft({ agendadoPara: "2020-01-01T10:00" }));
    expect(errorFields(past.body).agendadoPara).toBe("Escolha um horário a partir de agora.");
    const both = await api(h, staff.cookie, "POST", "/api/posts", draft({ produtoId: crypto.randomUUID() }));
    expect(errorFields(both.body).produtoId).toBe("Um post vem de um só registro: um imóvel, um produto ou um serviço.");
  });

  it("Instagram needs an image before going for approval; a post needs an account", async () => {
    const bare = await create(staff.cookie, draft({ midias: [] }));
    const res = await move(staff.cookie, bare.id, "enviar");
    expect(res.status).toBe(422);
    expect(errorFields(res.body).midias).toBe("O Instagram precisa de uma imagem ou de um carrossel de 2 a 10 imagens.");
    const facebookOnly = await create(staff.cookie, draft({ midias: [], contas: [accounts.facebook] }));
    expect((await move(staff.cookie, facebookOnly.id, "enviar")).status).toBe(200);
    const none = await create(staff.cookie, draft({ contas: [] }));
    const noAccount = await move(staff.cookie, none.id, "enviar");
    expect(noAccount.status).toBe(422);
    expect(errorFields(noAccount.body).contas).toContain("Escolha ao menos uma conta");
  });

  it("refuses two accounts of one network", async () => {
    const second = await insertAccount(owner.orgId, "facebook", "Outra Página");
    const res = await api(h, staff.cookie, "POST", "/api/posts", draft({ contas: [accounts.facebook, second] }));
    expect(res.status).toBe(422);
    expect(errorFields(res.body).contas).toBe("Escolha uma conta por rede: uma Página do Facebook e/ou uma conta do Instagram.");
  });
});

describe("each network on its own", () => {
  async function published(): Promise<PostRow> {
    const post = await create(owner.cookie, draft());
    expect((await move(owner.cookie, post.id, "aprovar")).status).toBe(200);
    // What the publishing jobs will write: Facebook went out, Instagram failed.
    await h.fresh.db
      .update(postTargets)
      .set({ status: "publicado", postExternoId: "123_456", publicadoEm: new Date() })
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.rede, "facebook")));
    await h.fresh.db
      .update(postTargets)
      .set({ status: "falhou", erroCodigo: "9004", erroMensagem: "A Meta não conseguiu baixar a imagem." })
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.rede, "instagram")));
    return (await read(owner.cookie, post.id)) as PostRow;
  }

  it("tentar de novo moves only the failed network back to agendado; the published one is not touched", async () => {
    const post = await published();
    const [facebookBefore] = await h.fresh.db
      .select()
      .from(postTargets)
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.rede, "facebook")));
    const retried = await move(owner.cookie, post.id, "tentar-de-novo");
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(statusOf(retried.body.data, "instagram")).toBe("agendado");
    expect(statusOf(retried.body.data, "facebook")).toBe("publicado");
    const [facebookAfter] = await h.fresh.db
      .select()
      .from(postTargets)
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.rede, "facebook")));
    expect(facebookAfter).toEqual(facebookBefore);
    const nothing = await move(owner.cookie, post.id, "tentar-de-novo");
    expect(nothing.status).toBe(409);
    expect((await move(staff.cookie, post.id, "tentar-de-novo")).status).toBe(403);
  });

  it("nobody deletes or edits what went out; cancel stops only what has not", async () => {
    const post = await published();
    const del = await api(h, owner.cookie, "DELETE", `/api/posts/${post.id}`);
    expect(del.status).toBe(409);
    expect(errorMessage(del.body)).toContain("não pode ser excluído");
    const bulk = await api<Body<{ deleted: number }>>(h, owner.cookie, "POST", "/api/posts/delete", { ids: [post.id] });
    expect(bulk.status).toBe(409);
    const edit = await api(h, owner.cookie, "PATCH", `/api/posts/${post.id}`, draft({ legenda: "Nova legenda" }));
    expect(edit.status).toBe(409);
    expect(errorMessage(edit.body)).toContain("o conteúdo não muda mais");
    const cancelled = await move(owner.cookie, post.id, "cancelar");
    expect(cancelled.status).toBe(200);
    expect(statusOf(cancelled.body.data, "facebook")).toBe("publicado");
    expect(statusOf(cancelled.body.data, "instagram")).toBe("cancelado");
    expect((await read(owner.cookie, post.id))?.legenda).toBe(post.legenda);
  });

  it("a drafter deletes their own draft, not someone else's nor one sent for approval", async () => {
    const mine = await create(staff.cookie, draft());
    const sent = await create(staff.cookie, draft());
    expect((await move(staff.cookie, sent.id, "enviar")).status).toBe(200);
    const owners = await create(owner.cookie, draft());
    expect((await api(h, staff.cookie, "DELETE", `/api/posts/${owners.id}`)).status).toBe(403);
    const refused = await api(h, staff.cookie, "DELETE", `/api/posts/${sent.id}`);
    expect(refused.status).toBe(409);
    expect((await api(h, staff.cookie, "DELETE", `/api/posts/${mine.id}`)).status).toBe(200);
    expect(await read(staff.cookie, mine.id)).toBeNull();
  });
});

describe("isolation", () => {
  it("a professional sees only the posts they wrote", async () => {
    const theirs = await create(professional.cookie, draft());
    await create(staff.cookie, draft());
    const list = await api<Body<PostRow[]>>(h, professional.cookie, "GET", "/api/posts");
    expect(list.body.data.map((p) => p.id)).toEqual([theirs.id]);
  });

  it("another organização's post is not found, for reading and for every move", async () => {
    const post = await create(owner.cookie, draft());
    expect((await api(h, other.cookie, "GET", `/api/posts/${post.id}`)).status).toBe(404);
    for (const path of ["enviar", "aprovar", "devolver", "cancelar", "tentar-de-novo"]) {
      expect((await move(other.cookie, post.id, path)).status, path).toBe(404);
    }
    expect((await api(h, other.cookie, "DELETE", `/api/posts/${post.id}`)).status).toBe(404);
  });

  it("refuses another organização's account, photo, imóvel and storage key, saving nothing", async () => {
    const before = (await api<Body<PostRow[]>>(h, owner.cookie, "GET", "/api/posts?pageSize=100")).body.data.length;
    const account = await api(h, owner.cookie, "POST", "/api/posts", draft({ contas: [otherAccount] }));
    expect(account.status).toBe(422);
    expect(errorFields(account.body).contas).toBe("Conta não encontrada. Escolha uma conta conectada em Conectar Redes.");
    const photo = await api(h, owner.cookie, "POST", "/api/posts", draft({ midias: [otherPhoto] }));
    expect(photo.status).toBe(422);
    expect(errorFields(photo.body).midias).toBe("Imagem não encontrada. Escolha uma foto do imóvel ou uma imagem enviada.");
    const key = await api(h, owner.cookie, "POST", "/api/posts", draft({ midias: [`orgs/${other.orgId}/uploads/foto`] }));
    expect(key.status).toBe(422);
    const imovel = await api(h, other.cookie, "POST", "/api/posts", { legenda: "Teste", imovelId: property });
    expect(imovel.status).toBe(422);
    const after = (await api<Body<PostRow[]>>(h, owner.cookie, "GET", "/api/posts?pageSize=100")).body.data.length;
    expect(after).toBe(before);
  });
});
