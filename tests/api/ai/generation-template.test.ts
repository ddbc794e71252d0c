/**
 * The template path on its own (no OpenAI key: the local default and the demo; ADR 055): every
 * kind of generation is written by the template generator, says so in `aviso`, passes the
 * checker, costs no tokens and is never refused by the monthly limit.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { aiTokenUsage, businessSettings } from "../../../db/schema/index.ts";
import { checkVariant } from "../../../shared/ai/fact-check.ts";
import type { FactSheet } from "../../../shared/ai/facts.ts";
import type { Generation } from "../../../shared/ai/generation-api.ts";
import { TEMPLATE_NOTICE } from "../../../shared/ai/template-post.ts";
import { monthIn } from "../../../worker/services/ai-generation/usage.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { ask, postOf, pricedHouse, sheetOf, waitFor } from "./generation-fixtures.ts";

let h: Harness;
let owner: { cookie: string; orgId: string };
let house: string;
let sheet: FactSheet;

beforeAll(async () => {
  h = await createHarness();
  const a = await createOwner(h, "Modelos");
  owner = { cookie: a.cookie, orgId: a.orgId };
  house = await pricedHouse(h, a.orgId);
  sheet = await sheetOf(h, a.orgId, (await userId(h, a.email)) as string, house);
}, 30_000);

describe("generation without an OpenAI key (templates)", () => {
  it("writes a post's variants from the record's facts, says it used no AI, and costs no tokens", async () => {
    const t0 = performance.now();
    const res = await ask(h, owner.cookie, postOf(house));
    expect(res.status).toBe(201);
    const id = (res.body.data as Generation).id;
    const firstText = await waitFor(h, owner.cookie, id, (g) => g.textoParcial.length > 0);
    const tFirst = performance.now() - t0;
    const g = await waitFor(h, owner.cookie, id);
    const tDone = performance.now() - t0;
    console.log(`[números] modelos: primeiro texto ${tFirst.toFixed(0)} ms, legenda pronta ${tDone.toFixed(0)} ms`);
    const rowMs = (at: string | null) => (at ? Date.parse(at) - Date.parse(g.criadaEm) : Number.NaN);
    console.log(`[números] modelos (linha da geração): primeiro texto ${rowMs(g.primeiroTextoEm)} ms, pronta ${rowMs(g.concluidaEm)} ms`);
    expect(firstText.textoParcial.length).toBeGreaterThan(0);
    expect(g.status).toBe("pronta");
    expect(g.origem).toBe("modelo");
    expect(g.aviso).toBe(TEMPLATE_NOTICE);
    const variants = g.resultado?.tipo === "post" ? g.resultado.variantes : [];
    expect(variants.length).toBe(3);
    for (const v of variants) expect(checkVariant(v, sheet)).toEqual([]);
    expect(variants.map((v) => v.legenda).join("\n")).toContain("R$ 850.000");
    expect(g.tokens).toEqual({ entrada: 0, saida: 0 });
    expect(g.primeiroTextoEm).not.toBeNull();
  });

  it("writes free content from a topic", async () => {
    const res = await ask(h, owner.cookie, {
      tipo: "livre",
      tema: "Como escolher o bairro certo",
      objetivo: "engajar",
      tom: "descontraido",
      rede: "instagram",
    });
    const g = await waitFor(h, owner.cookie, (res.body.data as Generation).id);
    expect(g.status).toBe("pronta");
    expect(g.resultado?.tipo).toBe("livre");
    if (g.resultado?.tipo === "livre") {
      expect(g.resultado.legendas.length).toBeGreaterThanOrEqual(2);
      expect(g.resultado.ideias.length).toBeGreaterThanOrEqual(3);
    }
    expect(g.titulo).toBe("Como escolher o bairro certo");
  });

  it("plans next month from the business's records and dates", async () => {
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
    const mes = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, "0")}`;
    const res = await ask(h, owner.cookie, { tipo: "mes", mes, tom: "profissional" });
    expect(res.status).toBe(201);
    const g = await waitFor(h, owner.cookie, (res.body.data as Generation).id);
    expect(g.status).toBe("pronta");
    expect(g.titulo).toMatch(/^Ideias de \p{L}+ de \d{4}$/u);
    const ideas = g.resultado?.tipo === "mes" ? g.resultado.ideias : [];
    expect(ideas.length).toBeGreaterThan(0);
    for (const idea of ideas) expect(idea.data.startsWith(`${mes}-`)).toBe(true);
  });

  it("is not refused by a spent monthly limit: templates cost no tokens", async () => {
    await h.fresh.db
      .insert(businessSettings)
      .values({ orgId: owner.orgId, limiteTokensIaMensal: 10 })
      .onConflictDoUpdate({ target: businessSettings.orgId, set: { limiteTokensIaMensal: 10 } });
    await h.fresh.db.insert(aiTokenUsage).values({
      orgId: owner.orgId,
      mes: monthIn(new Date(), "America/Sao_Paulo"),
      tokensEntrada: 50,
      tokensSaida: 50,
      geracoes: 1,
      atualizadoEm: new Date(),
    });
    const res = await ask(h, owner.cookie, postOf(house));
    expect(res.status).toBe(201);
    expect((await waitFor(h, owner.cookie, (res.body.data as Generation).id)).status).toBe("pronta");
  });
});
