import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, postComments, postTargets, propertyInterests, socialAccounts } from "../../../db/schema/index.ts";
import type { PostComments } from "../../../shared/social/post-comments.ts";
import { seedDemoComments } from "../../../scripts/seed/demo-comments.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { insertProperty } from "../real-estate/property-photos-fixtures.ts";
import { addMember, api, errorMessage } from "../records.ts";

/**
 * A post's comments (recorded by Meta's webhooks) through the API, and "Criar interesse": one
 * click on a comment of a post made from an imóvel opens an interest in that imóvel for a client
 * found (already linked to this or an earlier comment by the same account) or created (origem
 * Instagram/Facebook); clicking twice, or twice at once, makes one. Nothing of another
 * organização is listed or usable, and the permission table's reach holds.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;
let staff: { userId: string; cookie: string };
let professional: { userId: string; cookie: string };
let property: string;
let post: string;
let plainPost: string;
let account: string;

async function draft(cookie: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api<{ data: { id: string } }>(h, cookie, "POST", "/api/posts", {
    legenda: "Apartamento novo #venda",
    contas: [account],
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

let n = 0;
/** A comment as the webhook stores it. */
async function comment(postId: string, values: Partial<typeof postComments.$inferInsert> = {}): Promise<string> {
  n += 1;
  const [target] = await h.fresh.db.select().from(postTargets).where(eq(postTargets.postId, postId));
  const id = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db.insert(postComments).values({
    id,
    orgId: target?.orgId as string,
    postId,
    alvoId: target?.id as string,
    rede: "instagram",
    comentarioId: `1790000000${n}`,
    autorId: `555000${n}`,
    autorUsuario: `pessoa.${n}`,
    texto: "Tenho interesse, qual o valor?",
    comentadoEm: new Date(now.getTime() - n * 60_000),
    criadoEm: now,
    atualizadoEm: now,
    ...values,
  });
  return id;
}

async function createInterest(cookie: string, commentId: string) {
  const res = await h.request(`/api/property_clients/de-comentario/${commentId}`, { method: "POST", cookie });
  const body = (await res.json()) as {
    data?: { interesseId: string; clienteId: string; interesseCriado: boolean; clienteCriado: boolean };
    error?: { message: string };
  };
  return { status: res.status, body, roundTrips: Number(res.headers.get("x-db-round-trips")) };
}

const interestsOf = (clientId: string) =>
  h.fresh.db
    .select()
    .from(propertyInterests)
    .where(and(eq(propertyInterests.clienteId, clientId), isNull(propertyInterests.excluidoEm)));

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Comentários");
  other = await createOwner(h, "Outra");
  staff = await addMember(h, owner.orgId, "staff", "Equipe");
  professional = await addMember(h, owner.orgId, "professional", "Corretora");
  account = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db.insert(socialAccounts).values({
    id: account,
    orgId: owner.orgId,
    rede: "instagram",
    idExterno: "17841400000000100",
    nome: "@imob",
    criadoEm: now,
    atualizadoEm: now,
  });
  property = (await insertProperty(h, owner.orgId)).id;
  post = await draft(owner.cookie, { imovelId: property });
  plainPost = await draft(owner.cookie);
});

describe("listing a post's comments", () => {
  it("lists them newest first with the imóvel of origin, in one read; another organização's post is not found", async () => {
    const first = await comment(post, { texto: "Primeiro" });
    const second = await comment(post, { texto: "Segundo", comentadoEm: new Date() });
    const res = await api<{ data: PostComments }>(h, owner.cookie, "GET", `/api/posts/${post}/comentarios`);
    expect(res.status).toBe(200);
    expect(res.body.data.imovelId).toBe(property);
    const ids = res.body.data.comentarios.map((c) => c.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(res.body.data.comentarios.find((c) => c.id === first)).toMatchObject({
      rede: "instagram",
      tipo: "comentario",
      texto: "Primeiro",
    });

    const foreign = await api(h, other.cookie, "GET", `/api/posts/${post}/comentarios`);
    expect(foreign.status).toBe(404);
    // A professional reads only their own posts.
    expect((await api(h, professional.cookie, "GET", `/api/posts/${post}/comentarios`)).status).toBe(404);
    expect((await api(h, staff.cookie, "GET", `/api/posts/${post}/comentarios`)).status).toBe(200);
  });
});

describe("Criar interesse", () => {
  it("creates one client (origem Instagram) and one interest in the imóvel; the second click creates nothing", async () => {
    const id = await comment(post, { autorUsuario: "carla.busca", texto: "Aceita permuta?" });
    const first = await createInterest(staff.cookie, id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ interesseCriado: true, clienteCriado: true });
    expect(first.roundTrips).toBeLessThanOrEqual(3);
    const again = await createInterest(staff.cookie, id);
    expect(again.body.data).toEqual({ ...first.body.data, interesseCriado: false, clienteCriado: false });

    const clientId = first.body.data?.clienteId as string;
    const [client] = await h.fresh.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client).toMatchObject({ nome: "@carla.busca", origem: "instagram", orgId: owner.orgId });
    const interests = await interestsOf(clientId);
    expect(interests).toHaveLength(1);
    expect(interests[0]).toMatchObject({
      imovelId: property,
      etapa: "novo",
      origem: "instagram",
      mensagem: "Aceita permuta?",
      criadoPor: staff.userId,
    });

    const listed = await api<{ data: PostComments }>(h, owner.cookie, "GET", `/api/posts/${post}/comentarios`);
    expect(listed.body.data.comentarios.find((c) => c.id === id)).toMatchObject({
      clienteId: clientId,
      clienteNome: "@carla.busca",
      interesseId: first.body.data?.interesseId,
    });
  });

  it("two clicks at the same time still make one interest", async () => {
    const id = await comment(post, { autorUsuario: "dupla.clique" });
    const [x, y] = await Promise.all([createInterest(owner.cookie, id), createInterest(owner.cookie, id)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.data?.interesseId).toBe(y.body.data?.interesseId);
    const clientsNamed = await h.fresh.db
      .select()
      .from(clients)
      .where(and(eq(clients.orgId, owner.orgId), eq(clients.nome, "@dupla.clique")));
    expect(clientsNamed).toHaveLength(1);
    expect(await interestsOf(clientsNamed[0]?.id as string)).toHaveLength(1);
  });

  it("another comment by the same account finds the same client and its open interest (no duplicate)", async () => {
    const firstComment = await comment(post, { autorId: "5559999", autorUsuario: "rui.volta" });
    const laterComment = await comment(post, { autorId: "5559999", autorUsuario: "rui.volta", texto: "Ainda disponível?" });
    const first = await createInterest(owner.cookie, firstComment);
    const later = await createInterest(owner.cookie, laterComment);
    expect(later.body.data).toMatchObject({
      clienteId: first.body.data?.clienteId,
      interesseId: first.body.data?.interesseId,
      interesseCriado: false,
      clienteCriado: false,
    });
    expect(await interestsOf(first.body.data?.clienteId as string)).toHaveLength(1);
  });

  it("never picks an existing client by name alone: a homonym is another person", async () => {
    const now = new Date();
    const homonym = crypto.randomUUID();
    await h.fresh.db.insert(clients).values({
      id: homonym,
      orgId: owner.orgId,
      tipo: "pf",
      nome: "João Pereira",
      ordem: "joao pereira",
      criadoEm: now,
      atualizadoEm: now,
    } as typeof clients.$inferInsert);
    const id = await comment(post, { rede: "instagram", autorNome: "João Pereira", autorUsuario: null, autorId: "5558888" });
    const res = await createInterest(owner.cookie, id);
    expect(res.body.data?.clienteCriado).toBe(true);
    expect(res.body.data?.clienteId).not.toBe(homonym);
  });

  it("refuses a post without an imóvel, a mention without an author, and another organização's comment", async () => {
    const plain = await comment(plainPost);
    const refused = await createInterest(owner.cookie, plain);
    expect(refused.status).toBe(422);
    expect(refused.body.error?.message).toContain("não foi criado de um imóvel");

    const mention = await comment(post, { tipo: "mencao", autorId: null, autorUsuario: null, texto: null });
    expect((await createInterest(owner.cookie, mention)).status).toBe(422);

    const mine = await comment(post);
    const foreign = await createInterest(other.cookie, mine);
    expect(foreign.status).toBe(404);
    // The professional does not reach the owner's post.
    expect((await createInterest(professional.cookie, mine)).status).toBe(404);
    expect((await h.fresh.db.select().from(postComments).where(eq(postComments.id, mine)))[0]?.interesseId).toBeNull();
    expect(errorMessage(foreign.body)).toBe("Comentário não encontrado.");
  });

  it("a professional creates the interest from a comment on their own post (it is theirs)", async () => {
    const own = await draft(professional.cookie, { imovelId: property });
    const id = await comment(own, { autorUsuario: "lead.da.corretora" });
    const res = await createInterest(professional.cookie, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [interest] = await h.fresh.db
      .select()
      .from(propertyInterests)
      .where(eq(propertyInterests.id, res.body.data?.interesseId as string));
    expect(interest?.criadoPor).toBe(professional.userId);
  });
});

describe("demo comments", () => {
  it("seeds buyers' questions on the published posts from imóveis only, once, and the API lists them", async () => {
    const published = await draft(owner.cookie, { imovelId: property });
    await h.fresh.db
      .update(postTargets)
      .set({ status: "publicado", publicadoEm: new Date(Date.now() - 86_400_000) })
      .where(eq(postTargets.postId, published));
    const seeded = await seedDemoComments(h.fresh.db, owner.orgId);
    expect(seeded).toBeGreaterThanOrEqual(2);
    expect(await seedDemoComments(h.fresh.db, owner.orgId)).toBe(seeded);
    const listed = await api<{ data: PostComments }>(h, owner.cookie, "GET", `/api/posts/${published}/comentarios`);
    expect(listed.body.data.comentarios).toHaveLength(seeded);
    for (const c of listed.body.data.comentarios) expect(c.texto).toMatch(/\?|!|\.$/);
    // A draft (never published) and a post without an imóvel get none.
    const [plainComments] = await Promise.all([api<{ data: PostComments }>(h, owner.cookie, "GET", `/api/posts/${plainPost}/comentarios`)]);
    expect(plainComments.body.data.comentarios.every((c) => !c.id.startsWith("demo"))).toBe(true);
    const stored = await h.fresh.db.select().from(postComments).where(eq(postComments.postId, published));
    expect(stored.every((c) => c.comentarioId.startsWith("demo_"))).toBe(true);
  });
});
