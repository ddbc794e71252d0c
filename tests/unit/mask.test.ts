import { describe, expect, it } from "vitest";
import { MASKS, applyMask, caretAfterMask, maskCpfCnpj, maskPhone, nationalPhoneDigits, unmask } from "../../shared/mask.ts";

describe("MASKS", () => {
  it("are the named patterns", () => {
    expect(MASKS).toEqual({
      cpf: "###.###.###-##",
      cnpj: "**.***.***/****-##",
      cep: "#####-###",
      phone: "(##) ####-####",
      mobile: "(##) #####-####",
    });
  });
});

describe("applyMask", () => {
  it("formats partial input progressively (brief's examples)", () => {
    expect(applyMask("1234", "#####-###")).toBe("1234");
    expect(applyMask("123456", "#####-###")).toBe("12345-6");
  });

  it("formats complete input and drops the excess", () => {
    expect(applyMask("01310100", MASKS.cep)).toBe("01310-100");
    expect(applyMask("0131010099", MASKS.cep)).toBe("01310-100");
  });

  it("does not end with an automatic literal", () => {
    expect(applyMask("12345", MASKS.cep)).toBe("12345");
    expect(applyMask("123", MASKS.cpf)).toBe("123");
    expect(applyMask("12345678901", MASKS.cpf)).toBe("123.456.789-01");
  });

  it("keeps a literal the person typed (natural backspacing)", () => {
    expect(applyMask("12345-", MASKS.cep)).toBe("12345-");
    expect(applyMask("123.", MASKS.cpf)).toBe("123.");
    expect(applyMask("(", MASKS.phone)).toBe("(");
  });

  it("adds leading literals once the first slot is filled", () => {
    expect(applyMask("", MASKS.phone)).toBe("");
    expect(applyMask("1", MASKS.phone)).toBe("(1");
    expect(applyMask("11", MASKS.phone)).toBe("(11");
    expect(applyMask("113", MASKS.phone)).toBe("(11) 3");
  });

  it("re-masks already-masked input idempotently", () => {
    for (const [pattern, value] of [
      [MASKS.cpf, "529.982.247-25"],
      [MASKS.cnpj, "12.ABC.345/01DE-35"],
      [MASKS.cep, "01310-100"],
      [MASKS.phone, "(11) 3123-4567"],
      [MASKS.mobile, "(11) 91234-5678"],
    ] as const) {
      expect(applyMask(value, pattern)).toBe(value);
      expect(applyMask(applyMask(value, pattern), pattern)).toBe(value);
    }
  });

  it("# takes digits only, skipping others", () => {
    expect(applyMask("12a3", "###")).toBe("123");
    expect(applyMask("a1b2c3d4", "##-##")).toBe("12-34");
    expect(applyMask("abc", "###")).toBe("");
  });

  it("@ takes ASCII letters only", () => {
    expect(applyMask("ab1c", "@@@")).toBe("abc");
    expect(applyMask("ABC1D23", "@@@-#@##")).toBe("ABC-1D23"); // Mercosul plate
    expect(applyMask("123", "@@@")).toBe("");
  });

  it("* takes letters and digits", () => {
    expect(applyMask("a1-B2", "****")).toBe("a1B2");
    expect(applyMask("12ABC34501DE35", MASKS.cnpj)).toBe("12.ABC.345/01DE-35");
  });

  it("a CNPJ check-digit slot refuses letters", () => {
    expect(applyMask("12ABC34501DEXY35", MASKS.cnpj)).toBe("12.ABC.345/01DE-35");
  });
});

describe("unmask", () => {
  it("without a pattern keeps letters and digits", () => {
    expect(unmask("529.982.247-25")).toBe("52998224725");
    expect(unmask("12.ABC.345/01DE-35")).toBe("12ABC34501DE35");
    expect(unmask("(11) 91234-5678")).toBe("11912345678");
  });

  it("with a pattern keeps only the token slots", () => {
    expect(unmask("12.ABC.345/01DE-35", MASKS.cnpj)).toBe("12ABC34501DE35");
    expect(unmask("01310-100", MASKS.cep)).toBe("01310100");
    expect(unmask("(11) 3123-4567", MASKS.phone)).toBe("1131234567");
    expect(unmask("12345-", MASKS.cep)).toBe("12345");
    expect(unmask("", MASKS.cep)).toBe("");
  });

  it("is the inverse of applyMask for complete values", () => {
    expect(unmask(applyMask("52998224725", MASKS.cpf), MASKS.cpf)).toBe("52998224725");
  });
});

describe("nationalPhoneDigits", () => {
  it("drops country code and trunk zeros", () => {
    expect(nationalPhoneDigits("+55 (11) 91234-5678")).toBe("11912345678");
    expect(nationalPhoneDigits("55 11 3123-4567")).toBe("1131234567");
    expect(nationalPhoneDigits("011 91234-5678")).toBe("11912345678");
    // DDD 55 (RS) stays: the number is not long enough to carry a country code.
    expect(nationalPhoneDigits("(55) 99123-4567")).toBe("55991234567");
  });
});

describe("maskPhone", () => {
  it("uses landline up to 10 digits and mobile from the 11th", () => {
    expect(maskPhone("1131234567")).toBe("(11) 3123-4567");
    expect(maskPhone("11912345678")).toBe("(11) 91234-5678");
    expect(maskPhone("119123456")).toBe("(11) 9123-456");
    expect(maskPhone("1191234567")).toBe("(11) 9123-4567");
  });

  it("re-masks when switching between landline and mobile", () => {
    expect(maskPhone("(11) 9123-45678")).toBe("(11) 91234-5678");
    expect(maskPhone("(11) 91234-567")).toBe("(11) 9123-4567"); // backspace from mobile
  });

  it("caps at 11 digits and handles +55", () => {
    expect(maskPhone("119123456789999")).toBe("(11) 91234-5678");
    expect(maskPhone("+55 11 91234-5678")).toBe("(11) 91234-5678");
    expect(maskPhone("")).toBe("");
    expect(maskPhone("abc")).toBe("");
  });
});

describe("maskCpfCnpj", () => {
  it("uses CPF up to 11 digits", () => {
    expect(maskCpfCnpj("529")).toBe("529");
    expect(maskCpfCnpj("52998224725")).toBe("529.982.247-25");
  });

  it("switches to CNPJ from the 12th character", () => {
    expect(maskCpfCnpj("112223330001")).toBe("11.222.333/0001");
    expect(maskCpfCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(maskCpfCnpj("529.982.247-251")).toBe("52.998.224/7251");
  });

  it("switches to CNPJ as soon as a letter appears, uppercasing", () => {
    expect(maskCpfCnpj("12a")).toBe("12.A");
    expect(maskCpfCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(maskCpfCnpj("12.abc.345/01de-35")).toBe("12.ABC.345/01DE-35");
  });

  it("caps at 14 characters", () => {
    expect(maskCpfCnpj("1122233300018199")).toBe("11.222.333/0001-81");
  });
});

describe("caretAfterMask", () => {
  /** The raw value and caret (marked by "|") an input holds before the mask runs. */
  const edit = (withCaret: string, mask: (v: string) => string): string => {
    const caret = withCaret.indexOf("|");
    const raw = withCaret.replace("|", "");
    const masked = mask(raw);
    const at = caretAfterMask(raw, caret, masked);
    return `${masked.slice(0, at)}|${masked.slice(at)}`;
  };
  const cpf = (v: string) => maskCpfCnpj(v);

  it("keeps the caret in place after a backspace in the middle", () => {
    // "123.456.789-01" with the caret after the 5, backspace: the browser leaves "123.46.789-01".
    expect(edit("123.4|6.789-01", cpf)).toBe("123.4|67.890-1");
  });

  it("keeps the caret after a digit typed in the middle, past the separator it crosses", () => {
    expect(edit("123.49|67.890-1", cpf)).toBe("123.49|6.789-01");
    expect(edit("123.4569|.789-0", cpf)).toBe("123.456.9|78-90");
  });

  it("puts the caret after the pasted text", () => {
    expect(edit("12345678901|", cpf)).toBe("123.456.789-01|");
    expect(edit("123.99999|.456", cpf)).toBe("123.999.99|4-56");
  });

  it("stays at the start and never passes the end", () => {
    expect(edit("|123", cpf)).toBe("|123");
    expect(caretAfterMask("1234567890123456|", 16, "123.456.789-01")).toBe(14);
  });
});
