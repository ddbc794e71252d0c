import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { postComments, postTargets, socialAccounts, socialAppCredentials, socialConnections } from "../../../db/schema/index.ts";
import type { SocialNetwork } from "../../../shared/enums/social.ts";
import { hubSignature, signedRequest } from "../../../tools/meta-standin/webhooks.ts";
import { metaAppDoors } from "../../../shared/social/meta-doors.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { APP_SECRET_PURPOSE, sealFor } from "../../../worker/services/social/account-credentials.ts";
import { appCredentialsView, VERIFY_TOKEN_PURPOSE } from "../../../worker/services/social/app-credentials.ts";
import { createHarness, createOwner, type Harness, ORIGIN, userId } from "../harness.ts";
import { insertProperty } from "../real-estate/property-photos-fixtures.ts";
import { actorFor, api } from "../records.ts";

/**
 * Meta's doors through the whole Worker stack against the real local database (ADR 046): the
 * subscription check, signed deliveries (refused unsigned or mis-signed, with nothing stored),
 * repeated deliveries stored once, comments landing only on the right organização's post,
 * revoked permissions and deauthorization flipping connections, and data deletion answering
 * `{ url, confirmation_code }` with a readable status page. Payloads and signatures are made by
 * the Meta stand-in's own functions (tools/meta-standin/webhooks.ts), as Meta sends them.
 */

const SECRET = "segredo-do-app-de-teste";
const VERIFY = "token-de-verificacao-de-teste";
const IG = "17841400000000001";
const PAGE = "100000000000001";
const PERSON = "990000000000001";

let h: Harness;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
const acc = {} as Record<"aIg" | "aFb" | "bIg", string>;
let postA: string;
let postB: string;

const logins = new Map<string, string>();

/** The Meta login (connection) of a person in an organização, as the connection screens make it. */
async function loginOf(orgId: string, metaUserId: string): Promise<string> {
  const key = `${orgId}:${metaUserId}`;
  const known = logins.get(key);
  if (known) return known;
  const id = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db.insert(socialConnections).values({
    id,
    orgId,
    tipo: "facebook_login",
    usuarioMetaId: metaUserId,
    nome: "Pessoa que conectou",
    tokenSelado: "v1.k.x.y",
    criadoEm: now,
    atualizadoEm: now,
  });
  logins.set(key, id);
  return id;
}

async function insertAccount(orgId: string, rede: SocialNetwork, idExterno: string, metaUserId: string | null): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  const conexaoId = metaUserId ? await loginOf(orgId, metaUserId) : null;
  await h.fresh.db
    .insert(socialAccounts)
    .values({ id, orgId, rede, idExterno, nome: `Conta ${rede}`, conexaoId, tokenSelado: "v1.k.x.y", criadoEm: now, atualizadoEm: now });
  return id;
}

const statusOf = async (id: string) => (await h.fresh.db.select().from(socialAccounts).where(eq(socialAccounts.id, id)))[0]?.status;

/** A post drafted through the API, then "published" as the jobs would record Meta's ids. */
async function publishedPost(cookie: string, contas: string[], ids: { midiaId?: string; postExternoId?: string }, imovelId?: string) {
  const res = await api<{ data: { id: string } }>(h, cookie, "POST", "/api/posts", {
    legenda: "Casa com quintal #casa",
    contas,
    ...(imovelId ? { imovelId } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data.id;
  await h.fresh.db.update(postTargets).set({ status: "publicado", publicadoEm: new Date() }).where(eq(postTargets.postId, id));
  if (ids.midiaId)
    await h.fresh.db
      .update(postTargets)
      .set({ midiaId: ids.midiaId })
      .where(and(eq(postTargets.postId, id), eq(postTargets.rede, "instagram")));
  if (ids.postExternoId)
    await h.fresh.db
      .update(postTargets)
      .set({ postExternoId: ids.postExternoId })
      .where(and(eq(postTargets.postId, id), eq(postTargets.rede, "facebook")));
  return id;
}

function deliver(payload: unknown, options: { secret?: string; signature?: string | null; raw?: string; ip?: string; door?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json", "cf-connecting-ip": options.ip ?? "31.13.0.1" };
  const signature = options.signature === undefined ? hubSignature(options.secret ?? SECRET, raw) : options.signature;
  if (signature !== null) headers["x-hub-signature-256"] = signature;
  return h.request(`/api/webhooks/meta${options.door ?? ""}`, { method: "POST", body: raw, headers });
}

let seq = 0;
function igComment(
  mediaId: string,
  text = "Qual o valor do condomínio?",
  from = { id: "5550001", username: "maria.compra" },
  account = IG,
) {
  seq += 1;
  return {
    object: "instagram",
    entry: [
      {
        id: account,
        time: Math.floor(Date.now() / 1000),
        changes: [
          { field: "comments", value: { id: `1790000000000${seq}`, text, from, media: { id: mediaId, media_product_type: "FEED" } } },
        ],
      },
    ],
  };
}

function pageFeed(verb: "add" | "edited" | "remove", commentId: string, postId: string, message = "Aceita financiamento?") {
  return {
    object: "page",
    entry: [
      {
        id: PAGE,
        time: Math.floor(Date.now() / 1000) + seq++,
        changes: [
          {
            field: "feed",
            value: {
              item: "comment",
              verb,
              comment_id: commentId,
              post_id: postId,
              message,
              from: { id: PERSON, name: "João Pereira" },
              created_time: 1764000000,
            },
          },
        ],
      },
    ],
  };
}

const commentsOf = (orgId: string) => h.fresh.db.select().from(postComments).where(eq(postComments.orgId, orgId));
const countAll = async (table: string) =>
  Number((await h.fresh.db.all<{ n: number }>(sql.raw(`select count(*) as n from ${table}`)))[0]?.n ?? 0);

beforeAll(async () => {
  h = await createHarness({ env: { META_APP_SECRET: SECRET, META_WEBHOOK_VERIFY_TOKEN: VERIFY } });
  a = await createOwner(h, "Meta A");
  b = await createOwner(h, "Meta B");
  acc.aIg = await insertAccount(a.orgId, "instagram", IG, PERSON);
  acc.aFb = await insertAccount(a.orgId, "facebook", PAGE, PERSON);
  // B connected the same Instagram account too (an agency), through another person.
  acc.bIg = await insertAccount(b.orgId, "instagram", IG, "990000000000002");
  const property = (await insertProperty(h, a.orgId)).id;
  postA = await publishedPost(a.cookie, [acc.aIg, acc.aFb], { midiaId: "IGMEDIA_A1", postExternoId: `${PAGE}_2001` }, property);
  postB = await publishedPost(b.cookie, [acc.bIg], { midiaId: "IGMEDIA_B1" });
});

beforeEach(async () => {
  // The failure counter per IP is not what these tests are about (one test fills it on purpose).
  await h.fresh.db.run(sql`delete from rate_limits where key like 'metaWebhook%'`);
});

describe("subscription check (GET)", () => {
  const check = (query: string) => h.request(`/api/webhooks/meta?${query}`);

  it("answers hub.challenge only for subscribe with the right verify token", async () => {
    const ok = await check(`hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1`,
      `hub.mode=subscribe&hub.verify_token=${VERIFY.slice(0, -1)}&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1`,
      `hub.verify_token=${VERIFY}&hub.challenge=1`,
      `hub.mode=subscribe&hub.challenge=1`,
      `hub.mode=subscribe&hub.verify_token=${VERIFY}`,
    ]) {
      const res = await check(query);
      expect(res.status, query).toBe(403);
      expect(await res.text()).not.toContain("1158201444");
    }
  });
});

describe("deliveries (POST)", () => {
  it("refuses a missing, wrong or stale signature and a tampered body: 403, nothing stored", async () => {
    const before = [await countAll("post_comments"), await countAll("meta_webhook_changes")];
    const payload = igComment("IGMEDIA_A1");
    const raw = JSON.stringify(payload);
    const cases = [
      deliver(payload, { signature: null }),
      deliver(payload, { secret: "outro-segredo" }),
      deliver(payload, { signature: "sha256=" }),
      deliver(payload, { signature: hubSignature(SECRET, raw).replace("sha256=", "sha1=") }),
      // The signature of the body as sent, over a body changed on the way.
      deliver(payload, { signature: hubSignature(SECRET, raw), raw: raw.replace("condomínio", "condominio") }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Assinatura inválida.");
    }
    expect([await countAll("post_comments"), await countAll("meta_webhook_changes")]).toEqual(before);
  });

  it("stores a comment on our post once, however many times Meta delivers it", async () => {
    const payload = igComment("IGMEDIA_A1", "Tem vaga de garagem?");
    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ ok: true, applied: 1, repeated: 0 });
    const again = await deliver(payload);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ ok: true, applied: 0, repeated: 1 });
    const stored = (await commentsOf(a.orgId)).filter((c) => c.texto === "Tem vaga de garagem?");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      postId: postA,
      rede: "instagram",
      tipo: "comentario",
      autorUsuario: "maria.compra",
      autorId: "5550001",
    });
  });

  it("puts a comment on the right organização's post, never on another's (same account connected twice)", async () => {
    await deliver(igComment("IGMEDIA_A1", "Comentário no post de A"));
    await deliver(igComment("IGMEDIA_B1", "Comentário no post de B"));
    // A media that is none of our posts (the account's own old photo): nothing stored anywhere.
    await deliver(igComment("IGMEDIA_DE_NINGUEM", "Comentário solto"));
    // An account nobody connected, naming A's media id: nothing.
    await deliver(igComment("IGMEDIA_A1", "Conta estranha", undefined, "17841499999999999"));
    const textsA = (await commentsOf(a.orgId)).map((c) => c.texto);
    const textsB = (await commentsOf(b.orgId)).map((c) => c.texto);
    expect(textsA).toContain("Comentário no post de A");
    expect(textsA).not.toContain("Comentário no post de B");
    expect(textsB).toEqual(["Comentário no post de B"]);
    for (const text of ["Comentário solto", "Conta estranha"]) expect([...textsA, ...textsB]).not.toContain(text);
    expect((await commentsOf(b.orgId))[0]?.postId).toBe(postB);
  });

  it("follows a Facebook comment: added, edited, removed; a mention on our post too", async () => {
    const id = `${PAGE}_2001_777`;
    expect((await deliver(pageFeed("add", id, `${PAGE}_2001`))).status).toBe(200);
    expect((await commentsOf(a.orgId)).find((c) => c.comentarioId === id)).toMatchObject({
      rede: "facebook",
      autorNome: "João Pereira",
      texto: "Aceita financiamento?",
      postId: postA,
    });
    await deliver(pageFeed("edited", id, `${PAGE}_2001`, "Aceita financiamento pela Caixa?"));
    expect((await commentsOf(a.orgId)).find((c) => c.comentarioId === id)?.texto).toBe("Aceita financiamento pela Caixa?");
    await deliver(pageFeed("remove", id, `${PAGE}_2001`));
    expect((await commentsOf(a.orgId)).find((c) => c.comentarioId === id)).toBeUndefined();

    await deliver({
      object: "instagram",
      entry: [
        {
          id: IG,
          time: Math.floor(Date.now() / 1000),
          changes: [{ field: "mentions", value: { media_id: "IGMEDIA_A1", comment_id: "17900000000099" } }],
        },
      ],
    });
    expect((await commentsOf(a.orgId)).find((c) => c.comentarioId === "17900000000099")).toMatchObject({ tipo: "mencao", texto: null });
  });

  it("acknowledges and ignores what it does not act on (other objects, fields, verbs, junk)", async () => {
    const before = await countAll("post_comments");
    for (const payload of [
      { object: "whatsapp_business_account", entry: [{ id: "1", time: 1, changes: [{ field: "messages", value: {} }] }] },
      {
        object: "page",
        entry: [{ id: PAGE, time: Math.floor(Date.now() / 1000), changes: [{ field: "feed", value: { item: "reaction", verb: "add" } }] }],
      },
      {
        object: "instagram",
        entry: [{ id: IG, time: Math.floor(Date.now() / 1000), changes: [{ field: "comments", value: { nada: 1 } }] }],
      },
      { hello: "world" },
      [1, 2, 3],
    ]) {
      const res = await deliver(payload);
      expect(res.status, JSON.stringify(payload)).toBe(200);
    }
    expect(await countAll("post_comments")).toBe(before);
    // Signed but not JSON: 400, nothing stored.
    expect((await deliver(null, { raw: "não é json" })).status).toBe(400);
  });

  it("a revoked permission sends that person's connections (those named) to reconectar, in no other organização", async () => {
    const fb = await insertAccount(a.orgId, "facebook", "100000000000777", "990000000000555");
    const ig = await insertAccount(a.orgId, "instagram", "17841400000000777", "990000000000555");
    const elsewhere = await insertAccount(b.orgId, "facebook", "100000000000777", "990000000000556");
    const revoke = (targets?: string[]) => ({
      object: "permissions",
      entry: [
        {
          id: "990000000000555",
          time: Math.floor(Date.now() / 1000) + seq++,
          changes: [{ field: "pages_manage_posts", value: { verb: "revoked", ...(targets ? { target_ids: targets } : {}) } }],
        },
      ],
    });
    // Granting again, or revoking something we do not need, changes nothing.
    await deliver({
      object: "permissions",
      entry: [{ id: "990000000000555", time: 1, changes: [{ field: "email", value: { verb: "revoked" } }] }],
    });
    await deliver({
      object: "permissions",
      entry: [
        {
          id: "990000000000555",
          time: Math.floor(Date.now() / 1000),
          changes: [{ field: "pages_manage_posts", value: { verb: "granted" } }],
        },
      ],
    });
    const status = statusOf;
    expect(await status(fb)).toBe("ativa");
    expect((await deliver(revoke(["100000000000777"]))).status).toBe(200);
    expect(await status(fb)).toBe("reconectar");
    const [flipped] = await h.fresh.db.select().from(socialAccounts).where(eq(socialAccounts.id, fb));
    expect(flipped?.motivoStatus).toContain("pages_manage_posts");
    expect(await status(ig)).toBe("ativa");
    expect(await status(elsewhere)).toBe("ativa");
    await deliver(revoke());
    expect(await status(ig)).toBe("reconectar");
    expect(await status(elsewhere)).toBe("ativa");
  });

  it("a delivery older than Meta's retries is acknowledged and ignored (a replay cannot undo a reconnection)", async () => {
    const old = igComment("IGMEDIA_A1", "Comentário antigo");
    (old.entry[0] as { time: number }).time = Math.floor(Date.now() / 1000) - 4 * 24 * 3600;
    const res = await deliver(old);
    expect(res.status).toBe(200);
    expect((await commentsOf(a.orgId)).map((c) => c.texto)).not.toContain("Comentário antigo");
  });

  it("an IP sending wrong signatures waits; a valid signature from that same IP, or from elsewhere, still passes", async () => {
    const payload = igComment("IGMEDIA_A1", "Depois do abuso");
    for (let i = 0; i < 30; i++) expect((await deliver(payload, { secret: "chute", ip: "203.0.113.9" })).status).toBe(403);
    const blocked = await deliver(payload, { secret: "chute", ip: "203.0.113.9" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBeTruthy();
    // Checked before any counter: Meta's own signature is never refused for an IP's past failures.
    expect((await deliver(payload, { ip: "203.0.113.9" })).status).toBe(200);
    expect((await deliver(igComment("IGMEDIA_A1", "De outro IP"))).status).toBe(200);
    expect((await commentsOf(a.orgId)).filter((c) => c.texto === "Depois do abuso")).toHaveLength(1);
  });

  it("verifies the signature over the body's bytes as sent, not over text decoded and encoded again", async () => {
    // 0xFF is not UTF-8: decoded as text it becomes U+FFFD, whose bytes differ from what Meta signed.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"object":"instagram","entry":[],"x":"'),
      0xff,
      ...new TextEncoder().encode('"}'),
    ]);
    const send = (signature: string) =>
      h.request("/api/webhooks/meta", {
        method: "POST",
        body: bytes,
        headers: { "content-type": "application/json", "cf-connecting-ip": "31.13.0.7", "x-hub-signature-256": signature },
      });
    const overBytes = `sha256=${createHmac("sha256", SECRET).update(bytes).digest("hex")}`;
    const overText = hubSignature(SECRET, new TextDecoder().decode(bytes));
    expect((await send(overText)).status).toBe(403);
    // Signed as sent, then refused for what it is: not valid UTF-8 JSON.
    expect((await send(overBytes)).status).toBe(400);
  });

  it("refuses a delivery with more than 100 entries or 100 changes in an entry (400), storing nothing", async () => {
    const before = await countAll("meta_webhook_changes");
    const change = (i: number) => ({ field: "comments", value: { id: `9${i}`, media: { id: "IGMEDIA_A1" } } });
    const time = Math.floor(Date.now() / 1000);
    const wide = { object: "instagram", entry: [{ id: IG, time, changes: Array.from({ length: 101 }, (_, i) => change(i)) }] };
    const tall = { object: "instagram", entry: Array.from({ length: 101 }, (_, i) => ({ id: IG, time, changes: [change(i)] })) };
    for (const payload of [wide, tall]) expect((await deliver(payload)).status).toBe(400);
    expect(await countAll("meta_webhook_changes")).toBe(before);
  });

  it("remembers a change only when it matched one of our rows: made-up ids leave nothing in the dedup table", async () => {
    const before = await countAll("meta_webhook_changes");
    const time = Math.floor(Date.now() / 1000);
    const junk = {
      object: "instagram",
      entry: Array.from({ length: 20 }, (_, e) => ({
        id: IG,
        time: time - e,
        changes: Array.from({ length: 20 }, (_, i) => ({
          field: "comments",
          value: { id: `8${e}${i}`, media: { id: `INVENTADO_${e}_${i}` } },
        })),
      })),
    };
    expect((await deliver(junk)).status).toBe(200);
    await deliver(pageFeed("edited", "comentario-que-nao-existe", `${PAGE}_2001`));
    await deliver(pageFeed("remove", "outro-que-nao-existe", `${PAGE}_2001`));
    expect(await countAll("meta_webhook_changes")).toBe(before);
    // One that lands on our post is remembered (so Meta's retry changes nothing), under the signing app's key.
    expect((await deliver(igComment("IGMEDIA_A1", "Este fica"))).status).toBe(200);
    const rows = await h.fresh.db.all<{ digest: string }>(sql`select digest from meta_webhook_changes`);
    expect(rows.length).toBe(before + 1);
    expect(rows.every((r) => r.digest.startsWith("platform:") || r.digest.startsWith("org:"))).toBe(true);
  });

  it("refuses a body past the cap without reading it", async () => {
    const huge = JSON.stringify({ object: "instagram", entry: [], pad: "x".repeat(600 * 1024) });
    const res = await deliver(null, { raw: huge });
    expect(res.status).toBe(413);
  });
});

function callback(path: string, signed: string, ip = "31.13.0.2") {
  return h.request(`/api/webhooks/meta/${path}`, {
    method: "POST",
    body: new URLSearchParams({ signed_request: signed }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip },
  });
}

describe("deauthorize and data deletion (signed_request)", () => {
  it("deauthorize: that person's connections need reconnecting; a bad or old signed_request changes nothing", async () => {
    const who = "990000000000888";
    const mine = await insertAccount(a.orgId, "instagram", "17841400000000888", who);
    const other = await insertAccount(b.orgId, "instagram", "17841400000000889", "990000000000889");
    const status = statusOf;

    expect((await callback("desautorizacao", signedRequest("outro", { user_id: who }))).status).toBe(403);
    const old = signedRequest(SECRET, { user_id: who, issued_at: Math.floor(Date.now() / 1000) - 3 * 24 * 3600 });
    expect((await callback("desautorizacao", old)).status).toBe(403);
    expect((await callback("desautorizacao", "")).status).toBe(403);
    expect(await status(mine)).toBe("ativa");

    const res = await callback("desautorizacao", signedRequest(SECRET, { user_id: who }));
    expect(res.status).toBe(200);
    expect(await status(mine)).toBe("reconectar");
    const [login] = await h.fresh.db.select().from(socialConnections).where(eq(socialConnections.usuarioMetaId, who));
    expect(login).toMatchObject({ status: "reconectar" });
    expect(login?.motivoStatus).toContain("Reconecte");
    expect(await status(other)).toBe("ativa");
  });

  it("data deletion: answers { url, confirmation_code }, deletes the person's comments and connection link, and the status page reads in pt-BR", async () => {
    const who = "5550042";
    const account = await insertAccount(a.orgId, "instagram", "17841400000000999", who);
    await deliver(igComment("IGMEDIA_A1", "Meu comentário que quero apagar", { id: who, username: "ana.apaga" }));
    await deliver(igComment("IGMEDIA_B1", "Outro comentário meu", { id: who, username: "ana.apaga" }));
    await deliver(igComment("IGMEDIA_A1", "Comentário de outra pessoa", { id: "5550043", username: "bruno" }));
    expect((await h.fresh.db.select().from(postComments).where(eq(postComments.autorId, who))).length).toBe(2);

    expect((await callback("exclusao-de-dados", signedRequest("outro", { user_id: who }))).status).toBe(403);
    expect((await h.fresh.db.select().from(postComments).where(eq(postComments.autorId, who))).length).toBe(2);

    const signed = signedRequest(SECRET, { user_id: who });
    const res = await callback("exclusao-de-dados", signed);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { url: string; confirmation_code: string };
    expect(answer.confirmation_code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    expect(answer.url).toBe(`http://localhost/exclusao-de-dados/${answer.confirmation_code}`);
    expect(await h.fresh.db.select().from(postComments).where(eq(postComments.autorId, who))).toEqual([]);
    expect((await commentsOf(a.orgId)).map((c) => c.texto)).toContain("Comentário de outra pessoa");
    const [row] = await h.fresh.db.select().from(socialAccounts).where(eq(socialAccounts.id, account));
    expect(row).toMatchObject({ status: "desconectada", conexaoId: null, tokenSelado: null });
    expect(row?.motivoStatus).toContain("exclusão dos dados");
    // The person's login (name, token, scopes) is gone.
    expect(await h.fresh.db.select().from(socialConnections).where(eq(socialConnections.usuarioMetaId, who))).toEqual([]);

    // Meta sending the same request again gets the same code.
    const again = (await (await callback("exclusao-de-dados", signed)).json()) as { confirmation_code: string };
    expect(again.confirmation_code).toBe(answer.confirmation_code);

    const page = await h.request(new URL(answer.url).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain("Pedido de exclusão de dados");
    expect(html).toContain(answer.confirmation_code);
    expect(html).toContain("Concluído");
    expect(html).toContain("2 comentários excluídos");
    // It says exactly what it removes: Instagram comments carry another id that Meta's request never names.
    expect(html).not.toContain("os comentários seus");
    expect(html).toContain("Comentários feitos pelo Instagram chegam ao Alicerce com outra identificação");
    expect(html).not.toContain("ana.apaga");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");

    // An unknown code: a neutral page that says nothing of other requests.
    for (const code of ["AAAAAAAAAAAAAAAA", "nao-existe", answer.confirmation_code.replace(/.$/, (c) => (c === "A" ? "B" : "A"))]) {
      const unknown = await h.request(`/exclusao-de-dados/${code}`);
      expect(unknown.status).toBe(404);
      const text = await unknown.text();
      expect(text).toContain("Não encontramos um pedido com este código");
      expect(text).not.toContain(answer.confirmation_code);
    }
  });
});

describe("an organização's own Meta app (Credenciais Sociais)", () => {
  const OWN_SECRET = "segredo-do-app-proprio-de-a";
  const OWN_VERIFY = "verificacao-propria-de-a";

  beforeAll(async () => {
    const config = readConfig(h.env);
    await h.fresh.db.insert(socialAppCredentials).values({
      orgId: a.orgId,
      appId: "own_app_a",
      segredoSelado: await sealFor(config, a.orgId, APP_SECRET_PURPOSE, OWN_SECRET),
      tokenVerificacaoSelado: await sealFor(config, a.orgId, VERIFY_TOKEN_PURPOSE, OWN_VERIFY),
      atualizadoEm: new Date(),
    });
  });

  it("its door (?org=) answers its own verify token only; an organização without its own app has no door", async () => {
    const check = (query: string) => h.request(`/api/webhooks/meta?${query}&hub.mode=subscribe&hub.challenge=777`);
    const ok = await check(`org=${a.orgId}&hub.verify_token=${OWN_VERIFY}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("777");
    expect((await check(`org=${a.orgId}&hub.verify_token=${VERIFY}`)).status).toBe(403);
    expect((await check(`org=${b.orgId}&hub.verify_token=${VERIFY}`)).status).toBe(403);
    expect((await check(`org=nao-e-um-id!&hub.verify_token=${OWN_VERIFY}`)).status).toBe(403);
    expect((await check(`hub.verify_token=${OWN_VERIFY}`)).status).toBe(403);
  });

  it("verifies with its own secret alone, and what it records stays in that organização", async () => {
    const door = `?org=${a.orgId}`;
    const mine = igComment("IGMEDIA_A1", "Pelo app próprio de A");
    expect((await deliver(mine, { door, secret: SECRET })).status).toBe(403);
    expect((await deliver(mine, { secret: OWN_SECRET })).status).toBe(403);
    expect((await deliver(mine, { door: `?org=${b.orgId}`, secret: OWN_SECRET })).status).toBe(403);
    expect((await deliver(mine, { door, secret: OWN_SECRET })).status).toBe(200);
    expect((await commentsOf(a.orgId)).filter((c) => c.texto === "Pelo app próprio de A")).toHaveLength(1);
    // B connected the same Instagram account: A's app cannot put anything on B's post.
    await deliver(igComment("IGMEDIA_B1", "Tentativa pelo app de A no post de B"), { door, secret: OWN_SECRET });
    expect((await commentsOf(b.orgId)).map((c) => c.texto)).not.toContain("Tentativa pelo app de A no post de B");
  });

  it("the addresses Credenciais Sociais shows for its panel are the doors that answer", async () => {
    const doors = metaAppDoors(ORIGIN, a.orgId).map((door) => new URL(door.url));
    const [webhook, deauthorize, deletion] = doors.slice(2) as [URL, URL, URL];
    const verified = await h.request(
      `${webhook.pathname}${webhook.search}&hub.mode=subscribe&hub.verify_token=${OWN_VERIFY}&hub.challenge=55`,
    );
    expect(await verified.text()).toBe("55");
    for (const door of [deauthorize, deletion]) {
      const res = await callback(
        `${door.pathname.replace("/api/webhooks/meta/", "")}${door.search}`,
        signedRequest(OWN_SECRET, { user_id: "990000000000555" }),
      );
      expect(res.status, door.pathname).toBe(200);
    }
    for (const login of doors.slice(0, 2)) expect((await h.request(login.pathname)).status, login.pathname).not.toBe(404);
  });

  it("its callbacks reach only its own connections", async () => {
    const who = "990000000000777";
    const inA = await insertAccount(a.orgId, "instagram", "17841400000007771", who);
    const inB = await insertAccount(b.orgId, "instagram", "17841400000007772", who);
    const res = await callback(`desautorizacao?org=${a.orgId}`, signedRequest(OWN_SECRET, { user_id: who }));
    expect(res.status).toBe(200);
    expect(await statusOf(inA)).toBe("reconectar");
    expect(await statusOf(inB)).toBe("ativa");
  });

  it("wrong secrets at its own door never lock Meta's servers out of the platform's doors (counted per door and IP)", async () => {
    const metaIp = "173.252.64.10";
    const door = `?org=${a.orgId}`;
    // The organização saved a wrong secret: every delivery Meta sends to its door fails.
    for (let i = 0; i < 30; i++)
      expect((await deliver(igComment("IGMEDIA_A1"), { door, secret: "segredo-errado", ip: metaIp })).status).toBe(403);
    expect((await deliver(igComment("IGMEDIA_A1"), { door, secret: "segredo-errado", ip: metaIp })).status).toBe(429);
    // The same Meta server keeps reaching the platform's doors…
    expect((await deliver(igComment("IGMEDIA_A1", "Pela porta da plataforma"), { ip: metaIp })).status).toBe(200);
    const check = await h.request(`/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=9`, {
      headers: { "cf-connecting-ip": metaIp },
    });
    expect(check.status).toBe(200);
    expect((await callback("desautorizacao", signedRequest(SECRET, { user_id: "990000000000123" }), metaIp)).status).toBe(200);
    const deletion = await callback("exclusao-de-dados", signedRequest(SECRET, { user_id: "990000000000124" }), metaIp);
    expect(deletion.status).toBe(200);
    const { url } = (await deletion.json()) as { url: string };
    expect((await h.request(new URL(url).pathname, { headers: { "cf-connecting-ip": metaIp } })).status).toBe(200);
    // …and a delivery signed with the organização's right secret passes at its own door too.
    expect((await deliver(igComment("IGMEDIA_A1", "Com o segredo certo"), { door, secret: OWN_SECRET, ip: metaIp })).status).toBe(200);
    // Credenciais Sociais tells the organização its door is refusing deliveries.
    const view = await appCredentialsView(h.ctx(), actorFor(a.orgId, (await userId(h, a.email)) as string));
    expect(view.webhookRecusasNaHora).toBe(30);
  });

  it("its own app counts far fewer signed deliveries per hour than the platform's", async () => {
    const windowStart = Date.now() - (Date.now() % 3_600_000);
    await h.fresh.db.run(
      sql`insert into rate_limits (key, window_start, count) values (${`metaWebhookOrgApp:app:org:${a.orgId}`}, ${windowStart}, 1000)`,
    );
    expect((await deliver(igComment("IGMEDIA_A1"), { door: `?org=${a.orgId}`, secret: OWN_SECRET })).status).toBe(429);
    expect((await deliver(igComment("IGMEDIA_A1", "Plataforma sem limite de A"))).status).toBe(200);
  });

  it("an own app without its own verify token has a door no verify token opens (never the platform's)", async () => {
    const config = readConfig(h.env);
    await h.fresh.db.insert(socialAppCredentials).values({
      orgId: b.orgId,
      appId: "own_app_b",
      segredoSelado: await sealFor(config, b.orgId, APP_SECRET_PURPOSE, "segredo-do-app-proprio-de-b"),
      atualizadoEm: new Date(),
    });
    try {
      const res = await h.request(`/api/webhooks/meta?org=${b.orgId}&hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=4`);
      expect(res.status).toBe(403);
      expect(await res.text()).not.toBe("4");
    } finally {
      await h.fresh.db.delete(socialAppCredentials).where(eq(socialAppCredentials.orgId, b.orgId));
    }
  });
});
