import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  FORM_ERROR_KEY,
  accepted,
  blankToUndefined,
  cep,
  checkbox,
  cnpj,
  confirmed,
  cpf,
  cpfOrCnpj,
  digits,
  email,
  file,
  formDataToObject,
  formErrors,
  intValue,
  isCleanText,
  messages,
  moneyCentavos,
  numberValue,
  oneOf,
  optional,
  optionalString,
  password,
  phone,
  regex,
  requiredString,
  url,
  validateForm,
  UNKNOWN_INTENT,
} from "../../shared/validation.ts";

/** The first error message, or null when the value parses. */
function err(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? "?");
}

function ok<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`expected success, got: ${r.error.issues[0]?.message}`);
  return r.data;
}

describe("messages — the spec's wording", () => {
  it("has the exact sentences the spec gives with {field}", () => {
    expect(messages.required("Nome")).toBe("O campo Nome é obrigatório");
    expect(messages.email("E-mail")).toBe("O campo E-mail deve ser um email válido");
    expect(messages.min("Nome", 3)).toBe("O campo Nome deve conter pelo menos 3 caracteres");
    expect(messages.max("Nome", 120)).toBe("O campo Nome não deve ter mais que 120 caracteres");
    expect(messages.confirmed()).toBe("A confirmação do campo deve ser igual");
  });

  it("keeps the spec's fragments as exact substrings, prefixed with the field", () => {
    const cases: [string, string][] = [
      [messages.min_value("Quartos", 1), "precisa ser 1 ou maior"],
      [messages.max_value("Quartos", 20), "precisa ser 20 ou menor"],
      [messages.numeric("CEP"), "apenas números"],
      [messages.integer("Vagas"), "número inteiro"],
      [messages.digits("Agência", 4), "numérico com exatamente 4 dígitos"],
      [messages.url("Site"), "URL válida"],
      [messages.regex("Código"), "formato inválido"],
    ];
    for (const [message, fragment] of cases) {
      expect(message).toContain(fragment);
      expect(message.startsWith("O campo ")).toBe(true);
    }
    expect(messages.min_value("Quartos", 1)).toBe("O campo Quartos precisa ser 1 ou maior");
    expect(messages.max_value("Quartos", 20)).toBe("O campo Quartos precisa ser 20 ou menor");
  });

  it("has the default message", () => {
    expect(messages.default("CPF")).toBe("O campo CPF não é válido");
  });

  it("names the field in confirmed when given", () => {
    expect(messages.confirmed("Senha")).toBe("A confirmação do campo Senha deve ser igual");
  });

  it("formats numeric limits in pt-BR and passes strings through", () => {
    expect(messages.min_value("Valor", 1000)).toBe("O campo Valor precisa ser 1.000 ou maior");
    expect(messages.min_value("Valor", "R$ 10,00")).toBe("O campo Valor precisa ser R$ 10,00 ou maior");
    expect(messages.size("Foto", 2048)).toBe("O arquivo do campo Foto deve ter no máximo 2.048 KB");
  });

  it("words the messages the spec leaves open", () => {
    expect(messages.between("Nota", 1, 5)).toBe("O campo Nota deve estar entre 1 e 5");
    expect(messages.alpha("Nome")).toBe("O campo Nome deve conter somente letras");
    expect(messages.alpha_num("Código")).toBe("O campo Código deve conter somente letras e números");
    expect(messages.alpha_dash("Slug")).toContain("letras, números, hífens e sublinhados");
    expect(messages.one_of("Tipo")).toBe("O campo Tipo deve ser um dos valores permitidos");
    expect(messages.not_one_of("Slug")).toBe("O campo Slug contém um valor não permitido");
    expect(messages.image("Foto")).toBe("O campo Foto deve ser uma imagem");
    expect(messages.ext("Contrato", ["pdf", "docx"])).toBe("O campo Contrato deve ser um arquivo com extensão pdf, docx");
    expect(messages.mimes("Contrato", ["application/pdf"])).toBe("O campo Contrato deve ser um arquivo do tipo application/pdf");
    expect(messages.dimensions("Logo", 512, 512)).toBe("O campo Logo deve ter 512 pixels de largura por 512 pixels de altura");
    expect(messages.accepted("Termos de uso")).toBe("O campo Termos de uso deve ser aceito");
  });

  it("every message is a non-empty pt-BR sentence without placeholders", () => {
    for (const [key, fn] of Object.entries(messages)) {
      const args = key === "ext" || key === "mimes" ? [["pdf"]] : [1, 2];
      const text = (fn as (...a: unknown[]) => string)("Campo", ...args);
      expect(text, key).not.toMatch(/\{|\}|undefined|NaN/);
      expect(text.length, key).toBeGreaterThan(10);
    }
  });
});

describe("blankToUndefined", () => {
  it("maps blank strings and null to undefined", () => {
    expect(blankToUndefined("")).toBeUndefined();
    expect(blankToUndefined("   ")).toBeUndefined();
    expect(blankToUndefined(null)).toBeUndefined();
    expect(blankToUndefined(" a ")).toBe(" a ");
    expect(blankToUndefined(0)).toBe(0);
  });
});

describe("requiredString / optionalString", () => {
  const nome = requiredString("Nome", { min: 3, max: 10 });

  it("treats missing, empty and blank as required", () => {
    for (const v of [undefined, null, "", "   "]) expect(err(nome, v)).toBe("O campo Nome é obrigatório");
  });

  it("trims and checks length", () => {
    expect(ok(nome, "  Ana Luz  ")).toBe("Ana Luz");
    expect(err(nome, "Al")).toBe("O campo Nome deve conter pelo menos 3 caracteres");
    expect(err(nome, "  Al  ")).toBe("O campo Nome deve conter pelo menos 3 caracteres");
    expect(err(nome, "Maria Aparecida")).toBe("O campo Nome não deve ter mais que 10 caracteres");
  });

  it("rejects non-strings with the default message", () => {
    expect(err(nome, 123)).toBe("O campo Nome não é válido");
    expect(err(nome, {})).toBe("O campo Nome não é válido");
  });

  it("works without options", () => {
    expect(ok(requiredString("Nome"), "x")).toBe("x");
  });

  it("optional: blank → undefined, otherwise validated", () => {
    const obs = optionalString("Observações", { max: 5 });
    expect(ok(obs, "")).toBeUndefined();
    expect(ok(obs, "   ")).toBeUndefined();
    expect(ok(obs, undefined)).toBeUndefined();
    expect(ok(obs, null)).toBeUndefined();
    expect(ok(obs, " oi ")).toBe("oi");
    expect(err(obs, "longo demais")).toBe("O campo Observações não deve ter mais que 5 caracteres");
  });

  it("optional keys may be absent from an object", () => {
    const schema = z.object({ nome: requiredString("Nome"), obs: optionalString("Obs") });
    expect(ok(schema, { nome: "Ana" })).toEqual({ nome: "Ana" });
    expect(ok(schema, { nome: "Ana", obs: "" })).toEqual({ nome: "Ana", obs: undefined });
  });
});

describe("text hygiene: what people type and nothing else", () => {
  const nome = requiredString("Nome", { max: 120 });
  const obs = optionalString("Observações", { max: 2000, multiline: true });
  const invalid = (field: string) => `O campo ${field} contém caracteres inválidos`;

  it("words the message in the spec's style", () => {
    expect(messages.characters("Nome")).toBe("O campo Nome contém caracteres inválidos");
  });

  it("refuses NUL and unpaired surrogates, high or low, with the field named", () => {
    expect(err(nome, "\u0000\ud800")).toBe(invalid("Nome"));
    expect(err(nome, "Ana\u0000")).toBe(invalid("Nome"));
    expect(err(nome, "Ana \ud800 Luz")).toBe(invalid("Nome"));
    expect(err(nome, "Ana \udc00 Luz")).toBe(invalid("Nome"));
    expect(err(nome, "Ana \udc00\ud800 Luz")).toBe(invalid("Nome"));
    expect(err(obs, "fim\ud83d")).toBe(invalid("Observações"));
    // The hygiene message wins over a length one for the same value.
    expect(err(requiredString("Nome", { min: 5 }), "\u0000")).toBe(invalid("Nome"));
  });

  it("keeps a valid astral character (a surrogate pair)", () => {
    expect(ok(nome, "Ana 😀 Luz")).toBe("Ana 😀 Luz");
    expect(ok(obs, "👍🏽 ok")).toBe("👍🏽 ok");
  });

  it("refuses C0 (BEL), DEL and C1 control characters, in single- and multi-line fields", () => {
    for (const ch of ["\u0007", "\u001b", "\u007f", "\u0080", "\u0085", "\u009f", "\u000b", "\u000c"]) {
      expect(err(nome, `Ana${ch}Luz`), JSON.stringify(ch)).toBe(invalid("Nome"));
      expect(err(obs, `Ana${ch}Luz`), JSON.stringify(ch)).toBe(invalid("Observações"));
    }
    // Just outside the ranges: fine.
    expect(ok(nome, "Ana\u00a0Luz")).toBe("Ana\u00a0Luz");
  });

  it("allows newline and tab only in multi-line fields; CRLF and CR become LF", () => {
    expect(err(nome, "Ana\nLuz")).toBe(invalid("Nome"));
    expect(err(nome, "Ana\tLuz")).toBe(invalid("Nome"));
    expect(err(nome, "Ana\r\nLuz")).toBe(invalid("Nome"));
    expect(ok(obs, "linha 1\nlinha 2\tcoluna")).toBe("linha 1\nlinha 2\tcoluna");
    expect(ok(obs, "linha 1\r\nlinha 2\rlinha 3")).toBe("linha 1\nlinha 2\nlinha 3");
    // Surrounding whitespace, line breaks included, is still trimmed away.
    expect(ok(nome, "  Ana Luz\r\n")).toBe("Ana Luz");
  });

  it("normalises to NFC", () => {
    expect(ok(nome, "Jose\u0301")).toBe("José");
    expect(ok(nome, "Jose\u0301")).toBe("Jos\u00e9");
    expect(ok(obs, "Joa\u0303o\nCeci\u0301lia")).toBe("João\nCecília");
    // Length limits count the composed text.
    expect(ok(requiredString("Nome", { max: 4 }), "Jose\u0301")).toBe("José");
  });

  it("reaches the other free-text builders: e-mail, URL, regex", () => {
    expect(err(email("E-mail"), "ana\u0000@exemplo.com.br")).toBe(invalid("E-mail"));
    expect(err(email("E-mail"), "ana\ud800@exemplo.com.br")).toBe(invalid("E-mail"));
    expect(err(url("Site"), "exemplo.com.br/\u0007")).toBe(invalid("Site"));
    expect(err(regex("Código", /^.+$/), "AB\u0000")).toBe(invalid("Código"));
    expect(ok(regex("Código", /^.+$/), "Jose\u0301")).toBe("José");
  });

  it("isCleanText", () => {
    expect(isCleanText("Olá, mundo 😀")).toBe(true);
    expect(isCleanText("a\nb")).toBe(false);
    expect(isCleanText("a\nb\tc", { multiline: true })).toBe(true);
    expect(isCleanText("a\rb", { multiline: true })).toBe(false);
    expect(isCleanText("\ud800")).toBe(false);
    expect(isCleanText("\udfff")).toBe(false);
  });
});

describe("optional()", () => {
  it("wraps any builder: blank → undefined, filled → validated", () => {
    const schema = optional(cpf("CPF"));
    expect(ok(schema, "")).toBeUndefined();
    expect(ok(schema, undefined)).toBeUndefined();
    expect(ok(schema, "529.982.247-25")).toBe("52998224725");
    expect(err(schema, "123")).toBe("O campo CPF não é válido");
  });
});

describe("email", () => {
  const e = email("E-mail");
  it("accepts, trims and lowercases", () => {
    expect(ok(e, "  Ana.Silva@Exemplo.com.BR ")).toBe("ana.silva@exemplo.com.br");
  });
  it("required vs invalid", () => {
    expect(err(e, "")).toBe("O campo E-mail é obrigatório");
    expect(err(e, undefined)).toBe("O campo E-mail é obrigatório");
    expect(err(e, "ana@")).toBe("O campo E-mail deve ser um email válido");
    expect(err(e, "ana exemplo.com")).toBe("O campo E-mail deve ser um email válido");
    expect(err(e, 42)).toBe("O campo E-mail deve ser um email válido");
  });
});

describe("password", () => {
  const p = password("Senha");
  it("needs at least 8 characters and keeps spaces", () => {
    expect(err(p, "")).toBe("O campo Senha é obrigatório");
    expect(err(p, "1234567")).toBe("O campo Senha deve conter pelo menos 8 caracteres");
    expect(ok(p, " abc 123 ")).toBe(" abc 123 ");
    expect(err(p, "x".repeat(129))).toBe("O campo Senha não deve ter mais que 128 caracteres");
  });
  it("accepts custom limits", () => {
    expect(err(password("PIN", { min: 4, max: 6 }), "1234567")).toBe("O campo PIN não deve ter mais que 6 caracteres");
  });
});

describe("confirmed", () => {
  const schema = confirmed(
    z.object({ email: email("E-mail"), senha: password("Senha"), confirmarSenha: password("Confirmar senha") }),
    "senha",
    "confirmarSenha",
  );

  it("passes when equal", () => {
    expect(ok(schema, { email: "a@b.com", senha: "segredo123", confirmarSenha: "segredo123" }).senha).toBe("segredo123");
  });

  it("puts the error on the confirmation field", () => {
    const r = schema.safeParse({ email: "a@b.com", senha: "segredo123", confirmarSenha: "segredo124" });
    expect(formErrors(r)).toEqual({ confirmarSenha: "A confirmação do campo deve ser igual" });
  });

  it("still reports the mismatch when another field is invalid", () => {
    const r = schema.safeParse({ email: "", senha: "segredo123", confirmarSenha: "outra-senha" });
    expect(formErrors(r)).toEqual({
      email: "O campo E-mail é obrigatório",
      confirmarSenha: "A confirmação do campo deve ser igual",
    });
  });

  it("does not pile a mismatch onto a field that already failed", () => {
    const r = schema.safeParse({ email: "a@b.com", senha: "curta", confirmarSenha: "" });
    expect(formErrors(r)).toEqual({
      senha: "O campo Senha deve conter pelo menos 8 caracteres",
      confirmarSenha: "O campo Confirmar senha é obrigatório",
    });
  });

  it("can name the field", () => {
    const named = confirmed(z.object({ a: password("Senha"), b: password("Confirmação") }), "a", "b", "Senha");
    expect(formErrors(named.safeParse({ a: "12345678", b: "87654321" }))).toEqual({
      b: "A confirmação do campo Senha deve ser igual",
    });
  });
});

describe("documents", () => {
  it("cpf: validates and normalises to digits", () => {
    expect(ok(cpf("CPF"), " 529.982.247-25 ")).toBe("52998224725");
    expect(err(cpf("CPF"), "529.982.247-26")).toBe("O campo CPF não é válido");
    expect(err(cpf("CPF"), "111.111.111-11")).toBe("O campo CPF não é válido");
    expect(err(cpf("CPF"), "")).toBe("O campo CPF é obrigatório");
  });

  it("cnpj: numeric and alphanumeric, normalised uppercase", () => {
    expect(ok(cnpj("CNPJ"), "12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(ok(cnpj("CNPJ"), "11.222.333/0001-81")).toBe("11222333000181");
    expect(err(cnpj("CNPJ"), "11.222.333/0001-80")).toBe("O campo CNPJ não é válido");
    expect(err(cnpj("CNPJ"), undefined)).toBe("O campo CNPJ é obrigatório");
  });

  it("cpfOrCnpj: either", () => {
    const s = cpfOrCnpj("CPF/CNPJ");
    expect(ok(s, "529.982.247-25")).toBe("52998224725");
    expect(ok(s, "12.ABC.345/01DE-35")).toBe("12ABC34501DE35");
    expect(err(s, "5299822472")).toBe("O campo CPF/CNPJ não é válido");
    expect(err(s, "")).toBe("O campo CPF/CNPJ é obrigatório");
  });

  it("cep", () => {
    expect(ok(cep("CEP"), "01310-100")).toBe("01310100");
    expect(err(cep("CEP"), "0131-100")).toBe("O campo CEP não é válido");
  });

  it("phone", () => {
    expect(ok(phone("WhatsApp"), "+55 (11) 91234-5678")).toBe("11912345678");
    expect(ok(phone("Telefone"), "(11) 3123-4567")).toBe("1131234567");
    expect(err(phone("WhatsApp"), "(11) 81234-5678")).toBe("O campo WhatsApp não é válido");
    expect(err(phone("WhatsApp"), " ")).toBe("O campo WhatsApp é obrigatório");
  });
});

describe("numbers", () => {
  const quartos = intValue("Quartos", { min: 0, max: 20 });

  it("intValue parses form strings and numbers", () => {
    expect(ok(quartos, "3")).toBe(3);
    expect(ok(quartos, " 3 ")).toBe(3);
    expect(ok(quartos, 3)).toBe(3);
    expect(ok(intValue("Área"), "1.000")).toBe(1000);
  });

  it("intValue messages", () => {
    expect(err(quartos, "")).toBe("O campo Quartos é obrigatório");
    expect(err(quartos, "três")).toBe("O campo Quartos deve conter apenas números");
    expect(err(quartos, "2,5")).toBe("O campo Quartos deve ser um número inteiro");
    expect(err(quartos, 2.5)).toBe("O campo Quartos deve ser um número inteiro");
    expect(err(quartos, "-1")).toBe("O campo Quartos precisa ser 0 ou maior");
    expect(err(quartos, "21")).toBe("O campo Quartos precisa ser 20 ou menor");
    expect(err(quartos, Number.NaN)).toBe("O campo Quartos deve conter apenas números");
  });

  it("numberValue accepts decimal comma", () => {
    const area = numberValue("Área útil", { min: 1 });
    expect(ok(area, "72,5")).toBe(72.5);
    expect(ok(area, "72.5")).toBe(72.5);
    expect(err(area, "0,5")).toBe("O campo Área útil precisa ser 1 ou maior");
    expect(err(area, "abc")).toBe("O campo Área útil deve conter apenas números");
  });

  it("optional(intValue) allows blank", () => {
    expect(ok(optional(intValue("Vagas")), "")).toBeUndefined();
  });
});

describe("moneyCentavos", () => {
  const preco = moneyCentavos("Preço", { min: 1000, max: 100_000_000 });

  it("parses reais strings from forms into centavos", () => {
    expect(ok(preco, "1.234,56")).toBe(123456);
    expect(ok(preco, "R$ 450.000,00")).toBe(45000000);
    expect(ok(preco, "10")).toBe(1000);
  });

  it("takes numbers as centavos", () => {
    expect(ok(preco, 123456)).toBe(123456);
    expect(err(preco, 1234.5)).toBe("O campo Preço não é válido");
  });

  it("messages show limits as money", () => {
    expect(err(preco, "9,99")).toBe("O campo Preço precisa ser R$ 10,00 ou maior");
    expect(err(preco, "1.000.000,01")).toBe("O campo Preço precisa ser R$ 1.000.000,00 ou menor");
    expect(err(preco, "")).toBe("O campo Preço é obrigatório");
    expect(err(preco, "dez reais")).toBe("O campo Preço deve conter apenas números");
  });

  it("negative amounts need an explicit min to be refused", () => {
    expect(ok(moneyCentavos("Ajuste"), "-R$ 5,00")).toBe(-500);
    expect(err(moneyCentavos("Valor", { min: 0 }), "-5")).toBe("O campo Valor precisa ser R$ 0,00 ou maior");
  });
});

describe("url / regex / digits / oneOf", () => {
  it("url: http(s) only, adds https:// when missing", () => {
    const site = url("Site");
    expect(ok(site, "https://alicerce.com.br/imoveis")).toBe("https://alicerce.com.br/imoveis");
    expect(ok(site, "alicerce.com.br")).toBe("https://alicerce.com.br");
    expect(ok(site, "http://exemplo.com")).toBe("http://exemplo.com");
    expect(err(site, "javascript:alert(1)")).toBe("O campo Site deve ser uma URL válida");
    expect(err(site, "ftp://exemplo.com")).toBe("O campo Site deve ser uma URL válida");
    expect(err(site, "não é url")).toBe("O campo Site deve ser uma URL válida");
    expect(err(site, "")).toBe("O campo Site é obrigatório");
  });

  it("regex", () => {
    const creci = regex("CRECI", /^\d{4,6}-?[FJ]$/);
    expect(ok(creci, "12345-F")).toBe("12345-F");
    expect(err(creci, "ABC")).toBe("O campo CRECI possui um formato inválido");
    expect(err(creci, "")).toBe("O campo CRECI é obrigatório");
  });

  it("regex with the global flag is stable across calls", () => {
    const r = regex("Código", /^[A-Z]{3}$/g);
    expect(ok(r, "ABC")).toBe("ABC");
    expect(ok(r, "ABC")).toBe("ABC");
  });

  it("digits", () => {
    const agencia = digits("Agência", 4);
    expect(ok(agencia, "0001")).toBe("0001");
    expect(err(agencia, "001")).toBe("O campo Agência deve ser numérico com exatamente 4 dígitos");
    expect(err(agencia, "00a1")).toBe("O campo Agência deve ser numérico com exatamente 4 dígitos");
  });

  it("oneOf", () => {
    const finalidade = oneOf("Finalidade", ["venda", "locacao", "ambos"]);
    expect(ok(finalidade, "venda")).toBe("venda");
    expect(err(finalidade, "permuta")).toBe("O campo Finalidade deve ser um dos valores permitidos");
    expect(err(finalidade, "")).toBe("O campo Finalidade é obrigatório");
  });
});

describe("checkbox / accepted", () => {
  it("checkbox maps HTML values to booleans", () => {
    const c = checkbox();
    expect(ok(c, "on")).toBe(true);
    expect(ok(c, "true")).toBe(true);
    expect(ok(c, true)).toBe(true);
    expect(ok(c, undefined)).toBe(false);
    expect(ok(c, "")).toBe(false);
    expect(ok(c, "off")).toBe(false);
    expect(ok(c, false)).toBe(false);
  });

  it("accepted requires a tick", () => {
    const termos = accepted("Termos de uso");
    expect(ok(termos, "on")).toBe(true);
    expect(err(termos, undefined)).toBe("O campo Termos de uso deve ser aceito");
    expect(err(termos, "")).toBe("O campo Termos de uso deve ser aceito");
  });
});

describe("file", () => {
  const png = new File([new Uint8Array(2048)], "logo.png", { type: "image/png" });
  const pdf = new File([new Uint8Array(10)], "Contrato.PDF", { type: "application/pdf" });
  const empty = new File([], "", { type: "application/octet-stream" });

  it("required: an untouched input is missing", () => {
    expect(err(file("Logo"), empty)).toBe("O campo Logo é obrigatório");
    expect(err(file("Logo"), undefined)).toBe("O campo Logo é obrigatório");
    expect(err(file("Logo"), "logo.png")).toBe("O campo Logo não é válido");
    expect(ok(optional(file("Logo")), empty)).toBeUndefined();
  });

  it("size, image, mimes, extensions", () => {
    expect(ok(file("Logo", { maxKb: 2, image: true }), png)).toBe(png);
    expect(err(file("Logo", { maxKb: 1 }), png)).toBe("O arquivo do campo Logo deve ter no máximo 1 KB");
    expect(err(file("Logo", { image: true }), pdf)).toBe("O campo Logo deve ser uma imagem");
    expect(ok(file("Contrato", { mimes: ["application/pdf"], extensions: ["pdf"] }), pdf)).toBe(pdf);
    expect(ok(file("Foto", { mimes: ["image/*"] }), png)).toBe(png);
    expect(err(file("Contrato", { mimes: ["application/pdf"] }), png)).toBe("O campo Contrato deve ser um arquivo do tipo application/pdf");
    expect(err(file("Contrato", { extensions: [".pdf", "docx"] }), png)).toBe(
      "O campo Contrato deve ser um arquivo com extensão .pdf, docx",
    );
  });
});

describe("formErrors", () => {
  it("returns {} on success", () => {
    expect(formErrors(z.string().safeParse("x"))).toEqual({});
  });

  it("keeps the first message per field and joins nested paths with '.'", () => {
    const schema = z.object({
      nome: requiredString("Nome", { min: 3 }),
      enderecos: z.array(z.object({ cep: cep("CEP") })),
      contato: z.object({ email: email("E-mail") }),
    });
    const r = schema.safeParse({
      nome: "",
      enderecos: [{ cep: "01310-100" }, { cep: "123" }],
      contato: { email: "x" },
    });
    expect(formErrors(r)).toEqual({
      nome: "O campo Nome é obrigatório",
      "enderecos.1.cep": "O campo CEP não é válido",
      "contato.email": "O campo E-mail deve ser um email válido",
    });
  });

  it("puts root-level errors under FORM_ERROR_KEY", () => {
    const schema = z.object({ a: z.string() }).refine(() => false, "Formulário inválido");
    expect(formErrors(schema.safeParse({ a: "x" }))).toEqual({ [FORM_ERROR_KEY]: "Formulário inválido" });
    expect(FORM_ERROR_KEY).toBe("_form");
  });

  it("first message wins when a field has several issues", () => {
    const s = z.object({ x: z.string().min(5, "primeira").regex(/^\d+$/, "segunda") });
    expect(formErrors(s.safeParse({ x: "ab" }))).toEqual({ x: "primeira" });
  });
});

describe("formDataToObject / validateForm", () => {
  const schema = z.object({
    nome: requiredString("Nome"),
    email: email("E-mail"),
    obs: optionalString("Observações"),
    termos: accepted("Termos"),
    tags: z.array(z.string()).optional(),
  });

  it("converts FormData, repeated keys to arrays", () => {
    const fd = new FormData();
    fd.append("a", "1");
    fd.append("b", "x");
    fd.append("b", "y");
    expect(formDataToObject(fd)).toEqual({ a: "1", b: ["x", "y"] });
    expect(formDataToObject(new URLSearchParams("a=1&a=2&a=3"))).toEqual({ a: ["1", "2", "3"] });
  });

  it("validates a submitted form the same way as an object", () => {
    const fd = new FormData();
    fd.append("nome", "Ana");
    fd.append("email", "ANA@EXEMPLO.COM");
    fd.append("obs", "");
    fd.append("termos", "on");
    fd.append("tags", "vip");
    fd.append("tags", "indicação");
    expect(validateForm(schema, fd)).toEqual({
      ok: true,
      data: { nome: "Ana", email: "ana@exemplo.com", obs: undefined, termos: true, tags: ["vip", "indicação"] },
    });
  });

  it("returns field errors", () => {
    const result = validateForm(schema, new URLSearchParams("nome=&email=x"));
    expect(result).toEqual({
      ok: false,
      errors: {
        nome: "O campo Nome é obrigatório",
        email: "O campo E-mail deve ser um email válido",
        termos: "O campo Termos deve ser aceito",
      },
    });
    expect(validateForm(schema, { nome: "", email: "x" })).toEqual(result);
  });
});

describe("a form post naming no action of the page", () => {
  it("reads as an unknown action, not as a field called intent", async () => {
    const { profileActionSchema } = await import("../../shared/account/account.ts");
    const result = profileActionSchema.safeParse({ intent: "apagar-tudo" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([UNKNOWN_INTENT]);
  });
});
