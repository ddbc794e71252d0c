/**
 * /gerar-postagem's pure parts (ADR 056): the art's content comes from the same fact sheet the
 * caption is checked against (nothing the record lacks), each slide gets an alt text, the claims
 * are marked where they stand, and an edit that invents a number is caught by the live check.
 */
import { describe, expect, it } from "vitest";
import { checkVariant } from "../../../shared/ai/fact-check.ts";
import { templatePost } from "../../../shared/ai/template-post.ts";
import { artContentSchema } from "../../../shared/art/art-content.ts";
import { artContentOf, slideAltTexts } from "../../../shared/art/art-from-facts.ts";
import { claimPieces } from "../../../app/components/social/generate/variant-card.tsx";
import { productFixture, propertyFixture } from "../ai/fixtures.ts";

describe("the art's content from the fact sheet", () => {
  it("an imóvel: its title, price, place, counts and the business's contact", () => {
    const art = artContentSchema.parse(artContentOf(propertyFixture({ titulo: "Apartamento com varanda em Pinheiros" })));
    expect(art.titulo).toBe("Apartamento com varanda em Pinheiros");
    expect(art.preco).toBe("R$ 850.000");
    expect(art.selo).toBe("À venda");
    expect(art.local).toBe("Pinheiros, São Paulo");
    expect(art.fatos).toEqual([
      { valor: "3", rotulo: "quartos" },
      { valor: "1", rotulo: "suíte" },
      { valor: "2", rotulo: "vagas" },
      { valor: "120", rotulo: "m² úteis" },
      { valor: "2", rotulo: "banheiros" },
    ]);
    expect(art.contato).toEqual({
      nome: "Horizonte Imóveis",
      whatsapp: "(11) 91234-5678",
      link: "horizonte.com.br/imovel/apto-pinheiros-x1",
    });
  });

  it("states nothing the record lacks, and long texts fit the art's schema", () => {
    const sheet = propertyFixture({
      titulo: "T".repeat(200),
      valorVendaCentavos: null,
      valorLocacaoCentavos: 320_000,
      finalidade: "locacao",
      quartos: null,
      vagas: null,
      suites: null,
      banheiros: null,
      bairro: "Jardim ".repeat(30),
    });
    const art = artContentSchema.parse(artContentOf(sheet));
    expect(art.titulo.length).toBeLessThanOrEqual(120);
    expect(art.preco).toBe("R$ 3.200/mês");
    expect(art.selo).toBe("Para alugar");
    expect(art.fatos.map((f) => f.rotulo)).toEqual(["m² úteis"]);
  });

  it("a produto: its price and description, no place", () => {
    const art = artContentSchema.parse(artContentOf(productFixture()));
    expect(art.preco).toBe("R$ 39,90");
    expect(art.local).toBeNull();
    expect(art.linha).toContain("Saco de 50 kg");
  });
});

describe("alt texts per slide", () => {
  it("photo slides take the variant's alt texts in order; facts and contact slides say what they show", () => {
    const content = artContentOf(propertyFixture({ titulo: "Casa no Alto" }));
    const alts = slideAltTexts(["capa", "foto", "ficha", "contato"], ["Fachada com jardim", "Sala ampla"], content);
    expect(alts[0]).toBe("Fachada com jardim R$ 850.000.");
    expect(alts[1]).toBe("Sala ampla");
    expect(alts[2]).toMatch(/^Ficha de Casa no Alto: 3 quartos, 1 suíte/);
    expect(alts[3]).toBe("Contato de Horizonte Imóveis: WhatsApp (11) 91234-5678, horizonte.com.br/imovel/apto-pinheiros-x1.");
    // Every slide's alt text passes the fact checker (the save sends them).
    const sheet = propertyFixture({ titulo: "Casa no Alto" });
    for (const alt of alts)
      expect(
        checkVariant(
          { legenda: "", chamada: "", hashtags: [], textosAlternativos: [alt], primeiroComentario: null, afirmacoes: [] },
          sheet,
        ),
      ).toEqual([]);
  });
});

describe("the claims marked in a caption", () => {
  it("cuts the text around each claim's words, in order, skipping claims not in the text", () => {
    const pieces = claimPieces("Casa com 3 quartos em Pinheiros por R$ 850.000.", [
      { trecho: "R$ 850.000", campo: "valorVenda" },
      { trecho: "3 quartos", campo: "quartos" },
      { trecho: "piscina", campo: "caracteristicas" },
    ]);
    expect(pieces.map((p) => [p.text, p.claim?.campo ?? null])).toEqual([
      ["Casa com ", null],
      ["3 quartos", "quartos"],
      [" em Pinheiros por ", null],
      ["R$ 850.000", "valorVenda"],
      [".", null],
    ]);
  });
});

describe("the live check of an edit", () => {
  it("a made-up price in an edited caption is flagged; the generated one passes", () => {
    const sheet = propertyFixture();
    const [v] = templatePost(sheet, { objetivo: "vender", tom: "acolhedor", seed: "x" }).variantes;
    if (!v) throw new Error("sem variante");
    expect(checkVariant(v, sheet)).toEqual([]);
    const edited = { ...v, legenda: `${v.legenda}\nSó hoje: R$ 799.000!` };
    expect(
      checkVariant(edited, sheet)
        .map((x) => x.trecho)
        .join(" "),
    ).toContain("799.000");
  });
});
