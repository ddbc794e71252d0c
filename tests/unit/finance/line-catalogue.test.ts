/** A "lines" field's catalogue (shared/resources/line-catalogue.ts): the professionals a service line offers. */
import { describe, expect, it } from "vitest";
import {
  catalogueEntry,
  catalogueOption,
  catalogueProfessional,
  linesFormValue,
  professionalOption,
  professionalsFor,
} from "../../../shared/resources/line-catalogue.ts";

const ANA = { id: "a1", name: "Ana", serviceIds: ["corte", "escova"] };
const BIA = { id: "b2", name: "Bia", serviceIds: ["escova"] };
const CAIO = { id: "c3", name: "Caio", serviceIds: [] };

describe("line catalogue", () => {
  it("round-trips professionals through plain options, apart from products and services", () => {
    const option = professionalOption(ANA);
    expect(catalogueProfessional(option)).toEqual(ANA);
    expect(catalogueEntry(option)).toBeNull();
    const service = catalogueOption({ kind: "servico", id: "corte", name: "Corte", priceCentavos: 8000 });
    expect(catalogueProfessional(service)).toBeNull();
    expect(catalogueProfessional(professionalOption(CAIO))).toEqual(CAIO);
  });

  it("offers those who perform the service, or everyone when nobody is linked to it", () => {
    const all = [ANA, BIA, CAIO];
    expect(professionalsFor(all, "corte").map((p) => p.id)).toEqual(["a1"]);
    expect(professionalsFor(all, "escova").map((p) => p.id)).toEqual(["a1", "b2"]);
    expect(professionalsFor(all, "manicure").map((p) => p.id)).toEqual(["a1", "b2", "c3"]);
  });

  it("keeps a service line's professional in the form's value, never a product line's", () => {
    const text = linesFormValue(
      [
        {
          produtoId: null,
          servicoId: "corte",
          profissionalId: "a1",
          descricao: "Corte",
          quantidade: 1,
          precoUnitarioCentavos: 8000,
          descontoCentavos: 0,
        },
        {
          produtoId: "p",
          servicoId: null,
          profissionalId: "a1",
          descricao: "Shampoo",
          quantidade: 1,
          precoUnitarioCentavos: 3000,
          descontoCentavos: 0,
        },
      ],
      String,
      String,
    );
    const lines = JSON.parse(text) as { profissionalId?: string }[];
    expect(lines.map((l) => l.profissionalId ?? null)).toEqual(["a1", null]);
  });
});
