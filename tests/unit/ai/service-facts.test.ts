import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkVariant } from "../../../shared/ai/fact-check.ts";
import { businessFacts, businessInfo, type ServiceFactsInput, serviceSheet } from "../../../shared/ai/facts.ts";
import { GENERATION_GOALS, GENERATION_TONES } from "../../../shared/ai/generation-options.ts";
import { judgeVariants } from "../../../shared/ai/post-variant-rules.ts";
import { postPrompt } from "../../../shared/ai/prompt.ts";
import { templatePost } from "../../../shared/ai/template-post.ts";
import { artContentOf } from "../../../shared/art/art-from-facts.ts";
import { serviceColumns } from "../../../worker/services/ai/record-facts.ts";
import { BUSINESS } from "./fixtures.ts";

/**
 * A serviço as the origin of a post (ADR 065): its facts are its own (name, price, category,
 * duration, description) and the business's contact — never its commission, its cost or the
 * products it consumes — and the template writes only those, as the checker reads them.
 */

const SERVICE: ServiceFactsInput = {
  id: "servico-1",
  nome: "Corte feminino",
  categoria: "Cabelo",
  duracaoMin: 90,
  precoCentavos: 12_000,
  descricao: "Lavagem, corte e finalização com escova.",
};

const business = { ...BUSINESS, link: null };

describe("a serviço's facts", () => {
  it("are its name, price, category, duration and description, plus the business's contact — nothing else", () => {
    const sheet = serviceSheet(SERVICE, business);
    expect(sheet.registro).toEqual({ tipo: "servico", id: "servico-1", nome: "Corte feminino", tipoLabel: "Cabelo", finalidade: null });
    const own = sheet.fatos.filter((f) => !businessFacts(business).some((b) => b.campo === f.campo));
    expect(own.map((f) => [f.campo, f.texto])).toEqual([
      ["nome", "Corte feminino"],
      ["preco", "R$ 120"],
      ["categoria", "Cabelo"],
      ["duracao", "1h30"],
      ["descricao", "Lavagem, corte e finalização com escova."],
    ]);
    expect(sheet.imagens).toEqual([]);
    expect(sheet.outrosLugares).toEqual([]);
  });

  it("are read from the service's own columns only: no commission, cost, products or professionals reach the prompt", () => {
    expect(Object.keys(serviceColumns).sort()).toEqual(["categoria", "descricao", "duracaoMin", "id", "nome", "precoCentavos"]);
    const sheet = serviceSheet({ ...SERVICE, ...({ comissaoValor: 4000, custoProdutosCentavos: 3440 } as object) }, business);
    const prompt = postPrompt({ sheet, objetivo: "vender", tom: "acolhedor", redes: ["instagram"], referencias: [] });
    expect(prompt.input).toContain("REGISTRO: serviço “Corte feminino”");
    expect(prompt.input).not.toMatch(/4000|3440|comiss|custo/i);
  });

  it("an absent price or category makes no fact", () => {
    const sheet = serviceSheet({ ...SERVICE, precoCentavos: 0, categoria: null, descricao: "  " }, business);
    expect(sheet.fatos.map((f) => f.campo)).not.toContain("preco");
    expect(sheet.fatos.map((f) => f.campo)).not.toContain("categoria");
    expect(sheet.fatos.map((f) => f.campo)).not.toContain("descricao");
  });

  it("the checker holds a caption to them: a wrong price or another duration is refused, the duration as written passes", () => {
    const sheet = serviceSheet(SERVICE, business);
    const variant = (legenda: string) => ({
      legenda,
      hashtags: [],
      chamada: "",
      textosAlternativos: [],
      primeiroComentario: null,
      afirmacoes: [],
    });
    expect(checkVariant(variant("Corte feminino por R$ 120, em 1h30."), sheet)).toEqual([]);
    expect(checkVariant(variant("Corte feminino por R$ 99."), sheet).map((v) => v.trecho)).toEqual(["R$ 99"]);
    expect(checkVariant(variant("Corte feminino em 2 horas."), sheet).length).toBeGreaterThan(0);
  });

  it("the template's captions pass the checker and Instagram's rules for any service", () => {
    fc.assert(
      fc.property(
        fc.record({
          nome: fc.constantFrom("Corte feminino", "Limpeza de pele", "Consulta de retorno", "Manicure e pedicure"),
          categoria: fc.option(fc.constantFrom("Cabelo", "Estética", "Consultas"), { nil: null }),
          duracaoMin: fc.integer({ min: 1, max: 144 }).map((n) => n * 5),
          precoCentavos: fc.integer({ min: 0, max: 10_000_000 }),
          descricao: fc.option(fc.constantFrom("Inclui hidratação. Produtos veganos.", "Atendimento com hora marcada.", ""), { nil: null }),
        }),
        fc.constantFrom(...GENERATION_GOALS),
        fc.constantFrom(...GENERATION_TONES),
        fc.string(),
        fc.boolean(),
        (s, objetivo, tom, seed, withWhatsapp) => {
          const info = withWhatsapp ? business : businessInfo({ nome: "Studio Bela", whatsapp: null, creci: null, vozDaMarca: null }, null);
          const sheet = serviceSheet({ id: "s", ...s }, info);
          const post = templatePost(sheet, { objetivo, tom, seed });
          const verdict = judgeVariants(post.variantes, sheet);
          expect(verdict.rejeitadas.map((r) => [...r.violacoes.map((v) => v.motivo), ...r.problemas])).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it("the art shows the name, the price, the duration and the description line", () => {
    const art = artContentOf(serviceSheet(SERVICE, business));
    expect([art.titulo, art.preco, art.linha, art.fatos]).toEqual([
      "Corte feminino",
      "R$ 120",
      "Lavagem, corte e finalização com escova.",
      [{ valor: "1h30", rotulo: "de duração" }],
    ]);
  });
});
