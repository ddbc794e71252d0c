import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, inboundLeads, propertyInterests } from "../../../db/schema/index.ts";
import { feedStream } from "../../../worker/services/real-estate/portal-feed.ts";
import { rotateFeedToken, rotateLeadSecret } from "../../../worker/services/real-estate/portal-settings.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { all, child, insertProperties, listingViolations, parseXml, readyRow } from "./portal-fixtures.ts";
import { actorFor } from "../records.ts";

/**
 * The portals' doors: the VRSync feed at its secret URL (rules, rotation, streaming at 20,000
 * listings) and Grupo ZAP's lead webhook (Basic auth, idempotency, malformed input).
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;
let actor: ReturnType<typeof actorFor>;
let otherActor: ReturnType<typeof actorFor>;

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Portais");
  other = await createOwner(h, "Vizinha");
  actor = actorFor(owner.orgId, (await userId(h, owner.email)) as string);
  otherActor = actorFor(other.orgId, (await userId(h, other.email)) as string);
});

function pathOf(url: string): string {
  return new URL(url).pathname;
}

async function feedOf(path: string, ip = "10.9.0.1") {
  const res = await h.request(path, { headers: { "cf-connecting-ip": ip } });
  return { res, text: await res.text() };
}

describe("VRSync feed", () => {
  it("lists exactly the organização's available properties marked for portals, each valid", async () => {
    const o = owner.orgId;
    const valid = [
      readyRow(o),
      readyRow(o, {
        finalidade: "locacao",
        valorVendaCentavos: null,
        valorLocacaoCentavos: 2_800_00,
        tipo: "casa",
        enderecoPublico: "completo",
      }),
      readyRow(o, { finalidade: "venda_locacao", valorLocacaoCentavos: 3_000_00, iptuCentavos: 120_00, iptuPeriodo: "mensal" }),
      readyRow(o, { tipo: "terreno", areaUtil: null, areaTerreno: 360, quartos: null, banheiros: null, suites: null, vagas: null }),
      readyRow(o, { tipo: "sala_comercial", titulo: 'Sala "A" & <B> no centro', bairro: "Vila <Nova> & Cia", fotos: 5 }),
      ...Array.from({ length: 25 }, (_, i) =>
        readyRow(o, { tipo: i % 2 ? "cobertura" : "kitnet", uf: i % 3 ? "RJ" : "MG", enderecoPublico: i % 2 ? "rua" : "bairro" }),
      ),
    ];
    const skipped = [
      readyRow(o, { titulo: "Curto" }),
      readyRow(o, { fotos: 0, capaChave: null }),
      readyRow(o, { descricao: "Sem texto suficiente." }),
      readyRow(o, { cep: null }),
      readyRow(o, { finalidade: "locacao" }),
    ];
    const absent = [readyRow(o, { portal: false }), readyRow(o, { status: "reservado" }), readyRow(o, { excluidoEm: new Date() })];
    const foreign = [readyRow(other.orgId)];
    await insertProperties(h.fresh.db, [...valid, ...skipped, ...absent, ...foreign]);

    const { url } = await rotateFeedToken(h.ctx(), actor);
    expect(url).toMatch(/^http:\/\/localhost\/feeds\/vrsync\/[A-Za-z0-9_-]{43}\.xml$/);
    const { res, text } = await feedOf(pathOf(url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const doc = parseXml(text);
    const feed = doc.children[0];
    expect(feed?.name).toBe("ListingDataFeed");
    const header = child(feed!, "Header")!;
    expect(child(header, "Provider")?.text).toBe("Alicerce");
    expect(child(header, "ContactName")?.text).toBe("Negócio Portais");
    expect(child(header, "PublishDate")?.text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const listings = all(child(feed!, "Listings")!, "Listing");
    expect(listings.map((l) => child(l, "ListingID")?.text).sort()).toEqual(valid.map((p) => p.codigo).sort());
    for (const listing of listings) expect(listingViolations(listing), child(listing, "ListingID")?.text).toEqual([]);
    const sala = listings.find((l) => child(l, "ListingID")?.text === valid[4]?.codigo)!;
    expect(child(sala, "Title")?.text).toBe('Sala "A" & <B> no centro');
    expect(child(child(sala, "Location")!, "Neighborhood")?.text).toBe("Vila <Nova> & Cia");
    expect(all(child(sala, "Media")!, "Item")).toHaveLength(5);
    expect(child(child(sala, "Details")!, "PropertyType")?.text).toBe("Commercial / Office");
  });

  it("a rotated token stops working at once; unknown tokens answer the same 404", async () => {
    const first = await rotateFeedToken(h.ctx(), actor);
    expect((await feedOf(pathOf(first.url))).res.status).toBe(200);
    const second = await rotateFeedToken(h.ctx(), actor);
    const old = await feedOf(pathOf(first.url));
    expect(old.res.status).toBe(404);
    expect(old.text).toBe("Feed não encontrado.");
    expect((await feedOf(pathOf(second.url))).res.status).toBe(200);
    expect((await feedOf("/feeds/vrsync/nao-e-um-token-valido-de-verdade.xml")).text).toBe("Feed não encontrado.");
    // Another organização's token is its own feed: never the first one's listings.
    const theirs = await rotateFeedToken(h.ctx(), otherActor);
    const their = parseXml((await feedOf(pathOf(theirs.url))).text);
    expect(all(child(their.children[0]!, "Listings")!, "Listing")).toHaveLength(1);
  });

  it("guessing tokens from one IP is rate limited", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await feedOf(`/feeds/vrsync/adivinhando-token-numero-${i}xx.xml`, "10.9.9.9")).res.status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe("lead webhook", () => {
  let auth: string;
  const zapLead = (over: Record<string, unknown> = {}) => ({
    leadOrigin: "ZAP",
    timestamp: "2026-11-20T14:03:00.000Z",
    originLeadId: "zap-lead-0001",
    originListingId: "2561234567",
    clientListingId: "WH0001",
    name: "Marina Alves",
    email: "marina.alves@exemplo.com.br",
    ddd: "11",
    phone: "987654321",
    message: "Olá, gostaria de visitar o imóvel.",
    ...over,
  });
  const post = (body: unknown, authorization = auth, raw?: string) =>
    h.request("/api/portal/leads", {
      method: "POST",
      headers: { authorization, "content-type": "application/json", "cf-connecting-ip": "10.8.0.1" },
      body: raw ?? JSON.stringify(body),
    });
  const leadsOf = async (orgId: string) =>
    (await h.fresh.db.select({ n: count() }).from(inboundLeads).where(eq(inboundLeads.orgId, orgId)))[0]?.n ?? 0;

  beforeAll(async () => {
    await insertProperties(h.fresh.db, [readyRow(owner.orgId, { codigo: "WH0001" }), readyRow(other.orgId, { codigo: "WH0002" })]);
    const { user, secret } = await rotateLeadSecret(h.ctx(), actor);
    auth = `Basic ${btoa(`${user}:${secret}`)}`;
  });

  it("refuses any bad credential with the same 401, whether the user exists or not", async () => {
    const [user] = atob(auth.slice(6)).split(":");
    const answers = await Promise.all([
      post(zapLead(), ""),
      post(zapLead(), `Basic ${btoa(`${user}:errado`)}`),
      post(zapLead(), `Basic ${btoa("ninguem:errado")}`),
      post(zapLead(), "Basic %%%"),
    ]);
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(new Set(bodies).size).toBe(1);
    expect(await leadsOf(owner.orgId)).toBe(0);
  });

  it("creates the client and the interest on the property; the same originLeadId twice is one lead", async () => {
    const first = await post(zapLead());
    expect(first.status).toBe(200);
    const a = (await first.json()) as { leadId: string; repetido: boolean };
    expect(a.repetido).toBe(false);
    const again = await post(zapLead({ message: "Reenvio" }));
    expect(again.status).toBe(200);
    const b = (await again.json()) as { leadId: string; repetido: boolean };
    expect(b).toEqual({ ok: true, leadId: a.leadId, repetido: true });
    expect(await leadsOf(owner.orgId)).toBe(1);
    const [interest] = await h.fresh.db
      .select({ origem: propertyInterests.origem, imovelId: propertyInterests.imovelId, clienteId: propertyInterests.clienteId })
      .from(propertyInterests)
      .where(eq(propertyInterests.orgId, owner.orgId));
    expect(interest?.origem).toBe("portal");
    expect(interest?.imovelId).not.toBeNull();
    const [client] = await h.fresh.db
      .select({ nome: clients.nome, email: clients.email })
      .from(clients)
      .where(eq(clients.id, interest!.clienteId));
    expect(client).toEqual({ nome: "Marina Alves", email: "marina.alves@exemplo.com.br" });
  });

  it("never links another organização's property by its código", async () => {
    const res = await post(zapLead({ originLeadId: "zap-lead-0002", clientListingId: "WH0002", email: "outro@exemplo.com.br" }));
    expect(res.status).toBe(200);
    const { leadId } = (await res.json()) as { leadId: string };
    const [row] = await h.fresh.db.select({ imovelId: inboundLeads.imovelId }).from(inboundLeads).where(eq(inboundLeads.id, leadId));
    expect(row?.imovelId).toBeNull();
  });

  it("a lead without clientListingId is refused with a pt-BR 400 and stores nothing, as Grupo ZAP's manual asks", async () => {
    const before = await leadsOf(owner.orgId);
    const clientsBefore = (await h.fresh.db.select({ n: count() }).from(clients).where(eq(clients.orgId, owner.orgId)))[0]?.n;
    for (const clientListingId of [undefined, null, "", "   "]) {
      const res = await post(zapLead({ originLeadId: "zap-sem-codigo", clientListingId, email: "sem.codigo@exemplo.com.br" }));
      expect(res.status, String(clientListingId)).toBe(400);
      const answer = (await res.json()) as { error: { message: string } };
      expect(answer.error.message).toContain("Informe o clientListingId (código do imóvel).");
    }
    expect(await leadsOf(owner.orgId)).toBe(before);
    expect((await h.fresh.db.select({ n: count() }).from(clients).where(eq(clients.orgId, owner.orgId)))[0]?.n).toBe(clientsBefore);
    // The portal's corrected delivery, same originLeadId, is then the one lead; again, still one.
    const fixed = await post(zapLead({ originLeadId: "zap-sem-codigo", email: "sem.codigo@exemplo.com.br" }));
    expect(fixed.status).toBe(200);
    expect(((await fixed.json()) as { repetido: boolean }).repetido).toBe(false);
    const again = await post(zapLead({ originLeadId: "zap-sem-codigo", email: "sem.codigo@exemplo.com.br" }));
    expect(((await again.json()) as { repetido: boolean }).repetido).toBe(true);
    expect(await leadsOf(owner.orgId)).toBe(before + 1);
  });

  it("malformed payloads answer a pt-BR 4xx and create nothing", async () => {
    const before = await leadsOf(owner.orgId);
    const cases: [unknown, string | undefined, number][] = [
      [null, "{not json", 400],
      [zapLead({ originLeadId: "" }), undefined, 400],
      [zapLead({ originLeadId: "zap-x1", name: undefined }), undefined, 400],
      [zapLead({ originLeadId: "zap-x2", email: "sem-arroba", ddd: "", phone: "" }), undefined, 400],
      [zapLead({ originLeadId: "zap-x3", ddd: "1a" }), undefined, 400],
      [[1, 2, 3], undefined, 400],
      [zapLead({ originLeadId: "zap-x4", message: "x".repeat(17 * 1024) }), undefined, 413],
    ];
    for (const [body, raw, status] of cases) {
      const res = await post(body, auth, raw);
      expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBe(status);
      const answer = (await res.json()) as { error: { message: string } };
      expect(answer.error.message).toMatch(/[a-zà-ú]/);
    }
    expect(await leadsOf(owner.orgId)).toBe(before);
    const [{ n } = { n: 0 }] = await h.fresh.db
      .select({ n: count() })
      .from(clients)
      .where(and(eq(clients.orgId, owner.orgId), eq(clients.email, "sem-arroba")));
    expect(n).toBe(0);
  });

  it("a stranger's wrong secrets for a real user slow only the stranger's IP; the portal's leads still arrive", async () => {
    const [user] = atob(auth.slice(6)).split(":");
    const guess = (ip: string, authorization: string) =>
      h.request("/api/portal/leads", {
        method: "POST",
        headers: { authorization, "content-type": "application/json", "cf-connecting-ip": ip },
        body: JSON.stringify(zapLead({ originLeadId: `zap-guess-${ip}` })),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 601; i++) statuses.push((await guess("10.8.6.6", `Basic ${btoa(`${user}:errado-${i}`)}`)).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const refused = await guess("10.8.6.6", auth);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await guess("10.8.6.7", auth)).status).toBe(200);
  });
});

describe("VRSync feed at 20,000 listings", () => {
  it("streams page by page with bounded memory", { timeout: 240_000 }, async () => {
    const big = await createOwner(h, "Grande");
    const bigActor = actorFor(big.orgId, (await userId(h, big.email)) as string);
    const total = 20_000;
    const started = Date.now();
    await insertProperties(
      h.fresh.db,
      Array.from({ length: total }, () => readyRow(big.orgId, { fotos: 1 })),
    );
    const inserted = Date.now() - started;

    // Lazy: reading the opening and the first page costs three round trips, not a hundred.
    const ctx = h.ctx();
    const trips = ctx.db.roundTrips();
    const reader = (await feedStream(ctx, big.orgId)).getReader();
    await reader.read();
    await reader.read();
    expect(ctx.db.roundTrips() - trips).toBeLessThanOrEqual(3);
    await reader.cancel();

    const { url } = await rotateFeedToken(h.ctx(), bigActor);
    const t0 = Date.now();
    const res = await h.request(pathOf(url));
    expect(res.status).toBe(200);
    const body = res.body!.getReader();
    const decoder = new TextDecoder();
    let bytes = 0;
    let listings = 0;
    let tail = "";
    let peak = 0;
    let largestChunk = 0;
    const base = process.memoryUsage().heapUsed;
    for (;;) {
      const { done, value } = await body.read();
      if (done) break;
      bytes += value.byteLength;
      largestChunk = Math.max(largestChunk, value.byteLength);
      const text = tail + decoder.decode(value, { stream: true });
      listings += (text.match(/<Listing>/g) ?? []).length;
      tail = text.slice(-10);
      peak = Math.max(peak, process.memoryUsage().heapUsed - base);
    }
    const elapsed = Date.now() - t0;
    expect(listings).toBe(total);
    // Written a page at a time: no chunk comes near the whole feed (tens of MB).
    expect(largestChunk).toBeLessThan(1_000_000);
    expect(bytes).toBeGreaterThan(50 * largestChunk);
    console.log(
      `VRSync feed: ${total} listings, ${(bytes / 1e6).toFixed(1)} MB in ${elapsed} ms (insert ${inserted} ms); largest chunk ${(largestChunk / 1e3).toFixed(0)} kB, peak heap growth ${(peak / 1e6).toFixed(1)} MB (no forced GC)`,
    );
  });
});
