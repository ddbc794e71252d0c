import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { postGenerationSchema } from "../../../shared/ai/contracts.ts";
import { businessInfo, type FactSheet, productSheet, propertySheet } from "../../../shared/ai/facts.ts";
import { GENERATION_GOALS, GENERATION_TONES, GENERATION_SOURCE } from "../../../shared/ai/generation-options.ts";
import { composeCaption, judgeVariants } from "../../../shared/ai/post-variant-rules.ts";
import { templatePost } from "../../../shared/ai/template-post.ts";
import { PRODUCT_UNITS } from "../../../shared/enums/records.ts";
import { PROPERTY_FEATURES, PROPERTY_PURPOSES, PROPERTY_TYPES } from "../../../shared/enums/real-estate.ts";
import { countCaption } from "../../../shared/social/caption-rules.ts";
import { productInput, propertyFixture, propertyInput } from "./fixtures.ts";

const BAIRROS = [
  "Pinheiros",
  "Jd. São Luís",
  "Vila Nova Conceição",
  "Alto de Pinheiros",
  "Barra da Tijuca",
  "Setor Bueno",
  "Centro",
  "Água Verde",
  "Jardim das Flores de São Sebastião do Paraíso",
];
const CIDADES = ["São Paulo", "Rio de Janeiro", "Goiânia", "Curitiba", "São José dos Campos", "Santa Bárbara d'Oeste"];

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const business = fc.record({
  nome: fc.constantFrom("Horizonte Imóveis", "Imobiliária 2000", "Casa & Cia", "Loja do Zé"),
  whatsapp: maybe(fc.constantFrom("11912345678", "(21) 3123-4567", "+55 62 99876-5432")),
  creci: maybe(fc.constantFrom("12345-J", "F-98765")),
  link: maybe(fc.constant("https://exemplo.com.br/imovel/casa-x9")),
});

const property = fc.record({
  finalidade: maybe(fc.constantFrom(...PROPERTY_PURPOSES)),
  tipo: maybe(fc.constantFrom(...PROPERTY_TYPES)),
  titulo: maybe(fc.constantFrom("Apartamento 3 quartos com vista", "Casa térrea a 200 m do mar", "Cobertura duplex no Centro")),
  valorVendaCentavos: maybe(fc.integer({ min: 1, max: 5_000_000_000 })),
  valorLocacaoCentavos: maybe(fc.integer({ min: 1, max: 5_000_000 })),
  condominioCentavos: maybe(fc.integer({ min: 1, max: 1_000_000 })),
  iptuCentavos: maybe(fc.integer({ min: 1, max: 5_000_000 })),
  iptuPeriodo: maybe(fc.constantFrom("anual", "mensal")),
  areaUtil: maybe(fc.integer({ min: 1, max: 5_000_000 }).map((c) => c / 100)),
  areaTotal: maybe(fc.integer({ min: 1, max: 5_000_000 }).map((c) => c / 100)),
  areaTerreno: maybe(fc.integer({ min: 1, max: 100_000_000 }).map((c) => c / 100)),
  quartos: maybe(fc.integer({ min: 0, max: 12 })),
  suites: maybe(fc.integer({ min: 0, max: 6 })),
  banheiros: maybe(fc.integer({ min: 0, max: 8 })),
  vagas: maybe(fc.integer({ min: 0, max: 10 })),
  andar: maybe(fc.integer({ min: 0, max: 40 })),
  mobiliado: fc.boolean(),
  aceitaFinanciamento: fc.boolean(),
  aceitaPermuta: fc.boolean(),
  bairro: maybe(fc.constantFrom(...BAIRROS)),
  cidade: maybe(fc.constantFrom(...CIDADES)),
  uf: maybe(fc.constantFrom("SP", "RJ", "GO")),
  caracteristicas: fc.subarray([...PROPERTY_FEATURES]),
  fotos: fc.integer({ min: 0, max: 12 }),
  legendas: fc.array(maybe(fc.constantFrom("Sala com 2 ambientes", "Cozinha americana", "Vista da varanda")), { maxLength: 10 }),
});

type PropertyArb = typeof property extends fc.Arbitrary<infer T> ? T : never;
type BusinessArb = typeof business extends fc.Arbitrary<infer T> ? T : never;

function sheetOf(p: PropertyArb, b: BusinessArb, others: string[]): FactSheet {
  const { legendas, ...fields } = p;
  const input = propertyInput(fields);
  const images = Array.from({ length: Math.min(input.fotos, 10) }, (_, i) => ({ id: `f${i}`, legenda: legendas[i] ?? null }));
  const info = businessInfo({ ...b, vozDaMarca: null }, b.link);
  return propertySheet(input, info, images, others);
}

describe("the template generator", () => {
  it("every output over random imóveis passes the fact checker and Instagram's rules", () => {
    fc.assert(
      fc.property(
        property,
        business,
        fc.subarray([...BAIRROS, ...CIDADES, "Moema", "Vila Madalena"]),
        fc.constantFrom(...GENERATION_GOALS),
        fc.constantFrom(...GENERATION_TONES),
        fc.string(),
        (p, b, others, objetivo, tom, seed) => {
          const sheet = sheetOf(p, b, others);
          const post = templatePost(sheet, { objetivo, tom, seed });
          const verdict = judgeVariants(post.variantes, sheet);
          expect(verdict.rejeitadas.map((r) => [...r.violacoes.map((v) => v.motivo), ...r.problemas])).toEqual([]);
          expect(postGenerationSchema.parse({ variantes: post.variantes }).variantes).toHaveLength(post.variantes.length);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it("every output over random produtos passes too", () => {
    fc.assert(
      fc.property(
        fc.record({
          nome: fc.constantFrom("Cimento CP-II 50 kg", "Tinta acrílica 18 litros", "Vaso de cerâmica"),
          precoCentavos: fc.integer({ min: 0, max: 10_000_000 }),
          descricao: maybe(fc.constantFrom("Rende até 100 m². Cor branca.", "Feito à mão em Minas Gerais. Peça única.", "")),
          categoria: maybe(fc.constantFrom("Materiais de construção", "Decoração")),
          estoque: fc.integer({ min: 0, max: 500_000 }).map((m) => m / 1000),
          unidade: fc.constantFrom(...PRODUCT_UNITS),
        }),
        business,
        fc.constantFrom(...GENERATION_GOALS),
        fc.constantFrom(...GENERATION_TONES),
        fc.string(),
        (p, b, objetivo, tom, seed) => {
          const sheet = productSheet(productInput(p), businessInfo({ ...b, vozDaMarca: null }, null), [{ id: "i", legenda: null }]);
          const post = templatePost(sheet, { objetivo, tom, seed });
          expect(judgeVariants(post.variantes, sheet).rejeitadas.map((r) => [...r.violacoes.map((v) => v.motivo), ...r.problemas])).toEqual(
            [],
          );
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it("says a template wrote it, and gives 2–3 distinct variants", () => {
    const sheet = propertyFixture();
    const post = templatePost(sheet, { objetivo: "vender", tom: "profissional", seed: "s1" });
    expect(post.origem).toBe("modelo");
    expect(post.aviso).toBe("Escrito pelo gerador de modelos do Alicerce (sem IA)");
    expect(post.aviso).toBe(GENERATION_SOURCE.labels.modelo);
    expect(post.variantes).toHaveLength(3);
    expect(new Set(post.variantes.map((v) => v.legenda)).size).toBe(3);
    // Distinct openings, closings and calls to action within one post, whatever the seed.
    for (const seed of ["s1", "s2", "s3", "s4", "s5"]) {
      for (const tom of GENERATION_TONES) {
        const vs = templatePost(sheet, { objetivo: "alugar", tom, seed }).variantes;
        expect(new Set(vs.map((v) => v.chamada.split("\n")[0])).size).toBe(vs.length);
        expect(new Set(vs.map((v) => v.legenda.trim().split("\n").at(-1))).size).toBe(vs.length);
      }
    }
    expect(templatePost(sheet, { objetivo: "vender", tom: "profissional", seed: "s1", variantes: 2 }).variantes).toHaveLength(2);
  });

  it("is deterministic for a seed and varies across seeds", () => {
    const sheet = propertyFixture();
    const a = templatePost(sheet, { objetivo: "alugar", tom: "acolhedor", seed: "x" });
    expect(templatePost(sheet, { objetivo: "alugar", tom: "acolhedor", seed: "x" })).toEqual(a);
    const captions = new Set(
      ["a", "b", "c", "d", "e"].map((seed) =>
        composeCaption(templatePost(sheet, { objetivo: "alugar", tom: "acolhedor", seed }).variantes[0] as never),
      ),
    );
    expect(captions.size).toBeGreaterThan(1);
  });

  it("writes the record's price, bedrooms and bairro, the WhatsApp and the link, an alt text per image and hashtags of place, kind and goal", () => {
    const sheet = propertyFixture();
    for (const v of templatePost(sheet, { objetivo: "vender", tom: "descontraido", seed: "z" }).variantes) {
      const caption = composeCaption(v);
      expect(caption).toContain("R$ 850.000");
      expect(caption).toContain("3 quartos");
      expect(caption).toContain("Pinheiros");
      expect(v.chamada).toContain("(11) 91234-5678");
      expect(v.chamada).toContain("https://horizonte.com.br/imovel/apto-pinheiros-x1");
      expect(v.textosAlternativos).toHaveLength(3);
      expect(v.textosAlternativos[0]).toContain("Sala ampla com varanda");
      expect(v.hashtags).toEqual(expect.arrayContaining(["#pinheiros", "#apartamento", "#imóvelàvenda"]));
      expect(countCaption(caption).hashtags).toBeLessThanOrEqual(30);
      expect(v.afirmacoes).toEqual(
        expect.arrayContaining([
          { trecho: "R$ 850.000", campo: "valorVenda" },
          { trecho: "3 quartos", campo: "quartos" },
        ]),
      );
    }
  });

  it("the record's purpose decides the purpose tags: no sale tag on a rental", () => {
    const rental = propertyFixture({ finalidade: "locacao", valorVendaCentavos: null, valorLocacaoCentavos: 450_000 });
    for (const v of templatePost(rental, { objetivo: "vender", tom: "profissional", seed: "r" }).variantes) {
      expect(v.hashtags).not.toContain("#imóvelàvenda");
      expect(v.hashtags).toContain("#aluguel");
      expect(composeCaption(v)).toContain("R$ 4.500/mês");
    }
  });

  it("tones read differently: sofisticado writes without emojis", () => {
    const sheet = propertyFixture();
    const emoji = /\p{Extended_Pictographic}/u;
    for (const v of templatePost(sheet, { objetivo: "vender", tom: "sofisticado", seed: "q" }).variantes) {
      expect(emoji.test(v.legenda)).toBe(false);
    }
    const fun = templatePost(sheet, { objetivo: "engajar", tom: "descontraido", seed: "q" }).variantes;
    expect(fun.some((v) => emoji.test(v.legenda))).toBe(true);
    expect(fun.every((v) => /\?|Marque/.test(v.legenda))).toBe(true);
  });
});
