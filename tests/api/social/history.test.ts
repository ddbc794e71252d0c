import { beforeAll, describe, expect, it } from "vitest";
import * as historyExport from "../../../app/routes/social/history.export.ts";
import * as historyPage from "../../../app/routes/social/history.tsx";
import { parseSocialListQuery, SOCIAL_PAGE_SIZE, socialListHref } from "../../../shared/social/social-list-query.ts";
import { instantIn } from "../../../shared/time-zone.ts";
import { readConfig } from "../../../worker/config/env.ts";
import type { Actor } from "../../../worker/services/context.ts";
import { type AttemptPage, listAttempts } from "../../../worker/services/social/history.ts";
import { createOwner, type Harness, userId } from "../harness.ts";
import { createPageHarness } from "../page-harness.ts";
import { actorFor, addMember } from "../records.ts";
import { createPost, insertAccount, insertAttempts, insertTarget } from "./social-fixtures.ts";

/**
 * /historico: every publish attempt, newest first, filtered by outcome, network, account, period
 * (the organização's days) and caption words, in keyset pages; one round trip per page; only the
 * organização's rows, and a corretor's only their own posts'; the CSV for owner/admin.
 */

let h: Harness;
let owner: Actor;
let corretor: Actor;
let ownerCookie: string;
let staffCookie: string;
let otherOrg: Actor;
let otherCookie: string;
let facebook: string;
let instagram: string;
let otherAccount: string;
/** Every attempt of org A, newest first. */
let all: string[];
let corretorAttempts: string[];
/** 23:30 in São Paulo on 2026-11-20 (02:30 UTC on the 21st): the 20th's, not the 21st's. */
const LATE_EVENING = instantIn("2026-11-20", "23:30", "America/Sao_Paulo");

const q = (search: string) => parseSocialListQuery(new URLSearchParams(search));
const ids = (page: AttemptPage) => page.rows.map((r) => r.id);

beforeAll(async () => {
  h = await createPageHarness({ historico: historyPage, "historico/exportar": historyExport });
  const config = readConfig(h.env);
  const a = await createOwner(h, "Historico A");
  owner = actorFor(a.orgId, (await userId(h, a.email)) as string);
  ownerCookie = a.cookie;
  const pro = await addMember(h, a.orgId, "professional", "Corretora Lia");
  corretor = actorFor(a.orgId, pro.userId, "professional");
  staffCookie = (await addMember(h, a.orgId, "staff")).cookie;
  const b = await createOwner(h, "Historico B");
  otherOrg = actorFor(b.orgId, (await userId(h, b.email)) as string);
  otherCookie = b.cookie;

  facebook = await insertAccount(h.fresh.db, config, a.orgId, { rede: "facebook", nome: "Página Horizonte" });
  instagram = await insertAccount(h.fresh.db, config, a.orgId, { rede: "instagram", nome: "Horizonte", usuario: "horizonte.imoveis" });
  otherAccount = await insertAccount(h.fresh.db, config, b.orgId, { rede: "facebook", nome: "Página Segredo" });

  const ctx = h.ctx();
  const ownersPost = await createPost(ctx, owner, "Cobertura duplex no Jardim Europa #luxo");
  const corretorPost = await createPost(ctx, corretor, "Casa térrea com quintal na Vila Mariana");
  const fbTarget = await insertTarget(h.fresh.db, a.orgId, { postId: ownersPost, contaId: facebook, rede: "facebook" });
  const igTarget = await insertTarget(h.fresh.db, a.orgId, { postId: ownersPost, contaId: instagram, rede: "instagram" });
  const proTarget = await insertTarget(h.fresh.db, a.orgId, { postId: corretorPost, contaId: instagram, rede: "instagram" });

  const base = Date.parse("2026-11-01T12:00:00Z");
  const rows = [];
  // 30 attempts of the owner's post, alternating networks and outcomes, an hour apart.
  for (let i = 0; i < 30; i++) {
    const ig = i % 2 === 0;
    rows.push({
      postId: ownersPost,
      alvoId: ig ? igTarget : fbTarget,
      rede: ig ? ("instagram" as const) : ("facebook" as const),
      contaId: ig ? instagram : facebook,
      resultado: i % 3 === 0 ? ("falhou" as const) : i % 3 === 1 ? ("repetir" as const) : ("publicado" as const),
      iniciadoEm: new Date(base + i * 3600_000),
      ...(i % 3 === 0 ? { mensagem: "A Meta não aceita mais o acesso desta conta: reconecte.", erroCodigo: "190/460" } : {}),
    });
  }
  // Two with the same instant (the id breaks the tie), and one late on the 20th in São Paulo.
  rows.push({
    postId: corretorPost,
    alvoId: proTarget,
    rede: "instagram" as const,
    contaId: instagram,
    resultado: "publicado" as const,
    iniciadoEm: new Date(base + 40 * 3600_000),
  });
  rows.push({
    postId: corretorPost,
    alvoId: proTarget,
    rede: "instagram" as const,
    contaId: instagram,
    resultado: "falhou" as const,
    iniciadoEm: new Date(base + 40 * 3600_000),
    mensagem: "A imagem não pôde ser baixada pela Meta.",
    erroCodigo: "9004/2207052",
  });
  rows.push({
    postId: corretorPost,
    alvoId: proTarget,
    rede: "instagram" as const,
    contaId: instagram,
    resultado: "retido" as const,
    iniciadoEm: LATE_EVENING,
  });
  const inserted = await insertAttempts(h.fresh.db, a.orgId, rows);
  corretorAttempts = inserted.slice(30);
  const times = rows.map((r, i) => ({ id: inserted[i] as string, at: r.iniciadoEm.getTime() }));
  all = times.sort((x, y) => (x.at === y.at ? (x.id < y.id ? 1 : -1) : y.at - x.at)).map((t) => t.id);

  // Organização B: one attempt of its own post (its caption is B's secret).
  const secretPost = await createPost(ctx, otherOrg, "Segredo da organização B");
  const secretTarget = await insertTarget(h.fresh.db, b.orgId, { postId: secretPost, contaId: otherAccount, rede: "facebook" });
  await insertAttempts(h.fresh.db, b.orgId, [
    {
      postId: secretPost,
      alvoId: secretTarget,
      rede: "facebook",
      contaId: otherAccount,
      resultado: "falhou",
      iniciadoEm: new Date(base),
      mensagem: "Segredo B",
      erroCodigo: "10",
    },
  ]);
});

describe("the history of publish attempts", () => {
  it("lists newest first in keyset pages that neither skip nor repeat, and back", async () => {
    const first = await listAttempts(h.ctx(), owner, q(""));
    expect(first.total).toBe(all.length);
    expect(first.rows).toHaveLength(SOCIAL_PAGE_SIZE + 1);
    const page1 = ids(first).slice(0, SOCIAL_PAGE_SIZE);
    expect(page1).toEqual(all.slice(0, SOCIAL_PAGE_SIZE));
    const last = first.rows[SOCIAL_PAGE_SIZE - 1];
    const second = await listAttempts(h.ctx(), owner, { ...q(""), apos: { at: last?.at ?? 0, id: last?.id ?? "" } });
    expect(ids(second)).toEqual(all.slice(SOCIAL_PAGE_SIZE));
    // Back from the second page: the first, read backwards (reversed by the page).
    const head = second.rows[0];
    const back = await listAttempts(h.ctx(), owner, { ...q(""), antes: { at: head?.at ?? 0, id: head?.id ?? "" } });
    expect(ids(back).reverse()).toEqual(page1);
    // Oldest first is the same list reversed.
    const oldest = await listAttempts(h.ctx(), owner, q("ordem=antigas"));
    expect(ids(oldest).slice(0, SOCIAL_PAGE_SIZE)).toEqual([...all].reverse().slice(0, SOCIAL_PAGE_SIZE));
    // The accounts the filter offers are the organização's.
    expect(first.accounts.map((x) => x.id).sort()).toEqual([facebook, instagram].sort());
  });

  it("filters by outcome, network, account, period (the organização's days) and caption words", async () => {
    const failed = await listAttempts(h.ctx(), owner, q("resultado=falhou"));
    expect(failed.total).toBe(11);
    expect(failed.rows.every((r) => r.resultado === "falhou")).toBe(true);
    expect(failed.rows.find((r) => r.erroCodigo === "190/460")?.mensagem).toContain("reconecte");

    const fb = await listAttempts(h.ctx(), owner, q("rede=facebook"));
    expect(fb.total).toBe(15);
    expect(fb.rows.every((r) => r.rede === "facebook")).toBe(true);
    expect((await listAttempts(h.ctx(), owner, q(`conta=${instagram}`))).total).toBe(18);

    const day20 = await listAttempts(h.ctx(), owner, q("de=2026-11-20&ate=2026-11-20"));
    expect(ids(day20)).toEqual([corretorAttempts[2]]);
    expect((await listAttempts(h.ctx(), owner, q("de=2026-11-21&ate=2026-11-21"))).total).toBe(0);
    expect((await listAttempts(h.ctx(), owner, q("de=2026-11-02"))).total).toBe(15 + 3);

    const words = await listAttempts(h.ctx(), owner, q("q=quintal"));
    expect(words.total).toBe(3);
    expect((await listAttempts(h.ctx(), owner, q("q=%23luxo&resultado=publicado"))).total).toBe(10);
  });

  it("shows another organização nothing, not even with A's account id in the URL", async () => {
    const b = await listAttempts(h.ctx(), otherOrg, q(""));
    expect(b.total).toBe(1);
    expect(b.rows[0]?.mensagem).toBe("Segredo B");
    expect((await listAttempts(h.ctx(), otherOrg, q(`conta=${instagram}`))).total).toBe(0);
    expect((await listAttempts(h.ctx(), owner, q(`conta=${otherAccount}`))).total).toBe(0);
    const page = await h.request("/historico.data", { cookie: ownerCookie });
    const body = await page.text();
    expect(page.status).toBe(200);
    expect(body).toContain("Jardim Europa");
    expect(body).not.toContain("Segredo");
    const theirs = await h.request(`/historico.data?conta=${instagram}`, { cookie: otherCookie });
    expect(theirs.status).toBe(200);
    const text = await theirs.text();
    expect(text).not.toContain("Jardim Europa");
    expect(text).not.toContain("190/460");
  });

  it("gives a corretor only the attempts of their own posts", async () => {
    const mine = await listAttempts(h.ctx(), corretor, q(""));
    expect(ids(mine).sort()).toEqual([...corretorAttempts].sort());
    expect(mine.total).toBe(3);
  });

  it("answers the page in one round trip, with the pt-BR message and the raw code, and canonical URLs", async () => {
    const res = await h.request(`/historico.data?resultado=falhou&rede=instagram`, { cookie: ownerCookie });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-db-round-trips"))).toBeLessThanOrEqual(1);
    const text = await res.text();
    expect(text).toContain("9004/2207052");
    expect(text).toContain("A imagem não pôde ser baixada pela Meta.");
    // The filter form's blank fields and unknown values leave the URL.
    const messy = await h.request("/historico?q=&resultado=falhou&rede=orkut&conta=&ordem=recentes", { cookie: ownerCookie });
    expect(messy.status).toBe(302);
    expect(messy.headers.get("location")).toBe("/historico?resultado=falhou");
    expect(socialListHref("/historico", q("resultado=falhou&de=2026-11-30&ate=2026-11-01"))).toBe(
      "/historico?resultado=falhou&de=2026-11-01&ate=2026-11-30",
    );
  });

  it("exports what the filters show as CSV for owner and admin; others are refused", async () => {
    const res = await h.request("/historico/exportar?resultado=falhou", { cookie: ownerCookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Quando;Resultado;Rede;Conta;Etapa;Post;Legenda;Mensagem;Código da Meta");
    expect(lines).toHaveLength(1 + 11);
    expect(lines.some((l) => l.includes("190/460") && l.includes("Falhou"))).toBe(true);
    expect(lines.join("\n")).not.toContain("Segredo");
    expect((await h.request("/historico/exportar", { cookie: staffCookie })).status).toBe(403);
  });
});
