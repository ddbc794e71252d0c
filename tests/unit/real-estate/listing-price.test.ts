import { describe, expect, it } from "vitest";
import { formatListingPrice, formatListingPrices, formatPriceFor, formatRent } from "../../../shared/real-estate/listing-price.ts";
import { listingShare, whatsappShareHref } from "../../../shared/real-estate/public-page.ts";
import { matchEmail } from "../../../worker/services/real-estate/match-emails.ts";
import { type ImovelRow, imovelColumns } from "../../../shared/resources/imoveis.ts";

describe("formatListingPrice", () => {
  it("says a rent is monthly", () => {
    expect(formatRent(250000)).toBe("R$ 2.500,00/mês");
    expect(formatListingPrice(250000, "locacao")).toBe("R$ 2.500,00/mês");
  });
  it("shows a sale as it is, and nothing without a price", () => {
    expect(formatListingPrice(85000000, "venda")).toBe("R$ 850.000,00");
    expect(formatListingPrice(85000000, "venda_locacao")).toBe("R$ 850.000,00");
    expect(formatListingPrice(null, "locacao")).toBe("");
  });
});

describe("the Imóveis list's Preço column", () => {
  const preco = imovelColumns.find((c) => c.key === "preco");
  const row = (finalidade: ImovelRow["finalidade"], precoCentavos: number) => ({ finalidade, precoCentavos }) as ImovelRow;
  it("adds /mês to a rent only", () => {
    expect(preco?.text(row("locacao", 250000), "America/Sao_Paulo")).toBe("R$ 2.500,00/mês");
    expect(preco?.text(row("venda", 85000000), "America/Sao_Paulo")).toBe("R$ 850.000,00");
  });
});

describe("both prices of a listing, and the one a purpose looks at", () => {
  const both = { valorVendaCentavos: 85000000, valorLocacaoCentavos: 450000 };
  it("lists each price, the rent with /mês", () => {
    expect(formatListingPrices(both)).toBe("R$ 850.000,00 · R$ 4.500,00/mês");
    expect(formatListingPrices({ valorVendaCentavos: null, valorLocacaoCentavos: 250000 })).toBe("R$ 2.500,00/mês");
    expect(formatListingPrices({ valorVendaCentavos: null, valorLocacaoCentavos: null })).toBe("");
  });
  it("gives a tenant the rent and a buyer the sale price, else the other one", () => {
    expect(formatPriceFor(both, "locacao")).toBe("R$ 4.500,00/mês");
    expect(formatPriceFor(both, "venda")).toBe("R$ 850.000,00");
    expect(formatPriceFor({ valorVendaCentavos: null, valorLocacaoCentavos: 250000 }, "venda")).toBe("R$ 2.500,00/mês");
    expect(formatPriceFor({ valorVendaCentavos: null, valorLocacaoCentavos: null }, "locacao")).toBe("");
  });
});

describe("the match e-mail and the share message", () => {
  it("say a rent is monthly", () => {
    const mail = matchEmail(
      "a@exemplo.com.br",
      "Ana Lima",
      {
        title: "Casa na Mooca",
        price: formatPriceFor({ valorVendaCentavos: null, valorLocacaoCentavos: 420000 }, "locacao"),
        link: "https://x/imovel/c",
      },
      { name: "Rui", business: "Horizonte" },
    );
    expect(mail.text).toContain("Casa na Mooca por R$ 4.200,00/mês.");
    const share = listingShare("https://app.exemplo.com.br", {
      slug: "casa-1",
      status: "disponivel",
      title: "Casa na Mooca",
      price: "R$ 4.200,00/mês",
    });
    expect(decodeURIComponent(whatsappShareHref(share))).toBe(
      "https://wa.me/?text=Casa na Mooca — R$ 4.200,00/mês\nhttps://app.exemplo.com.br/imovel/casa-1",
    );
  });
  it("has a public link only where the public page shows the property, and says why not", () => {
    const of = (status: "disponivel" | "reservado" | "vendido" | "alugado" | "inativo" | "rascunho") =>
      listingShare("https://a.b", { slug: "s", status, title: "T", price: "" }).unavailable;
    expect(of("disponivel")).toBeNull();
    expect(of("reservado")).toBeNull();
    expect(of("vendido")).toBe("Vendido: a página pública não mostra mais este imóvel.");
    expect(of("alugado")).toBe("Alugado: a página pública não mostra mais este imóvel.");
    expect(of("inativo")).toBe("Inativo: a página pública não mostra este imóvel.");
    expect(of("rascunho")).toBe("Rascunho: a página pública existe depois de publicar.");
  });
});
