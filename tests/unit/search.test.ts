import { describe, expect, it } from "vitest";
import { cityKey, normalizeText, prefixEnd, searchKeys, searchTerms, sortKey, tagKey, wordSuffixes } from "../../shared/search.ts";

describe("search keys and terms", () => {
  it("normalises case, accents and spaces", () => {
    expect(normalizeText("  JOÃO  da Conceição ")).toBe("joao da conceicao");
    expect(normalizeText("Ângela Çá")).toBe("angela ca");
    expect(sortKey("Érica  d'Ávila")).toBe("erica d avila");
  });

  it("indexes every word-suffix of the names, document, e-mail, phones with and without DDD, tags and city", () => {
    expect(wordSuffixes("João da Silva")).toEqual(["joao da silva", "da silva", "silva"]);
    const keys = searchKeys({
      names: ["João da Silva", null],
      document: "12ABC34501DE35",
      email: "Joao@Exemplo.com.br",
      phones: ["11912345678", "1131234567"],
      tags: ["VIP", "Pós-venda", " "],
      city: "São Paulo",
    });
    expect(keys).toEqual([
      "joao da silva",
      "da silva",
      "silva",
      "12abc34501de35",
      "joao@exemplo.com.br",
      "11912345678",
      "912345678",
      "1131234567",
      "31234567",
      "#t:vip",
      "#t:pos venda",
      "#c:sao paulo",
    ]);
    expect(tagKey("Pós-Venda")).toBe("#t:pos venda");
    expect(cityKey("SAO  PAULO")).toBe("#c:sao paulo");
  });

  it("turns the search box into key prefixes, longest first", () => {
    expect(searchTerms("")).toEqual([]);
    expect(searchTerms("   ")).toEqual([]);
    expect(searchTerms("João")).toEqual(["joao"]);
    expect(searchTerms("joão   SILVA")).toEqual(["silva", "joao"]);
    expect(searchTerms("joao joao")).toEqual(["joao"]);
    expect(searchTerms("123.456.789-09")).toEqual(["12345678909"]);
    expect(searchTerms("(11) 9123-4")).toEqual(["1191234"]);
    expect(searchTerms("12.ABC.345/01")).toEqual(["12abc34501"]);
    expect(searchTerms("Maria@Exemplo")).toEqual(["maria@exemplo"]);
    // Punctuation a person types never reaches the database as syntax.
    expect(searchTerms("o'brien; drop table")).toEqual(["brien", "table", "drop", "o"]);
    expect(searchTerms("a b c d e f g h")).toHaveLength(6);
  });

  it("bounds a prefix range exactly", () => {
    expect(prefixEnd("joao")).toBe("joap");
    expect(prefixEnd("a")).toBe("b");
    expect("joao silva" >= "joao" && "joao silva" < prefixEnd("joao")).toBe(true);
    expect("joaquim" < prefixEnd("joao")).toBe(false);
  });
});
