import { describe, expect, it } from "vitest";
import { featureGroupsOf, propertyDataView } from "../../../app/server/real-estate/property-data.server.ts";
import type { ImovelRow } from "../../../shared/resources/imoveis.ts";

/** The Dados tab: what is true or filled, the features from the list matching reads, the cover. */

const row = {
  id: "0b9f7f3e-4a4c-4a3e-9a43-2b8f4f5e6a7b",
  codigo: "AP0001",
  titulo: "Apartamento com piscina",
  finalidade: "locacao",
  tipo: "apartamento",
  status: "disponivel",
  valorLocacaoCentavos: 250000,
  areaUtil: 68,
  quartos: 2,
  bairro: "Vila Mariana",
  cidade: "São Paulo",
  uf: "SP",
  enderecoPublico: "bairro",
  mobiliado: false,
  aceitaFinanciamento: false,
  aceitaPermuta: true,
  exclusividade: false,
  destaque: false,
  caracteristicas: ["piscina", "churrasqueira", "doca"],
  capaChave: "org/x/properties/y/photo-1",
} as unknown as ImovelRow;

describe("the property's Dados tab", () => {
  const { view, featureGroups, cover } = propertyDataView(row, {}, "America/Sao_Paulo");
  const items = view.sections.flatMap((s) => s.items.filter((i) => i.value.kind !== "empty"));
  it("has no row per feature and no 'Não' row", () => {
    expect(items.some((i) => i.name.startsWith("caracteristicas."))).toBe(false);
    expect(items.filter((i) => i.value.kind === "text" && i.value.text === "Não")).toEqual([]);
    expect(items.find((i) => i.name === "aceitaPermuta")?.value).toMatchObject({ text: "Sim" });
    expect(items.find((i) => i.name === "valorLocacaoCentavos")?.value).toMatchObject({ text: "R$ 2.500,00/mês" });
  });
  it("leaves out sections with nothing filled", () => {
    expect(view.sections.every((s) => s.items.some((i) => i.value.kind !== "empty"))).toBe(true);
  });
  it("groups the ticked features, as the list the form writes and matching reads", () => {
    expect(featureGroups).toEqual([
      { title: "Residencial", features: ["Piscina", "Churrasqueira"] },
      { title: "Comercial", features: ["Doca"] },
    ]);
    expect(featureGroupsOf([])).toEqual([]);
  });
  it("shows the cover photo", () => {
    expect(cover?.src).toContain("org/x/properties/y/photo-1");
    expect(cover?.alt).toBe("Foto de capa: Apartamento com piscina");
  });
});
