import { describe, expect, it } from "vitest";
import { freeGenerationSchema, monthPlanSchema } from "../../../shared/ai/contracts.ts";
import { checkText } from "../../../shared/ai/fact-check.ts";
import { templateFree, topicSheet } from "../../../shared/ai/template-free.ts";
import { templateMonthPlan } from "../../../shared/ai/template-month-plan.ts";
import { countCaption } from "../../../shared/social/caption-rules.ts";
import { BUSINESS, productFixture, propertyFixture } from "./fixtures.ts";

describe("free generation from a topic (template)", () => {
  const request = {
    tema: "Documentos para financiar o primeiro imóvel",
    objetivo: "engajar",
    tom: "descontraido",
    rede: "instagram",
  } as const;
  const result = templateFree(request, BUSINESS, "s");

  it("captions, hashtags and ideas in the contract, saying a template wrote them", () => {
    expect(freeGenerationSchema.parse(result)).toBeTruthy();
    expect(result.aviso).toBe("Escrito pelo gerador de modelos do Alicerce (sem IA)");
    expect(new Set(result.legendas).size).toBe(result.legendas.length);
    expect(result.hashtags).toEqual(expect.arrayContaining(["#documentos", "#financiar", "#primeiro", "#imóvel"]));
    expect(result.ideias.length).toBeGreaterThanOrEqual(3);
  });

  it("states no number the topic did not give", () => {
    const sheet = topicSheet(request.tema, BUSINESS);
    for (const text of [...result.legendas, ...result.ideias.flatMap((i) => [i.titulo, i.descricao])]) {
      expect(checkText(text, sheet, "legenda")).toEqual([]);
    }
    expect(checkText("Financie em 30 anos!", sheet, "legenda").map((v) => v.trecho)).toEqual(["30"]);
    expect(checkText("Financie em 30 anos!", topicSheet("Financiar em 30 anos", BUSINESS), "legenda")).toEqual([]);
  });
});

describe("Um mês de ideias (template)", () => {
  const house = propertyFixture();
  const product = productFixture();
  const plan = templateMonthPlan(
    {
      mes: "2026-12",
      hoje: "2026-11-27",
      publico: "imoveis",
      tom: "acolhedor",
      seed: "m",
      registros: [
        { motivo: "novo_imovel", sheet: house },
        { motivo: "estoque_baixo", sheet: product },
      ],
    },
    "Horizonte Imóveis",
  );

  it("dated ideas inside the month, each tied to a record or a date, in order, on distinct days", () => {
    expect(monthPlanSchema.parse(plan)).toBeTruthy();
    const days = plan.ideias.map((i) => i.data);
    expect(days.every((d) => d >= "2026-12-01" && d <= "2026-12-31")).toBe(true);
    expect([...days].sort()).toEqual(days);
    expect(new Set(days).size).toBe(days.length);
    expect(plan.ideias.filter((i) => i.vinculo.tipo === "data").map((i) => i.vinculo.dataComemorativa)).toEqual([
      "Natal",
      "Véspera de Natal",
      "Véspera de Ano Novo",
    ]);
    const natal = plan.ideias.find((i) => i.vinculo.dataComemorativa === "Natal");
    expect(natal?.data).toBe("2026-12-22");
    expect(plan.ideias.find((i) => i.vinculo.registroId === house.registro.id)?.titulo).toBe(
      "Imóvel novo na carteira: Apartamento em Pinheiros",
    );
    expect(plan.ideias.find((i) => i.vinculo.registroId === product.registro.id)?.formato).toBe("post");
  });

  it("a record's draft caption passes the fact checker and Instagram's rules", () => {
    for (const idea of plan.ideias) {
      const sheet =
        idea.vinculo.registroId === house.registro.id ? house : idea.vinculo.registroId === product.registro.id ? product : null;
      if (sheet) expect(checkText(idea.legenda, sheet, "legenda")).toEqual([]);
      expect(countCaption(idea.legenda).length).toBeLessThanOrEqual(2200);
    }
  });

  it("starts the day after today, and a past month has no ideas", () => {
    const late = templateMonthPlan(
      { mes: "2026-11", hoje: "2026-11-27", publico: "comercio", tom: "profissional", seed: "m", registros: [] },
      "X",
    );
    expect(late.ideias.map((i) => i.data).every((d) => d >= "2026-11-28")).toBe(true);
    const past = templateMonthPlan(
      { mes: "2026-10", hoje: "2026-11-27", publico: "comercio", tom: "profissional", seed: "m", registros: [] },
      "X",
    );
    expect(past.ideias).toEqual([]);
  });
});
