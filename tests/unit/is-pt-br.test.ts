import { describe, expect, it } from "vitest";
import { isPtBr } from "../support/garbage.ts";

describe("isPtBr (the bad-input harnesses' language check)", () => {
  it("refuses English and leaked internals", () => {
    expect(isPtBr("Invalid input: expected string, received undefined")).toBe(false);
    expect(isPtBr("O campo Preço é NaN")).toBe(false);
    expect(isPtBr("[object Object]")).toBe(false);
    expect(isPtBr("")).toBe(false);
  });
  it("accepts pt-BR, also when it quotes back what the person typed", () => {
    expect(isPtBr("O campo Nome é obrigatório")).toBe(true);
    expect(isPtBr("O campo Características desejadas não aceita “NaN”: use um dos valores da lista.")).toBe(true);
    expect(isPtBr("O campo Tipos não aceita “null”: use um dos valores da lista.")).toBe(true);
  });
});
