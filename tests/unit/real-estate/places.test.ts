import { describe, expect, it } from "vitest";
import { titleCase, typedPlaces } from "../../../app/components/data/choice-fields.tsx";
import { searchChoices } from "../../../app/components/data/relation-combobox.tsx";
import { formatPlace, parsePlace, placeIdentity, placeKey } from "../../../shared/real-estate/places.ts";
import { interesseSchema } from "../../../shared/resources/interesses.ts";

/**
 * Places as interests and properties both key them: one function, so a bairro typed with other
 * accents, case, spaces or punctuation is the same bairro; and what the place picker offers for
 * a typed text.
 */

describe("placeKey", () => {
  it("ignores accents, case, repeated spaces and punctuation", () => {
    const key = placeKey("Vila Olímpia");
    expect(key).toBe("vila olimpia");
    for (const variant of ["vila olimpia", "VILA  OLÍMPIA", " Vila-Olímpia ", "Vila. Olimpia"]) expect(placeKey(variant)).toBe(key);
    expect(placeKey("Brooklin-Novo")).toBe(placeKey("brooklin novo"));
    expect(placeKey("Jardim São Paulo (Zona Norte)")).toBe("jardim sao paulo zona norte");
  });

  it("is null for nothing to key", () => {
    expect(placeKey("")).toBeNull();
    expect(placeKey(null)).toBeNull();
    expect(placeKey(" - . ")).toBeNull();
  });

  it("identifies a place by city and bairro keys (a whole city has an empty bairro)", () => {
    expect(placeIdentity({ bairro: "Moóca", cidade: "São Paulo", uf: "SP" })).toBe(placeIdentity({ bairro: "mooca", cidade: "sao paulo" }));
    expect(placeIdentity({ cidade: "Campinas" })).toBe("campinas|");
  });
});

describe("parsePlace / formatPlace", () => {
  it("reads what formatPlace writes", () => {
    for (const place of [{ bairro: "Pinheiros", cidade: "São Paulo", uf: "SP" }, { cidade: "Campinas", uf: "SP" }, { cidade: "Santos" }])
      expect(parsePlace(formatPlace(place))).toEqual(place);
  });

  it("accepts cidade/UF and refuses an unknown UF", () => {
    expect(parsePlace("Campinas/sp")).toEqual({ cidade: "Campinas", uf: "SP" });
    expect(parsePlace("Pinheiros, São Paulo - XX")).toBe("uf");
    expect(parsePlace("   ")).toBeNull();
  });
});

describe("the interest schema's places and lists", () => {
  const base = { clienteId: "0190a8b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b", finalidade: "venda" };

  it("reads the picker's repeated values, one place each, a repeat (other spelling) counted once", () => {
    const parsed = interesseSchema.parse({ ...base, locais: ["Pinheiros, São Paulo - SP", "pinheiros, sao paulo - SP", "Campinas - SP"] });
    expect(parsed.locais).toEqual([
      { bairro: "Pinheiros", cidade: "São Paulo", uf: "SP" },
      { cidade: "Campinas", uf: "SP" },
    ]);
  });

  it("keeps only the property form's tipos and características, by value or label; refuses any other in pt-BR", () => {
    const ok = interesseSchema.parse({ ...base, tipos: ["Apartamento", "casa_condominio"], caracteristicas: ["portaria 24H", "piscina"] });
    expect(ok.tipos).toEqual(["apartamento", "casa_condominio"]);
    expect(ok.caracteristicas).toEqual(["portaria_24h", "piscina"]);
    const bad = interesseSchema.safeParse({ ...base, tipos: ["Apartamneto"], caracteristicas: ["heliponto"] });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
    expect(messages.some((m) => m.startsWith("tipos") && m.includes("Tipos"))).toBe(true);
    expect(messages.some((m) => m.startsWith("caracteristicas") && m.includes("Características"))).toBe(true);
  });
});

describe("the place picker", () => {
  const never = new AbortController().signal;
  const cities = [
    { cidade: "São Paulo", uf: "SP" },
    { cidade: "Santo André", uf: "SP" },
  ];

  it("title-cases a name typed in lower case, leaving small words and typed capitals alone", () => {
    expect(titleCase("vila nova conceição")).toBe("Vila Nova Conceição");
    expect(titleCase("jardim da saúde")).toBe("Jardim da Saúde");
    expect(titleCase("Vila do IAPI")).toBe("Vila do IAPI");
  });

  it("offers a bare name as a new bairro of each known city, or as a city", async () => {
    const options = await typedPlaces("vila mariana", cities, never);
    expect(options.map((o) => o.id)).toEqual(["Vila Mariana, São Paulo - SP", "Vila Mariana, Santo André - SP", "Vila Mariana"]);
    expect(options[0]?.note).toBe("novo bairro");
  });

  it("offers a full place as typed, and nothing for an unknown UF", async () => {
    expect((await typedPlaces("Centro, Jundiaí - SP", cities, never)).map((o) => o.id)).toEqual(["Centro, Jundiaí - SP"]);
    expect(await typedPlaces("Centro, Jundiaí - ZZ", cities, never)).toEqual([]);
  });

  it("searches the known places without accents or case", () => {
    const known = ["Vila Olímpia, São Paulo - SP", "Moema, São Paulo - SP", "Campinas - SP"].map((t) => ({ id: t, title: t }));
    expect(searchChoices(known, "olimp").map((o) => o.id)).toEqual(["Vila Olímpia, São Paulo - SP"]);
    expect(searchChoices(known, "SAO PAULO moe").map((o) => o.id)).toEqual(["Moema, São Paulo - SP"]);
    expect(searchChoices(known, "")).toHaveLength(3);
  });
});
