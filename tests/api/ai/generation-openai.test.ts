/**
 * The AI generation engine and its API against the real local database and the fake OpenAI
 * (ADR 055): a caption streamed into the row and checked; a made-up number rejected and
 * regenerated once; every variant failing → the templates with a note; OpenAI's failures →
 * `falhou` with pt-BR messages; cancel mid-stream; the monthly limit; tenant isolation; roles.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiGenerations, aiTokenUsage, businessSettings } from "../../../db/schema/index.ts";
import { checkVariant } from "../../../shared/ai/fact-check.ts";
import type { FactSheet } from "../../../shared/ai/facts.ts";
import type { Generation } from "../../../shared/ai/generation-api.ts";
import { ROLES } from "../../../shared/enums.ts";
import { can, FORBIDDEN_MESSAGE } from "../../../worker/auth/permissions.ts";
import { monthIn } from "../../../worker/services/ai-generation/usage.ts";
import { type FakeOpenAi, startFakeOpenAi } from "../../fakes/openai/server.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { addMember } from "../records.ts";
import { ask, goodVariants, madeUpPrice, postOf, pricedHouse, sheetOf, waitFor } from "./generation-fixtures.ts";

let h: Harness;
let fake: FakeOpenAi;
let orgA: string;
let orgB: string;
let house: string;
let otherHouse: string;
let sheet: FactSheet;
let cookieB: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  h = await createHarness({ env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "sk-teste", OPENAI_TIMEOUT_MS: "2000" } });
  const a = await createOwner(h, "A");
  const b = await createOwner(h, "B");
  orgA = a.orgId;
  orgB = b.orgId;
  cookieB = b.cookie;
  house = await pricedHouse(h, orgA);
  otherHouse = await pricedHouse(h, orgB);
  sheet = await sheetOf(h, orgA, (await userId(h, a.email)) as string, house);
  fake.setResponder(() => ({ variantes: goodVariants(sheet) }));
}, 30_000);

afterAll(() => fake.close());

/** A fresh owner of A for each test: the running cap and the per-person limit stay out of the way. */
async function member(role: (typeof ROLES)[number] = "owner") {
  return addMember(h, orgA, role);
}

async function generated(body: unknown = postOf(house)): Promise<{ cookie: string; g: Generation }> {
  const m = await member();
  const res = await ask(h, m.cookie, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const g = await waitFor(h, m.cookie, (res.body.data as Generation).id);
  return { cookie: m.cookie, g };
}

describe("generation with OpenAI (fake)", () => {
  it("streams the caption into the row, checks it and keeps only facts of the record", async () => {
    fake.reset();
    fake.enqueue({ kind: "json", value: { variantes: goodVariants(sheet) }, chunkSize: 40, delayMs: 5 });
    const m = await member();
    const t0 = performance.now();
    const res = await ask(h, m.cookie, postOf(house));
    expect(res.status).toBe(201);
    const id = (res.body.data as Generation).id;
    expect(res.body.data?.status).toBe("na_fila");
    const streaming = await waitFor(h, m.cookie, id, (g) => g.textoParcial.length > 0 || g.status === "pronta");
    const firstText = performance.now() - t0;
    const g = await waitFor(h, m.cookie, id);
    const finished = performance.now() - t0;
    console.log(`[números] IA falsa: primeiro texto ${firstText.toFixed(0)} ms, legenda pronta ${finished.toFixed(0)} ms`);
    const rowMs = (at: string | null) => (at ? Date.parse(at) - Date.parse(g.criadaEm) : Number.NaN);
    console.log(`[números] IA falsa (linha da geração): primeiro texto ${rowMs(g.primeiroTextoEm)} ms, pronta ${rowMs(g.concluidaEm)} ms`);
    expect(streaming.status).toBe("gerando");
    expect(streaming.textoParcial.length).toBeGreaterThan(0);
    expect(streaming.textoParcial).not.toContain("{");
    expect(g.status).toBe("pronta");
    expect(g.origem).toBe("ia");
    expect(g.resultado?.tipo).toBe("post");
    const variants = g.resultado?.tipo === "post" ? g.resultado.variantes : [];
    expect(variants.length).toBe(3);
    for (const v of variants) expect(checkVariant(v, sheet)).toEqual([]);
    // The record's price, bedrooms and bairro, as written in its facts.
    const first = variants[0]?.legenda ?? "";
    expect(variants.map((v) => v.legenda).join("\n")).toContain("R$ 850.000");
    expect(first).toMatch(/Pinheiros/);
    expect(variants.map((v) => v.legenda).join("\n")).toMatch(/3 (quartos|dormitórios)/);
    expect(g.tokens.entrada).toBeGreaterThan(0);
    expect(g.tokens.saida).toBeGreaterThan(0);
    expect(g.primeiroTextoEm).not.toBeNull();
    expect(g.concluidaEm).not.toBeNull();
    expect(g.textoParcial).toContain((variants[0]?.legenda ?? "").slice(0, 40));
    // What was sent: store false, the structured schema, the record's facts.
    const sent = fake.requests[0]?.body as { store?: boolean; input?: unknown; text?: { format?: { name?: string } } };
    expect(sent.store).toBe(false);
    expect(sent.text?.format?.name).toBe("post_de_rede_social");
    expect(JSON.stringify(sent.input)).toContain("Pinheiros");
  });

  it("rejects a made-up price and regenerates once; what is shown passes the checker", async () => {
    fake.reset();
    const [v1, v2, v3] = goodVariants(sheet);
    fake.enqueue(
      { kind: "json", value: { variantes: [madeUpPrice(v1 as never), madeUpPrice(v2 as never), v3] } },
      { kind: "json", value: { variantes: goodVariants(sheet, "segunda") } },
    );
    const { g } = await generated();
    expect(g.status).toBe("pronta");
    expect(fake.requests.length).toBe(2);
    expect(JSON.stringify(fake.requests[1]?.body)).toContain("a resposta anterior foi recusada");
    expect(JSON.stringify(fake.requests[1]?.body)).toContain("999.000");
    const variants = g.resultado?.tipo === "post" ? g.resultado.variantes : [];
    expect(variants.length).toBeGreaterThanOrEqual(2);
    for (const v of variants) {
      expect(v.legenda).not.toContain("999.000");
      expect(checkVariant(v, sheet)).toEqual([]);
    }
    expect(g.origem).toBe("ia");
  });

  it("falls back to the templates with a note when every variant fails twice", async () => {
    fake.reset();
    const bad = { variantes: goodVariants(sheet).map(madeUpPrice) };
    fake.enqueue({ kind: "json", value: bad }, { kind: "json", value: bad });
    const { g } = await generated();
    expect(fake.requests.length).toBe(2);
    expect(g.status).toBe("pronta");
    expect(g.origem).toBe("modelo");
    expect(g.aviso).toMatch(/recusados por trazer dados que não estão no cadastro/);
    expect(g.aviso).toMatch(/sem IA/);
    const variants = g.resultado?.tipo === "post" ? g.resultado.variantes : [];
    expect(variants.length).toBeGreaterThanOrEqual(2);
    for (const v of variants) expect(checkVariant(v, sheet)).toEqual([]);
    // The tokens of both refused answers still count.
    expect(g.tokens.saida).toBeGreaterThan(0);
  });

  const failures: { name: string; answers: Parameters<FakeOpenAi["enqueue"]>; code: string; message: RegExp }[] = [
    { name: "401", answers: [{ kind: "error", status: 401 }], code: "auth", message: /chave|OpenAI/i },
    {
      name: "429 with retry-after",
      answers: [{ kind: "error", status: 429, retryAfter: 30 }],
      code: "rate_limited",
      message: /30 segundos/,
    },
    {
      name: "429 quota",
      answers: [{ kind: "error", status: 429, code: "insufficient_quota", type: "insufficient_quota" }],
      code: "quota_exceeded",
      message: /crédito|cota|limite/i,
    },
    {
      name: "500 twice",
      answers: [
        { kind: "error", status: 500 },
        { kind: "error", status: 500 },
      ],
      code: "unavailable",
      message: /OpenAI|indispon/i,
    },
    { name: "timeout", answers: [{ kind: "hang" }], code: "timeout", message: /tempo|demorou/i },
    { name: "refusal", answers: [{ kind: "refusal" }], code: "refused", message: /recusou|não escreveu|IA/i },
    { name: "content filter", answers: [{ kind: "content_filter" }], code: "content_blocked", message: /segurança|bloque|conteúdo/i },
    {
      name: "invalid output twice",
      answers: [{ kind: "malformed" }, { kind: "malformed" }],
      code: "invalid_output",
      message: /formato|resposta/i,
    },
  ];
  for (const f of failures) {
    it(`${f.name} → falhou with the pt-BR message, never a 500 nor a frozen "gerando"`, async () => {
      fake.reset();
      fake.enqueue(...f.answers);
      const { g } = await generated();
      expect(g.status).toBe("falhou");
      expect(g.erro?.codigo).toBe(f.code);
      expect(g.erro?.mensagem).toMatch(f.message);
      expect(g.resultado).toBeNull();
      if (f.code === "rate_limited") expect(Date.parse(g.erro?.tentarApos ?? "") - Date.now()).toBeGreaterThan(20_000);
    });
  }

  it("cancels mid-stream: the stream stops, no result is kept, the tokens spent still count", async () => {
    fake.reset();
    fake.enqueue({ kind: "json", value: { variantes: goodVariants(sheet) }, chunkSize: 8, delayMs: 40 });
    const m = await member();
    const res = await ask(h, m.cookie, postOf(house));
    const id = (res.body.data as Generation).id;
    await waitFor(h, m.cookie, id, (g) => g.textoParcial.length > 0);
    const cancel = await h.request(`/api/ai-generations/${id}/cancelar`, { cookie: m.cookie, method: "POST" });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { data: Generation }).data.status).toBe("cancelada");
    // The run notices at its next write, aborts the stream and records what it spent.
    const deadline = Date.now() + 5_000;
    let row: typeof aiGenerations.$inferSelect | undefined;
    while (Date.now() < deadline) {
      [row] = await h.fresh.db.select().from(aiGenerations).where(eq(aiGenerations.id, id));
      if ((row?.tokensSaida ?? 0) > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(row?.status).toBe("cancelada");
    expect(row?.resultado).toBeNull();
    expect(row?.tokensEntrada).toBeGreaterThan(0);
    expect(row?.tokensSaida).toBeGreaterThan(0);
    const again = await h.request(`/api/ai-generations/${id}/cancelar`, { cookie: m.cookie, method: "POST" });
    expect(again.status).toBe(409);
  });

  it("refuses to start when the month's tokens reached the limit, with the limit and the reset date", async () => {
    const fresh = await createOwner(h, "Limite");
    const own = await pricedHouse(h, fresh.orgId);
    await h.fresh.db
      .insert(businessSettings)
      .values({ orgId: fresh.orgId, limiteTokensIaMensal: 1000 })
      .onConflictDoUpdate({ target: businessSettings.orgId, set: { limiteTokensIaMensal: 1000 } });
    const month = monthIn(new Date(), "America/Sao_Paulo");
    await h.fresh.db
      .insert(aiTokenUsage)
      .values({ orgId: fresh.orgId, mes: month, tokensEntrada: 600, tokensSaida: 400, geracoes: 3, atualizadoEm: new Date() });
    const res = await ask(h, fresh.cookie, postOf(own));
    expect(res.status).toBe(429);
    expect(res.body.error?.code).toBe("ai_monthly_limit");
    expect(res.body.error?.message).toMatch(/1\.000 tokens/);
    expect(res.body.error?.message).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const usage = await h.request("/api/ai-generations/uso", { cookie: fresh.cookie });
    expect(((await usage.json()) as { data: { tokens: number; limite: number } }).data).toMatchObject({ tokens: 1000, limite: 1000 });
    const rows = await h.fresh.db.select().from(aiGenerations).where(eq(aiGenerations.orgId, fresh.orgId));
    expect(rows).toEqual([]);
  });

  it("counts each generation's tokens in the organização's month", async () => {
    const fresh = await createOwner(h, "Uso");
    const own = await pricedHouse(h, fresh.orgId);
    fake.reset();
    const res = await ask(h, fresh.cookie, postOf(own));
    const g = await waitFor(h, fresh.cookie, (res.body.data as Generation).id);
    const [row] = await h.fresh.db
      .select()
      .from(aiTokenUsage)
      .where(and(eq(aiTokenUsage.orgId, fresh.orgId)));
    expect(row?.tokensEntrada).toBe(g.tokens.entrada);
    expect(row?.tokensSaida).toBe(g.tokens.saida);
    expect(row?.geracoes).toBe(1);
  });
});

describe("tenant isolation and roles", () => {
  it("another organização's imóvel is not found (404), and nothing is queued", async () => {
    const m = await member();
    const res = await ask(h, m.cookie, postOf(otherHouse));
    expect(res.status).toBe(404);
    expect(res.body.error?.message).toBe("Imóvel não encontrado.");
  });

  it("another organização's (or member's) generation is not found, nor cancellable", async () => {
    fake.reset();
    const { g } = await generated();
    for (const cookie of [cookieB, (await member()).cookie]) {
      expect((await h.request(`/api/ai-generations/${g.id}`, { cookie })).status).toBe(404);
      expect((await h.request(`/api/ai-generations/${g.id}/cancelar`, { cookie, method: "POST" })).status).toBe(404);
      const list = (await (await h.request("/api/ai-generations", { cookie })).json()) as { data: Generation[] };
      expect(list.data.map((x) => x.id)).not.toContain(g.id);
    }
  });

  it("lists the person's own recent generations, newest first", async () => {
    fake.reset();
    const m = await member();
    const first = await ask(h, m.cookie, postOf(house));
    await waitFor(h, m.cookie, (first.body.data as Generation).id);
    const second = await ask(h, m.cookie, {
      tipo: "livre",
      tema: "Dicas para comprar o primeiro imóvel",
      objetivo: "engajar",
      tom: "acolhedor",
      rede: "instagram",
    });
    await waitFor(h, m.cookie, (second.body.data as Generation).id);
    const list = (await (await h.request("/api/ai-generations", { cookie: m.cookie })).json()) as { data: Generation[] };
    expect(list.data.map((g) => g.id)).toEqual([second.body.data?.id, first.body.data?.id]);
  });

  for (const role of ROLES) {
    it(`${role}: may generate exactly when the permission table lets them create posts`, async () => {
      fake.reset();
      const m = await member(role);
      const res = await ask(h, m.cookie, postOf(house));
      if (can(role, "posts", "create")) {
        expect(res.status).toBe(201);
        await waitFor(h, m.cookie, (res.body.data as Generation).id);
      } else {
        expect(res.status).toBe(403);
        expect(res.body.error?.message).toBe(FORBIDDEN_MESSAGE);
      }
    });
  }

  it("without a session: 401", async () => {
    const res = await h.request("/api/ai-generations", { json: postOf(house) });
    expect(res.status).toBe(401);
  });

  it("refuses a third running generation of one person, and a burst per person (429)", async () => {
    fake.reset();
    fake.enqueue({ kind: "hang" }, { kind: "hang" });
    const m = await member();
    expect((await ask(h, m.cookie, postOf(house))).status).toBe(201);
    expect((await ask(h, m.cookie, postOf(house))).status).toBe(201);
    const third = await ask(h, m.cookie, postOf(house));
    expect(third.status).toBe(429);
    expect(third.body.error?.message).toMatch(/gerações em andamento/);
  });

  it("refuses bad input with 400 and a month already past with 422", async () => {
    const m = await member();
    expect((await ask(h, m.cookie, { tipo: "post" })).status).toBe(400);
    expect((await ask(h, m.cookie, { tipo: "mes", mes: "2020-01", tom: "acolhedor" })).status).toBe(422);
  });
});
