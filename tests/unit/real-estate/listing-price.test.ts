import { describe, expect, it } from "vitest";
import { formatListingPrice, formatRent } from "../../../shared/real-estate/listing-price.ts";
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
    expect(preco?.text(row("locacao", 250000))).toBe("R$ 2.500,00/mês");
    expect(preco?.text(row("venda", 85000000))).toBe("R$ 850.000,00");
  });
});
