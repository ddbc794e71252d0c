import { describe, expect, it } from "vitest";
import {
  VALID_DDDS,
  cnpjCheckDigits,
  cpfCheckDigits,
  formatCep,
  formatCnpj,
  formatCpf,
  formatPhoneBR,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidPhoneBR,
  normalizeCnpj,
  onlyDigits,
} from "../../shared/documents.ts";

// Independent reference generator (a different formulation from the module's):
// CPF digit = (Σ value·weight · 10) mod 11 mod 10; CNPJ digit via the Receita
// Federal table with char value = code − 48.
function refCpf(base9: string): string {
  const digit = (s: string) => {
    let sum = 0;
    for (let k = 0; k < s.length; k++) sum += Number(s[k]) * (s.length + 1 - k);
    return ((sum * 10) % 11) % 10;
  };
  const d1 = digit(base9);
  return `${base9}${d1}${digit(base9 + d1)}`;
}

function refCnpj(base12: string): string {
  const digit = (s: string) => {
    let sum = 0;
    let weight = 2;
    for (let k = s.length - 1; k >= 0; k--) {
      sum += (s.charCodeAt(k) - 48) * weight;
      weight = weight === 9 ? 2 : weight + 1;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const d1 = digit(base12);
  return `${base12}${d1}${digit(base12 + d1)}`;
}

/** Deterministic PRNG so failures reproduce. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomString(rand: () => number, length: number, alphabet: string): string {
  let out = "";
  for (let k = 0; k < length; k++) out += alphabet[Math.floor(rand() * alphabet.length)];
  return out;
}

const DIGITS = "0123456789";
const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

describe("onlyDigits / normalizeCnpj", () => {
  it("strips as documented", () => {
    expect(onlyDigits("123.456.789-09")).toBe("12345678909");
    expect(onlyDigits("(11) 91234-5678")).toBe("11912345678");
    expect(onlyDigits("abc")).toBe("");
    expect(normalizeCnpj("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(normalizeCnpj(" 11.222.333/0001-81 ")).toBe("11222333000181");
  });
});

describe("CPF", () => {
  it.each(["529.982.247-25", "52998224725", "111.444.777-35", "123.456.789-09", "935.411.347-80"])("accepts known-valid %s", (cpf) =>
    expect(isValidCpf(cpf)).toBe(true),
  );

  it.each([
    ["wrong first digit", "529.982.247-35"],
    ["wrong second digit", "529.982.247-26"],
    ["too short", "5299822472"],
    ["too long", "529982247250"],
    ["letters", "abc52998224725"],
    ["letter inside", "529.982.2A7-25"],
    ["empty", ""],
  ])("rejects %s", (_, cpf) => expect(isValidCpf(cpf)).toBe(false));

  it("rejects every all-same-digit sequence, even though they pass mod 11", () => {
    for (const d of DIGITS) {
      const cpf = d.repeat(11);
      expect(refCpf(d.repeat(9))).toBe(cpf); // they do have "valid" check digits…
      expect(isValidCpf(cpf)).toBe(false); // …but are not issued.
    }
  });

  it("agrees with the reference generator on 500 random bases", () => {
    const rand = rng(2026);
    for (let n = 0; n < 500; n++) {
      const base = randomString(rand, 9, DIGITS);
      if (/^(\d)\1+$/.test(base)) continue;
      const cpf = refCpf(base);
      expect(cpfCheckDigits(base)).toBe(cpf.slice(9));
      expect(isValidCpf(cpf)).toBe(true);
      expect(isValidCpf(formatCpf(cpf))).toBe(true);
      // Any change to a check digit breaks it.
      const bad = `${cpf.slice(0, 10)}${(Number(cpf[10]) + 1) % 10}`;
      expect(isValidCpf(bad)).toBe(false);
    }
  });

  it("cpfCheckDigits rejects bad bases", () => {
    expect(() => cpfCheckDigits("12345678")).toThrow(RangeError);
    expect(() => cpfCheckDigits("12345678a")).toThrow(RangeError);
  });

  it("formats fully and progressively", () => {
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
    expect(formatCpf("529.982.247-25")).toBe("529.982.247-25");
    expect(formatCpf("529")).toBe("529");
    expect(formatCpf("5299")).toBe("529.9");
    expect(formatCpf("529982247")).toBe("529.982.247");
    expect(formatCpf("5299822472")).toBe("529.982.247-2");
    expect(formatCpf("529982247250000")).toBe("529.982.247-25");
  });
});

describe("CNPJ", () => {
  it("reproduces the Receita Federal alphanumeric example 12.ABC.345/01DE-35", () => {
    expect(cnpjCheckDigits("12ABC34501DE")).toBe("35");
    expect(refCnpj("12ABC34501DE")).toBe("12ABC34501DE35");
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true);
    expect(isValidCnpj("12ABC34501DE35")).toBe(true);
    expect(isValidCnpj("12.abc.345/01de-35")).toBe(true);
  });

  it.each(["11.222.333/0001-81", "11222333000181", "04.252.011/0001-10", "33.000.167/0001-01", "00.000.000/0001-91"])(
    "accepts known-valid numeric %s",
    (cnpj) => expect(isValidCnpj(cnpj)).toBe(true),
  );

  it.each([
    ["wrong digits (alnum)", "12.ABC.345/01DE-36"],
    ["wrong digits (numeric)", "11.222.333/0001-82"],
    ["letter in a check digit", "12.ABC.345/01DE-3A"],
    ["13 chars", "12ABC34501DE3"],
    ["15 chars", "12ABC34501DE351"],
    ["symbol inside", "12ABC345#01DE35"],
    ["accented letter", "12ÁBC34501DE35"],
    ["empty", ""],
  ])("rejects %s", (_, cnpj) => expect(isValidCnpj(cnpj)).toBe(false));

  it("rejects all-same-character sequences", () => {
    for (const d of DIGITS) expect(isValidCnpj(d.repeat(14))).toBe(false);
  });

  it("agrees with the reference generator on 500 random numeric and 500 alphanumeric bases", () => {
    const rand = rng(7);
    for (const alphabet of [DIGITS, ALNUM]) {
      for (let n = 0; n < 500; n++) {
        const base = randomString(rand, 12, alphabet);
        const cnpj = refCnpj(base);
        expect(cnpjCheckDigits(base)).toBe(cnpj.slice(12));
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(formatCnpj(cnpj))).toBe(true);
        expect(isValidCnpj(cnpj.toLowerCase())).toBe(true);
        const bad = `${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`;
        expect(isValidCnpj(bad)).toBe(false);
      }
    }
  });

  it("cnpjCheckDigits accepts lowercase and rejects bad bases", () => {
    expect(cnpjCheckDigits("12abc34501de")).toBe("35");
    expect(() => cnpjCheckDigits("12ABC34501D")).toThrow(RangeError);
    expect(() => cnpjCheckDigits("12ABC34501D-")).toThrow(RangeError);
  });

  it("formats fully (letters uppercase) and progressively", () => {
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCnpj("11.222.333/0001-81")).toBe("11.222.333/0001-81");
    expect(formatCnpj("112")).toBe("11.2");
    expect(formatCnpj("11222333")).toBe("11.222.333");
    expect(formatCnpj("112223330")).toBe("11.222.333/0");
    expect(formatCnpj("1122233300018")).toBe("11.222.333/0001-8");
  });
});

describe("CEP", () => {
  it("formats", () => {
    expect(formatCep("01310100")).toBe("01310-100");
    expect(formatCep("01310-100")).toBe("01310-100");
    expect(formatCep("0131")).toBe("0131");
    expect(formatCep("013101")).toBe("01310-1");
  });

  it.each(["01310-100", "01310100", " 70040-010 "])("accepts %j", (cep) => expect(isValidCep(cep)).toBe(true));

  it.each(["0131010", "013101000", "01310_100", "01.310-100", "abcde-fgh", "00000-000", ""])("rejects %j", (cep) =>
    expect(isValidCep(cep)).toBe(false),
  );
});

describe("phones", () => {
  it("formats mobile and landline", () => {
    expect(formatPhoneBR("11912345678")).toBe("(11) 91234-5678");
    expect(formatPhoneBR("1131234567")).toBe("(11) 3123-4567");
    expect(formatPhoneBR("+55 11 91234-5678")).toBe("(11) 91234-5678");
    expect(formatPhoneBR("5511912345678")).toBe("(11) 91234-5678");
    expect(formatPhoneBR("011 3123-4567")).toBe("(11) 3123-4567");
  });

  it("formats progressively", () => {
    expect(formatPhoneBR("1")).toBe("(1");
    expect(formatPhoneBR("11")).toBe("(11");
    expect(formatPhoneBR("113")).toBe("(11) 3");
    expect(formatPhoneBR("113123")).toBe("(11) 3123");
    expect(formatPhoneBR("1131234")).toBe("(11) 3123-4");
  });

  it.each(["(11) 91234-5678", "11912345678", "+55 (21) 98765-4321", "(11) 3123-4567", "(61) 2345-6789", "(99) 5555-1234"])(
    "accepts %j",
    (p) => expect(isValidPhoneBR(p)).toBe(true),
  );

  it.each([
    ["mobile not starting with 9", "(11) 81234-5678"],
    ["landline starting with 9", "(11) 9123-4567"],
    ["landline starting with 6 (old mobile range)", "(11) 6123-4567"],
    ["unused DDD 20", "(20) 91234-5678"],
    ["unused DDD 23", "(23) 3123-4567"],
    ["DDD 10", "(10) 91234-5678"],
    ["too short", "(11) 1234-567"],
    ["too long", "(11) 912345-6789"],
    ["letters", "(11) 9abcd-5678"],
    ["empty", ""],
  ])("rejects %s", (_, p) => expect(isValidPhoneBR(p)).toBe(false));

  it("knows the 67 DDDs in use", () => {
    expect(VALID_DDDS.size).toBe(67);
    for (const ddd of ["11", "21", "27", "31", "41", "51", "61", "71", "79", "81", "91", "99"]) {
      expect(VALID_DDDS.has(ddd)).toBe(true);
    }
    for (const ddd of ["10", "20", "23", "25", "26", "29", "30", "36", "39", "40", "50", "52", "56", "70", "72", "76", "78", "80", "90"]) {
      expect(VALID_DDDS.has(ddd)).toBe(false);
    }
  });
});
