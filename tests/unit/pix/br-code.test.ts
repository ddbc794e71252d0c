import { describe, expect, it } from "vitest";
import { encodeBrCode, pixAmount, pixCopiaECola, readBrCode } from "../../../shared/pix/br-code.ts";
import { crc16CcittFalse, crc16Hex } from "../../../shared/pix/crc16.ts";
import { PixError } from "../../../shared/pix/errors.ts";
import { merchantCity, merchantName, sanitizeTxid } from "../../../shared/pix/text.ts";
import { readTlv, tlv } from "../../../shared/pix/tlv.ts";

/**
 * The static BR Code (ADR 068). MANUAL_EXAMPLE is the static QR example of the BCB's Manual do BR
 * Code (random key "123e4567-e12b-12d1-a456-426655440000", "Fulano de Tal", "BRASILIA", no
 * amount, txid "***", CRC 1D3D). No internet here: the text is the one quoted, character for
 * character, by public Pix libraries' own tests — ACBr's ACBrPIXCD unit tests
 * (TTestQRCodeEstatico, "fQRStr"), the pix-payload package's README, pix-utils-style parsers'
 * `isPixEmvcoQr` fixtures — which agree with each other.
 */
const MANUAL_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

/** thalesog/pix-utils tests/emvCodes.ts STATIC_TEST_NO_VALUE_ELEMENT_EMV: an e-mail key with a description (26-02). */
const PIX_UTILS_WITH_DESCRIPTION =
  "00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 1235204000053039865802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***63042C6B";

const EVP = { kind: "aleatoria", value: "123e4567-e12b-12d1-a456-426655440000" } as const;

describe("CRC16-CCITT-FALSE", () => {
  it("matches the catalogue's check value and the trivial vectors", () => {
    expect(crc16CcittFalse("123456789")).toBe(0x29b1);
    expect(crc16Hex("123456789")).toBe("29B1");
    expect(crc16Hex("")).toBe("FFFF");
    expect(crc16Hex("A")).toBe("B915");
  });

  it("writes 4 uppercase hex digits, zero-padded", () => {
    for (const text of ["", "x", "pix", MANUAL_EXAMPLE]) expect(crc16Hex(text)).toMatch(/^[0-9A-F]{4}$/);
  });

  it("gives the manual's CRC over the manual's payload up to and including 6304", () => {
    expect(crc16Hex(MANUAL_EXAMPLE.slice(0, -4))).toBe("1D3D");
  });
});

describe("TLV fields", () => {
  it("writes the length in two digits", () => {
    expect(tlv("00", "01")).toBe("000201");
    expect(tlv("59", "A")).toBe("5901A");
    expect(tlv("26", "x".repeat(99))).toBe(`2699${"x".repeat(99)}`);
  });

  it("refuses in pt-BR what two length digits cannot say, empty values and non-ASCII", () => {
    expect(() => tlv("26", "x".repeat(100))).toThrow(/passa de 99 caracteres/);
    expect(() => tlv("59", "", "nome do recebedor")).toThrow("O nome do recebedor do Pix não pode ficar vazio.");
    expect(() => tlv("59", "São")).toThrow(PixError);
    expect(() => tlv("5", "x")).toThrow(PixError);
  });

  it("reads back what it writes, and refuses a length that runs past the end", () => {
    expect([...(readTlv(tlv("00", "01") + tlv("05", "***")) ?? [])]).toEqual([
      ["00", "01"],
      ["05", "***"],
    ]);
    expect(readTlv("0005abc")).toBeNull();
  });
});

describe("the manual's example", () => {
  it("is encoded byte for byte from its fields", () => {
    expect(
      encodeBrCode({
        key: "123e4567-e12b-12d1-a456-426655440000",
        merchantName: "Fulano de Tal",
        merchantCity: "BRASILIA",
        txid: "***",
      }),
    ).toBe(MANUAL_EXAMPLE);
  });

  it("is read back with its fields, and a changed character breaks the CRC", () => {
    expect(readBrCode(MANUAL_EXAMPLE)).toEqual({
      key: "123e4567-e12b-12d1-a456-426655440000",
      description: undefined,
      amount: undefined,
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
      txid: "***",
    });
    expect(readBrCode(MANUAL_EXAMPLE.replace("BRASILIA", "BRASILIO"))).toBeNull();
    expect(readBrCode(MANUAL_EXAMPLE.slice(0, -1))).toBeNull();
  });

  it("pix-utils' fixture with a description (26-02) is encoded byte for byte too", () => {
    expect(
      encodeBrCode({
        key: "thalesog@me.com",
        description: "Pedido 123",
        merchantName: "Thales Ogliari",
        merchantCity: "SAO MIGUEL DO O",
        txid: "***",
      }),
    ).toBe(PIX_UTILS_WITH_DESCRIPTION);
  });

  it("from the checkout: the same code with the name uppercased, as the manual recommends", () => {
    const code = pixCopiaECola({ key: EVP, merchantName: "Fulano de Tal", merchantCity: "Brasília" });
    expect(code.slice(0, -4)).toBe(MANUAL_EXAMPLE.slice(0, -4).replace("Fulano de Tal", "FULANO DE TAL"));
    expect(readBrCode(code)?.merchantName).toBe("FULANO DE TAL");
  });
});

describe("the key", () => {
  it("is checked again and written in its canonical form", () => {
    const code = pixCopiaECola({ key: { kind: "telefone", value: "(11) 91234-5678" }, merchantName: "Loja", merchantCity: "Recife" });
    expect(readBrCode(code)?.key).toBe("+5511912345678");
    expect(() => pixCopiaECola({ key: { kind: "cpf", value: "123.456.789-00" }, merchantName: "Loja", merchantCity: "Recife" })).toThrow(
      "Chave Pix inválida: informe um CPF com 11 dígitos e dígitos verificadores corretos.",
    );
  });
});

describe("amount", () => {
  it("writes centavos with a decimal point and two decimals", () => {
    expect(pixAmount(1050)).toBe("10.50");
    expect(pixAmount(1)).toBe("0.01");
    expect(pixAmount(100)).toBe("1.00");
    expect(pixAmount(123456789)).toBe("1234567.89");
    expect(pixAmount(999_999_999_999)).toBe("9999999999.99");
  });

  it("refuses what is not a positive whole centavo count or does not fit 13 characters", () => {
    for (const bad of [0, -1, 10.5, Number.NaN, 1_000_000_000_000]) expect(() => pixAmount(bad)).toThrow(PixError);
  });

  it("puts field 54 between 53 and 58, and leaves it out for an open amount", () => {
    const withAmount = pixCopiaECola({ key: EVP, amountCentavos: 1050, merchantName: "Loja", merchantCity: "Recife" });
    expect(withAmount).toContain("5303986540510.505802BR");
    expect(readBrCode(withAmount)?.amount).toBe("10.50");
    for (const amountCentavos of [0, undefined]) {
      const open = pixCopiaECola({ key: EVP, amountCentavos, merchantName: "Loja", merchantCity: "Recife" });
      expect(open).toContain("53039865802BR");
      expect(readBrCode(open)?.amount).toBeUndefined();
    }
  });
});

describe("merchant texts and txid", () => {
  it("removes accents, uppercases and cuts the name at 25 and the city at 15", () => {
    expect(merchantName("  Salão da Conceição Beleza & Estética ")).toBe("SALAO DA CONCEICAO BELEZA");
    expect(merchantName("Ótica Ñandú")).toBe("OTICA NANDU");
    expect(merchantCity("São João del-Rei")).toBe("SAO JOAO DEL-RE");
    expect(merchantCity("Florianópolis ")).toBe("FLORIANOPOLIS");
    expect(merchantName("x".repeat(40))).toHaveLength(25);
    expect(merchantCity("Aparecida de Goiânia")).toBe("APARECIDA DE GO");
  });

  it("does not end a cut name in a space, and refuses a name or city with nothing left", () => {
    expect(merchantName("Padaria e Confeitaria Doce Lar")).toBe("PADARIA E CONFEITARIA DOC");
    expect(merchantCity("Rio de Janeiro X")).toBe("RIO DE JANEIRO");
    expect(() => merchantName("  🙂  ")).toThrow("Informe o nome do recebedor do Pix (o nome do negócio ou do titular da chave).");
    expect(() => merchantCity("")).toThrow("Informe a cidade do recebedor do Pix.");
  });

  it("keeps only letters and digits in the txid, *** when empty, and refuses more than 25", () => {
    expect(sanitizeTxid("Venda nº 1.234")).toBe("Vendano1234");
    expect(sanitizeTxid("ção-42")).toBe("cao42");
    expect(sanitizeTxid("")).toBe("***");
    expect(sanitizeTxid(null)).toBe("***");
    expect(sanitizeTxid("--")).toBe("***");
    expect(sanitizeTxid("A".repeat(25))).toHaveLength(25);
    expect(() => sanitizeTxid("A".repeat(26))).toThrow(/no máximo 25 letras e números \(tem 26\)/);
  });

  it("writes the txid in field 62-05", () => {
    const code = pixCopiaECola({ key: EVP, merchantName: "Loja", merchantCity: "Recife", txid: "VENDA-000123" });
    expect(code).toContain("62150511VENDA0001236304");
    expect(readBrCode(code)?.txid).toBe("VENDA000123");
  });
});

describe("field 26 limit", () => {
  const email = (length: number) => ({ kind: "email" as const, value: `${"a".repeat(length - "@ex.com".length)}@ex.com` });

  it("fits a description beside the key up to 99 characters in all, accents removed", () => {
    // 18 (GUI) + 4 + 36 (EVP) + 4 = 62: room for 37 characters.
    const code = pixCopiaECola({ key: EVP, merchantName: "Loja", merchantCity: "Recife", description: `Ação ${"x".repeat(32)}` });
    expect(readBrCode(code)?.description).toBe(`Acao ${"x".repeat(32)}`);
    expect(code.slice(6, 10)).toBe("2699");
  });

  it("refuses in pt-BR a description that does not fit, saying how much does", () => {
    expect(() => pixCopiaECola({ key: EVP, merchantName: "Loja", merchantCity: "Recife", description: "x".repeat(38) })).toThrow(
      "A descrição do Pix deve ter no máximo 37 caracteres com esta chave (tem 38).",
    );
    expect(() => pixCopiaECola({ key: email(77), merchantName: "Loja", merchantCity: "Recife", description: "Oi" })).toThrow(
      "Esta chave Pix é longa demais para levar uma descrição.",
    );
  });

  it("takes the longest e-mail key (77) without a description", () => {
    const code = pixCopiaECola({ key: email(77), merchantName: "Loja", merchantCity: "Recife" });
    expect(readBrCode(code)?.key).toHaveLength(77);
  });

  it("stays within the 512 characters of a whole code at every field's maximum", () => {
    const code = pixCopiaECola({
      key: email(60),
      amountCentavos: 999_999_999_999,
      merchantName: "N".repeat(60),
      merchantCity: "C".repeat(60),
      txid: "T".repeat(25),
      description: "D".repeat(13),
    });
    expect(code.length).toBeLessThanOrEqual(512);
    expect(readBrCode(code)).toMatchObject({ merchantName: "N".repeat(25), merchantCity: "C".repeat(15), txid: "T".repeat(25) });
  });
});
