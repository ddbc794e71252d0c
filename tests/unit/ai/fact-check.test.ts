import { describe, expect, it } from "vitest";
import { type CheckedVariant, checkText, checkVariant } from "../../../shared/ai/fact-check.ts";
import { numberMentions } from "../../../shared/ai/number-mentions.ts";
import { propertyFixture, productFixture } from "./fixtures.ts";

/** The record: Pinheiros, São Paulo - SP; R$ 850.000; 3 quartos (1 suíte), 2 banheiros, 2 vagas; 120 m²; condomínio R$ 900; IPTU R$ 1.200/ano; 10º andar. */
const sheet = propertyFixture();
const problems = (text: string) => checkText(text, sheet, "legenda");

function variant(fields: Partial<CheckedVariant> = {}): CheckedVariant {
  return {
    legenda: "Apartamento à venda em Pinheiros, com 3 quartos e 2 vagas, por R$ 850.000.",
    hashtags: ["#pinheiros", "#3quartos"],
    chamada: "Chame no WhatsApp (11) 91234-5678. Fotos: https://horizonte.com.br/imovel/apto-pinheiros-x1",
    textosAlternativos: ["Sala ampla com varanda.", "Foto do apartamento.", "Outra foto."],
    primeiroComentario: null,
    afirmacoes: [
      { trecho: "R$ 850.000", campo: "valorVenda" },
      { trecho: "3 quartos", campo: "quartos" },
      { trecho: "Pinheiros", campo: "bairro" },
    ],
    ...fields,
  };
}

describe("the caption's price, bedrooms and bairro are the record's", () => {
  it("a caption stating the record's facts has no violation", () => {
    expect(checkVariant(variant(), sheet)).toEqual([]);
  });

  it("each claim's words are borne out by the field it names", () => {
    const v = variant();
    const price = v.afirmacoes.find((c) => c.campo === "valorVenda");
    expect(price?.trecho).toBe(sheet.fatos.find((f) => f.campo === "valorVenda")?.texto);
    expect(sheet.fatos.find((f) => f.campo === "quartos")?.valor).toBe(3);
    expect(sheet.fatos.find((f) => f.campo === "bairro")?.valor).toBe("Pinheiros");
  });
});

describe("made-up facts are caught", () => {
  it("4 quartos when the record has 3", () => {
    const found = problems("Apartamento com 4 quartos em Pinheiros.");
    expect(found).toHaveLength(1);
    expect(found[0]?.trecho).toBe("4 quartos");
    expect(found[0]?.motivo).toContain("Quartos: 3 quartos");
  });

  it("R$ 900 mil when the price is R$ 850.000", () => {
    const found = problems("Por apenas R$ 900 mil.");
    expect(found.map((v) => v.trecho)).toEqual(["R$ 900 mil"]);
    expect(found[0]?.motivo).toMatch(/não é nenhum valor do cadastro/);
  });

  it("a made-up bairro after a place cue, and another bairro of the business anywhere", () => {
    expect(problems("📍 Jardins, São Paulo - SP").map((v) => v.trecho)).toEqual(["Jardins"]);
    expect(problems("Fica no bairro Moema.").map((v) => v.trecho)).toEqual(["Moema"]);
    expect(problems("Pertinho da Vila Madalena!").map((v) => v.trecho)).toEqual(["Vila Madalena"]);
    expect(problems("Localizado na Vila Olímpia.")[0]?.motivo).toContain("Pinheiros, São Paulo");
  });

  it("a feature the record does not have (piscina, mobiliado), not one it has", () => {
    expect(problems("Com academia e lareira.").map((v) => v.trecho)).toEqual(["academia", "lareira"]);
    expect(checkText("Com piscina.", propertyFixture({ caracteristicas: [] }), "legenda").map((v) => v.trecho)).toEqual(["piscina"]);
    expect(problems("Totalmente mobiliado.").map((v) => v.trecho)).toEqual(["mobiliado"]);
    expect(problems("Piscina, churrasqueira e varanda gourmet. Aceita financiamento.")).toEqual([]);
  });

  it("an area, a floor, a count the record lacks, a percentage and a year", () => {
    expect(problems("São 150 m² de área útil.").map((v) => v.trecho)).toEqual(["150 m²"]);
    expect(problems("No 12º andar.").map((v) => v.trecho)).toEqual(["12º andar"]);
    expect(problems("Tem 2 lavabos.").map((v) => v.trecho)).toEqual(["2 lavabos"]);
    expect(problems("Com 10% de desconto.").map((v) => v.trecho)).toEqual(["10%"]);
    expect(problems("Entrega em 2027.").map((v) => v.trecho)).toEqual(["2027"]);
    expect(problems("A 5 minutos do metrô.").map((v) => v.trecho)).toEqual(["5"]);
  });

  it("a claim whose field does not bear out its words", () => {
    const wrongField = variant({ afirmacoes: [{ trecho: "3 quartos", campo: "suites" }] });
    expect(checkVariant(wrongField, sheet).map((v) => v.motivo)).toEqual(["“3 quartos” não confere com Suítes (1 suíte)."]);
    const unknown = variant({ afirmacoes: [{ trecho: "3 quartos", campo: "dormitorios" }] });
    expect(checkVariant(unknown, sheet)[0]?.motivo).toBe("O campo “dormitorios” não existe nos dados do cadastro.");
    const absent = variant({ afirmacoes: [{ trecho: "R$ 850 mil", campo: "valorVenda" }] });
    expect(checkVariant(absent, sheet)[0]?.motivo).toBe("O trecho “R$ 850 mil” não está no texto.");
    const place = variant({ afirmacoes: [{ trecho: "Pinheiros", campo: "cidade" }] });
    expect(checkVariant(place, sheet)).toHaveLength(1);
  });

  it("every text is read: the call to action, the first comment, the alt texts and counts in hashtags", () => {
    const v = variant({
      chamada: "WhatsApp (11) 91234-5678 — condomínio de R$ 950.",
      primeiroComentario: "Tem 4 vagas!",
      textosAlternativos: ["Foto da sala de 200 m².", "Foto.", "Foto."],
      hashtags: ["#4quartos", "#imoveis2026"],
    });
    expect(checkVariant(v, sheet).map((x) => [x.onde, x.trecho])).toEqual([
      ["chamada", "R$ 950"],
      ["primeiroComentario", "4 vagas"],
      ["textoAlternativo", "200 m²"],
      ["hashtags", "#4quartos"],
    ]);
  });
});

describe("the ways pt-BR writes the same facts all pass", () => {
  it.each([
    "R$ 850.000",
    "R$ 850.000,00",
    "R$ 850 mil",
    "R$850mil",
    "850 mil reais",
    "oitocentos e cinquenta mil? não: R$ 850 mil",
    "condomínio de R$ 900 e IPTU de R$ 1.200 por ano",
    "condomínio R$ 900,00/mês",
    "3 quartos",
    "três dormitórios, sendo uma suíte",
    "3 dorms",
    "2 vagas de garagem",
    "duas vagas",
    "2 banheiros",
    "120 m²",
    "120m2",
    "120 metros quadrados",
    "10º andar",
    "10o andar",
    "Pinheiros, São Paulo - SP",
    "📍 Pinheiros — São Paulo/SP",
    "no bairro Pinheiros",
    "o WhatsApp é +55 11 91234-5678 ou 11912345678",
    "Código AP0012, CRECI 12345-J",
    "CRECI/SP 12345-J",
    "1️⃣ Sala 2️⃣ Cozinha",
    "@horizonte.imoveis https://horizonte.com.br/imovel/apto-pinheiros-x1?utm=2",
  ])("%s", (text) => {
    expect(problems(text)).toEqual([]);
  });

  it("a feature's own digits (Portaria 24h) when the record has it, not otherwise", () => {
    const guarded = propertyFixture({ caracteristicas: ["portaria_24h"] });
    expect(checkText("Portaria 24h", guarded, "legenda")).toEqual([]);
    expect(checkText("Com portaria 24 horas.", guarded, "legenda")).toEqual([]);
    expect(problems("Portaria 24h").map((v) => v.trecho)).toEqual(["24", "Portaria 24h"]);
  });

  it("R$ 1,2 milhão, 1,25 milhão and hectares", () => {
    const big = propertyFixture({ valorVendaCentavos: 120_000_000, areaTerreno: 25_000, areaUtil: 300 });
    expect(checkText("Por R$ 1,2 milhão, 2,5 hectares e 300 m² de área útil.", big, "legenda")).toEqual([]);
    expect(checkText("Por R$ 1,25 milhão.", big, "legenda").map((v) => v.trecho)).toEqual(["R$ 1,25 milhão"]);
    const odd = propertyFixture({ valorVendaCentavos: 125_000_000 });
    expect(checkText("1,25 milhão de reais", odd, "legenda")).toEqual([]);
  });

  it("a rent, and a price with centavos", () => {
    const rent = propertyFixture({ finalidade: "locacao", valorVendaCentavos: null, valorLocacaoCentavos: 250_050 });
    expect(checkText("Aluguel: R$ 2.500,50/mês", rent, "legenda")).toEqual([]);
    expect(checkText("Aluguel: R$ 2.500/mês", rent, "legenda")).toHaveLength(1);
  });

  it("numbers and places the corretor wrote in the title or description are theirs to quote", () => {
    const described = propertyFixture({
      titulo: "Apartamento a 300 metros do Parque Villa-Lobos",
      descricao: "A 5 minutos do metrô Faria Lima. Prédio de 2015.",
    });
    expect(checkText("A 5 minutos do metrô Faria Lima, a 300 metros do Parque Villa-Lobos.", described, "legenda")).toEqual([]);
    expect(checkText("Região do Parque Villa-Lobos.", described, "legenda")).toEqual([]);
  });

  it("a product's name with numbers, its price and its stock", () => {
    const product = productFixture();
    expect(checkText("Cimento CP-II 50 kg por R$ 39,90. Restam só 8 unidades!", product, "legenda")).toEqual([]);
    expect(checkText("Restam só 3 unidades!", product, "legenda").map((v) => v.trecho)).toEqual(["3 unidades"]);
    expect(checkText("De R$ 49,90 por R$ 39,90!", product, "legenda").map((v) => v.trecho)).toEqual(["R$ 49,90"]);
  });
});

describe("numberMentions", () => {
  it("reads each number once, with its kind and value", () => {
    const found = numberMentions("R$ 1,2 milhão, 3 quartos, 120m2, 10º andar, 15%, 2015 e 7");
    expect(found.map((m) => [m.tipo, m.valor])).toEqual([
      ["dinheiro", 120_000_000],
      ["contagem", 3],
      ["area", 120],
      ["andar", 10],
      ["percentual", 15],
      ["ano", 2015],
      ["numero", 7],
    ]);
  });

  it("an article is not a count (uma sala, uma piscina), a word count is (uma suíte)", () => {
    expect(numberMentions("uma sala ampla e uma piscina")).toEqual([]);
    expect(numberMentions("uma suíte").map((m) => [m.valor, m.campos])).toEqual([[1, ["suites"]]]);
  });
});
