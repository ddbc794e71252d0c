import { and, eq, isNull } from "drizzle-orm";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import * as postPage from "../../../app/routes/social/post.tsx";
import { postComments, postTargets, propertyInterests, socialAccounts } from "../../../db/schema/index.ts";
import { createOwner, type Harness } from "../harness.ts";
import { createPageHarness } from "../page-harness.ts";
import { insertProperty } from "../real-estate/property-photos-fixtures.ts";
import { api } from "../records.ts";

/**
 * The post's page with its comments slot (ADR 046), run by React Router over the real local
 * database: the comments Meta's webhooks recorded come in the page's one round trip, and
 * "Criar interesse" from the page makes one interest however many times it is clicked, for a
 * comment of this post only.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let post: string;
let otherPost: string;
let property: string;

async function decoded(res: Response): Promise<Record<string, unknown>> {
  const stream = await decodeTurboStream(res.body as ReadableStream<Uint8Array>, globalThis);
  await stream.done.catch(() => {});
  return stream.value as Record<string, unknown>;
}

async function submit(path: string, fields: [string, string][]) {
  const res = await h.request(`${path}.data`, {
    method: "POST",
    cookie: owner.cookie,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, value: await decoded(res) };
}

let n = 0;
async function comment(postId: string, texto: string): Promise<string> {
  n += 1;
  const [target] = await h.fresh.db.select().from(postTargets).where(eq(postTargets.postId, postId));
  const id = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db.insert(postComments).values({
    id,
    orgId: owner.orgId,
    postId,
    alvoId: target?.id as string,
    rede: "instagram",
    comentarioId: `1791000000${n}`,
    autorId: `777000${n}`,
    autorUsuario: `visitante.${n}`,
    texto,
    comentadoEm: now,
    criadoEm: now,
    atualizadoEm: now,
  });
  return id;
}

beforeAll(async () => {
  h = await createPageHarness({ "posts/:id": postPage });
  owner = await createOwner(h, "Página do post");
  const account = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db.insert(socialAccounts).values({
    id: account,
    orgId: owner.orgId,
    rede: "instagram",
    idExterno: "17841400000000300",
    nome: "@tela",
    criadoEm: now,
    atualizadoEm: now,
  });
  property = (await insertProperty(h, owner.orgId)).id;
  const create = async (extra: Record<string, unknown>) => {
    const res = await api<{ data: { id: string } }>(h, owner.cookie, "POST", "/api/posts", {
      legenda: "Casa nova",
      contas: [account],
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id;
  };
  post = await create({ imovelId: property });
  otherPost = await create({ imovelId: property });
});

describe("the post page's comments", () => {
  it("shows the comments in the page's one round trip, with Criar interesse on a property's post", async () => {
    await comment(post, "Ainda está disponível?");
    const res = await h.request(`/posts/${post}.data`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-db-round-trips"))).toBeLessThanOrEqual(2);
    const page = (await decoded(res))["posts/:id"] as {
      data: { comments: { canCreateInterest: boolean; comentarios: { texto: string }[] } };
    };
    expect(page.data.comments.comentarios.map((c) => c.texto)).toContain("Ainda está disponível?");
    expect(page.data.comments.canCreateInterest).toBe(true);
  });

  it("Criar interesse from the page: one interest for two clicks, and never for another post's comment", async () => {
    const id = await comment(post, "Quero visitar no sábado");
    const first = await submit(`/posts/${post}`, [
      ["intent", "criar-interesse"],
      ["comentarioId", id],
    ]);
    expect(first.status).toBe(200);
    const again = await submit(`/posts/${post}`, [
      ["intent", "criar-interesse"],
      ["comentarioId", id],
    ]);
    const text = JSON.stringify([first.value, again.value]);
    expect(text).toContain(id);
    const [row] = await h.fresh.db.select().from(postComments).where(eq(postComments.id, id));
    const interests = await h.fresh.db
      .select()
      .from(propertyInterests)
      .where(and(eq(propertyInterests.clienteId, row?.clienteId as string), isNull(propertyInterests.excluidoEm)));
    expect(interests).toHaveLength(1);
    expect(interests[0]).toMatchObject({ imovelId: property, origem: "instagram" });

    const elsewhere = await comment(otherPost, "Comentário de outro post");
    const refused = await submit(`/posts/${post}`, [
      ["intent", "criar-interesse"],
      ["comentarioId", elsewhere],
    ]);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.value)).toContain("Comentário não encontrado.");
    expect((await h.fresh.db.select().from(postComments).where(eq(postComments.id, elsewhere)))[0]?.interesseId).toBeNull();
  });
});
