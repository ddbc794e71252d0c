import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CAPTION_MAX_LENGTH, countCaption, hashtagsOf, MEDIA_MAX } from "../../../shared/social/caption-rules.ts";
import { type PhotoForPost, photosForPost, postFromProperty, type PropertyForPost } from "../../../shared/social/post-from-property.ts";

const HOUSE: PropertyForPost = {
  id: "0b7d6c1e-8f4a-4c1b-9d2e-3f5a6b7c8d9e",
  codigo: "CA0107",
  titulo: "Casa com quintal na Vila Madalena",
  slug: "casa-com-quintal-vila-madalena-ca0107",
  status: "disponivel",
  finalidade: "venda",
  precoCentavos: 1_250_000_00,
  bairro: "Vila Madalena",
  cidade: "São Paulo",
  tipoLabel: "Casa",
};

const photo = (id: string, posicao: number, capa = false): PhotoForPost => ({ id, posicao, capa, legenda: `Foto ${id}` });

describe("a post started from an imóvel (Criar post)", () => {
  it("says the title, the price in reais, the place and the public link, with hashtags of the place and kind", () => {
    const start = postFromProperty("https://app.exemplo.com.br", HOUSE, [photo("a", 0), photo("b", 1, true)]);
    expect(start.legenda).toContain("Casa com quintal na Vila Madalena");
    expect(start.legenda).toContain("R$ 1.250.000,00");
    expect(start.legenda).toContain("Vila Madalena, São Paulo");
    expect(start.link).toBe("https://app.exemplo.com.br/imovel/casa-com-quintal-vila-madalena-ca0107");
    expect(hashtagsOf(start.legenda)).toEqual(["#casa", "#vilamadalena", "#sãopaulo", "#imóvelàvenda", "#imóveis"]);
    expect(start.imovelId).toBe(HOUSE.id);
    // The cover first, then the imóvel's order.
    expect(start.midias).toEqual(["b", "a"]);
    expect(start.textoAlternativo).toBe("Foto b");
  });

  it("says a rent is monthly, and gives no link for a listing the public cannot open", () => {
    const rent = postFromProperty("https://x.test", { ...HOUSE, finalidade: "locacao", precoCentavos: 4_500_00 }, []);
    expect(rent.legenda).toContain("Aluguel: R$ 4.500,00/mês");
    expect(rent.legenda).toContain("#imóvelparaalugar");
    const draft = postFromProperty("https://x.test", { ...HOUSE, status: "rascunho" }, []);
    expect(draft.link).toBe("");
    expect(draft.legenda).not.toContain("link da bio");
    // A local site (npm start, tests) has no address the public can open.
    expect(postFromProperty("http://localhost:8787", HOUSE, []).link).toBe("");
    expect(postFromProperty("http://127.0.0.1:4000", HOUSE, []).link).toBe("");
    expect(draft.textoAlternativo).toBe("Foto de Casa com quintal na Vila Madalena, Vila Madalena, São Paulo.");
  });

  it("keeps at most a carousel's 10 photos, and a caption within Instagram's length", () => {
    fc.assert(
      fc.property(
        fc.record({
          titulo: fc.option(fc.string({ maxLength: 300 }), { nil: null }),
          bairro: fc.option(fc.string({ maxLength: 80 }), { nil: null }),
          cidade: fc.option(fc.string({ maxLength: 80 }), { nil: null }),
          precoCentavos: fc.option(fc.integer({ min: 0, max: 10 ** 12 }), { nil: null }),
          n: fc.integer({ min: 0, max: 25 }),
          cover: fc.integer({ min: 0, max: 24 }),
        }),
        ({ titulo, bairro, cidade, precoCentavos, n, cover }) => {
          const photos = Array.from({ length: n }, (_, i) => photo(`p${i}`, i, i === cover));
          const start = postFromProperty("https://x.test", { ...HOUSE, titulo, bairro, cidade, precoCentavos }, photos);
          expect(start.midias.length).toBe(Math.min(n, MEDIA_MAX));
          if (cover < n) expect(start.midias[0]).toBe(`p${cover}`);
          // A title of 300 characters still leaves a caption Instagram takes (its tags are the person's own).
          expect(countCaption(start.legenda).length).toBeLessThanOrEqual(CAPTION_MAX_LENGTH);
        },
      ),
    );
    expect(photosForPost([photo("x", 2), photo("y", 0), photo("z", 1, true)]).map((p) => p.id)).toEqual(["z", "y", "x"]);
  });
});
