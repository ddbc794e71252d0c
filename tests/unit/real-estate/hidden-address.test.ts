import { describe, expect, it } from "vitest";
import { type AddressInDescription, addressWarnings, revealedAddress } from "../../../shared/real-estate/hidden-address.ts";

const base: AddressInDescription = {
  descricao: null,
  rua: "Rua Harmonia",
  numero: "123",
  bairro: "Vila Madalena",
  enderecoPublico: "bairro",
};
const reveal = (descricao: string, over: Partial<AddressInDescription> = {}) => revealedAddress({ ...base, ...over, descricao });

describe("the description naming a hidden street or number", () => {
  it("finds the street with its kind, without it, abbreviated, in any case and with or without accents", () => {
    expect(reveal("Apartamento na Rua Harmonia, perto do metrô.").rua).toBe("Rua Harmonia");
    expect(reveal("Apartamento na Harmonia, perto do metrô.").rua).toBe("Rua Harmonia");
    expect(reveal("Fica na R. HARMONIA.").rua).toBe("Rua Harmonia");
    expect(reveal("Casa na Av. Harmonia.").rua).toBe("Rua Harmonia");
    const accented = { rua: "Avenida São João" };
    expect(reveal("Sala comercial na Av. Sao Joao, centro.", accented).rua).toBe("Avenida São João");
    expect(reveal("Sala comercial na avenida são joão.", accented).rua).toBe("Avenida São João");
    expect(reveal("Sala na São João, ao lado da praça.", accented).rua).toBe("Avenida São João");
  });

  it("takes whole words only, and never the bairro for the street", () => {
    expect(reveal("Apartamento harmonioso, na Vila Madalena.").rua).toBeNull();
    const pinheiros = { rua: "Rua dos Pinheiros", bairro: "Pinheiros" };
    expect(reveal("Apartamento em Pinheiros, perto do metrô Faria Lima.", pinheiros).rua).toBeNull();
    expect(reveal("Apartamento no bairro de Pinheiros.", pinheiros).rua).toBeNull();
    expect(reveal("Apartamento na Rua dos Pinheiros, perto do metrô.", pinheiros).rua).toBe("Rua dos Pinheiros");
    expect(reveal("Apartamento na R. Pinheiros.", { rua: "Rua Pinheiros", bairro: "Pinheiros" }).rua).toBe("Rua Pinheiros");
    expect(reveal("Apartamento em Pinheiros.", { rua: "Rua Pinheiros", bairro: "Pinheiros" }).rua).toBeNull();
  });

  it("finds the number after the street or after nº / número, never a bare figure", () => {
    expect(reveal("Na Rua Harmonia, 123, perto do metrô.").numero).toBe("123");
    expect(reveal("Na Harmonia nº 123.").numero).toBe("123");
    expect(reveal("Prédio de número 123 da rua.").numero).toBe("123");
    expect(reveal("Apartamento de 123 m² com 3 quartos.").numero).toBeNull();
    expect(reveal("Na Rua Harmonia, 1234.").numero).toBeNull();
    expect(reveal("Sem número.", { numero: "s/n" }).numero).toBeNull();
  });

  it("warns only about what the page hides", () => {
    const text = "Apartamento na Rua Harmonia, 123, perto do metrô.";
    expect(addressWarnings({ ...base, descricao: text })).toEqual([
      "A descrição cita a rua (Rua Harmonia), mas o anúncio mostra só o bairro: tire a rua da descrição.",
      "A descrição cita o número (123), mas o anúncio mostra só o bairro: tire o número da descrição.",
    ]);
    // The street is public: only the number is a leak.
    expect(addressWarnings({ ...base, descricao: text, enderecoPublico: "rua" })).toEqual([
      "A descrição cita o número (123), mas o anúncio mostra a rua sem o número: tire o número da descrição.",
    ]);
    expect(addressWarnings({ ...base, descricao: text, enderecoPublico: "completo" })).toEqual([]);
    expect(addressWarnings({ ...base, descricao: "Apartamento claro e arejado na Vila Madalena." })).toEqual([]);
    expect(addressWarnings({ ...base, descricao: text, rua: null, numero: null })).toEqual([]);
  });
});

describe("the demo's properties", () => {
  it("never name in the description a street or number the page hides", async () => {
    const { demoPropertyInputs } = await import("../../../scripts/seed/demo-properties.ts");
    const people = [{ id: "a" }, { id: "b" }, { id: "c" }];
    const { listings } = demoPropertyInputs(people, { clientIds: ["x"], companyIds: ["y"] });
    expect(listings.length).toBeGreaterThan(10);
    const byBairro = listings.filter((l) => l.input.enderecoPublico === "bairro");
    expect(byBairro.length).toBeGreaterThan(0);
    for (const { input } of listings) {
      const warnings = addressWarnings({
        descricao: input.descricao as string,
        rua: input.rua as string,
        numero: input.numero as string,
        bairro: input.bairro as string,
        enderecoPublico: input.enderecoPublico as AddressInDescription["enderecoPublico"],
      });
      expect(warnings, String(input.descricao)).toEqual([]);
    }
  });
});
