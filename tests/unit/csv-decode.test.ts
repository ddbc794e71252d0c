import { describe, expect, it } from "vitest";
import { decodeCsvBytes, UNREADABLE_CSV_MESSAGE } from "../../worker/resources/csv-decode.ts";
import { DomainError } from "../../worker/services/context.ts";

const latin1 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function refusal(bytes: Uint8Array): unknown {
  try {
    decodeCsvBytes(bytes);
  } catch (error) {
    return error;
  }
  return null;
}

describe("decodeCsvBytes", () => {
  it("reads UTF-8 with and without a BOM", () => {
    expect(decodeCsvBytes(utf8("nome\r\nJosé Conceição\r\n"))).toBe("nome\r\nJosé Conceição\r\n");
    expect(decodeCsvBytes(Uint8Array.of(0xef, 0xbb, 0xbf, ...utf8("nome;€\r\nJosé")))).toBe("nome;€\r\nJosé");
  });

  it("reads an Excel Latin-1 (Windows-1252) file", () => {
    expect(decodeCsvBytes(latin1("nome;cidade\r\nJosé Conceição;São Paulo"))).toBe("nome;cidade\r\nJosé Conceição;São Paulo");
    // 0x80 is the euro sign in Windows-1252 (not in ISO 8859-1).
    expect(decodeCsvBytes(Uint8Array.of(...latin1("valor "), 0x80))).toBe("valor €");
  });

  it("refuses in pt-BR bytes that neither encoding reads, and text already garbled", () => {
    for (const bytes of [Uint8Array.of(...latin1("nome\r\nAna "), 0x81, 0x8d), utf8("nome\r\nJos\uFFFD Concei\uFFFD\uFFFDo")]) {
      const error = refusal(bytes);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).message).toBe(UNREADABLE_CSV_MESSAGE);
      expect((error as DomainError).status).toBe(400);
    }
  });
});
