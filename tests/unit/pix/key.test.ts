import { describe, expect, it } from "vitest";
import { PIX_KEY_KIND, type PixKeyKind, guessPixKeyKind, parsePixKey } from "../../../shared/pix/key.ts";

/** Pix keys (ADR 068): every kind validated and written the way the DICT stores it. */

function value(kind: PixKeyKind, input: string): string | null {
  const result = parsePixKey(kind, input);
  return result.ok ? result.key.value : null;
}

function message(kind: PixKeyKind, input: string): string | null {
  const result = parsePixKey(kind, input);
  return result.ok ? null : result.message;
}

describe("CPF key", () => {
  it("takes a CPF with right check digits, masked or bare, as 11 digits", () => {
    expect(value("cpf", "123.456.789-09")).toBe("12345678909");
    expect(value("cpf", " 12345678909 ")).toBe("12345678909");
  });

  it("refuses wrong check digits, repeated digits and stray characters, in pt-BR", () => {
    for (const bad of ["123.456.789-00", "111.111.111-11", "1234567890", "abc12345678909"]) expect(value("cpf", bad)).toBeNull();
    expect(message("cpf", "123.456.789-00")).toBe("Chave Pix inválida: informe um CPF com 11 dígitos e dígitos verificadores corretos.");
  });
});

describe("CNPJ key", () => {
  it("takes a numeric or alphanumeric CNPJ with right check digits, uppercased and unmasked", () => {
    expect(value("cnpj", "11.222.333/0001-81")).toBe("11222333000181");
    expect(value("cnpj", "12.abc.345/01de-35")).toBe("12ABC34501DE35");
  });

  it("refuses wrong check digits and a CPF given as CNPJ", () => {
    expect(value("cnpj", "11.222.333/0001-80")).toBeNull();
    expect(value("cnpj", "12345678909")).toBeNull();
    expect(message("cnpj", "00.000.000/0000-00")).toMatch(/^Chave Pix inválida: informe um CNPJ/);
  });
});

describe("e-mail key", () => {
  it("takes an e-mail in lowercase, up to 77 characters", () => {
    expect(value("email", " Contato@Salao-Bela.com.br ")).toBe("contato@salao-bela.com.br");
    const longest = `${"a".repeat(70)}@ex.com`;
    expect(longest).toHaveLength(77);
    expect(value("email", longest)).toBe(longest);
  });

  it("refuses a longer one, one without a domain and one with spaces", () => {
    for (const bad of [`${"a".repeat(71)}@ex.com`, "loja@", "loja@exemplo", "lo ja@exemplo.com", "@exemplo.com", "loja@-x.com"]) {
      expect(value("email", bad)).toBeNull();
    }
    expect(message("email", "loja@")).toBe("Chave Pix inválida: informe um e-mail válido com até 77 caracteres.");
  });
});

describe("phone key", () => {
  it("writes a mobile as +55, DDD and 9 digits, whatever the mask", () => {
    for (const input of [
      "(11) 91234-5678",
      "11912345678",
      "+55 11 91234-5678",
      "+5511912345678",
      "011 91234 5678",
      "55 (11) 9 1234-5678",
    ]) {
      expect(value("telefone", input)).toBe("+5511912345678");
    }
  });

  it("refuses a landline, a DDD that does not exist, a short number and letters", () => {
    for (const bad of ["(11) 3123-4567", "(20) 91234-5678", "91234-5678", "(11) 9123-456", "11 91234-567a"]) {
      expect(value("telefone", bad)).toBeNull();
    }
    expect(message("telefone", "(11) 3123-4567")).toBe("Chave Pix inválida: informe um celular com DDD, como (11) 91234-5678.");
  });
});

describe("random key (EVP)", () => {
  it("takes a UUID in lowercase, the manual's example too", () => {
    expect(value("aleatoria", "7D9F0335-8DCC-4054-9BF9-0DBD61D36906")).toBe("7d9f0335-8dcc-4054-9bf9-0dbd61d36906");
    expect(value("aleatoria", "123e4567-e12b-12d1-a456-426655440000")).toBe("123e4567-e12b-12d1-a456-426655440000");
  });

  it("refuses anything not shaped like a UUID", () => {
    for (const bad of ["7d9f03358dcc40549bf90dbd61d36906", "7d9f0335-8dcc-4054-9bf9-0dbd61d3690", "7d9f0335-8dcc-4054-9bf9-0dbd61d3690g"]) {
      expect(value("aleatoria", bad)).toBeNull();
    }
  });
});

describe("any kind", () => {
  it("asks for the key when it is empty", () => {
    for (const kind of PIX_KEY_KIND.values) expect(message(kind, "  ")).toBe("Informe a chave Pix.");
  });

  it("has a pt-BR label per kind", () => {
    expect(PIX_KEY_KIND.options.map((o) => o.label)).toEqual(["CPF", "CNPJ", "E-mail", "Celular", "Chave aleatória"]);
  });

  it("guesses the kind of a typed key, CPF before phone for 11 valid digits", () => {
    expect(guessPixKeyKind("loja@exemplo.com")).toBe("email");
    expect(guessPixKeyKind("7d9f0335-8dcc-4054-9bf9-0dbd61d36906")).toBe("aleatoria");
    expect(guessPixKeyKind("+55 11 91234-5678")).toBe("telefone");
    expect(guessPixKeyKind("11.222.333/0001-81")).toBe("cnpj");
    expect(guessPixKeyKind("123.456.789-09")).toBe("cpf");
    expect(guessPixKeyKind("(11) 91234-5678")).toBe("telefone");
    expect(guessPixKeyKind("xyz")).toBeNull();
    expect(guessPixKeyKind("")).toBeNull();
  });
});
