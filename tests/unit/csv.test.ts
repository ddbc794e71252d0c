import { describe, expect, it } from "vitest";
import { CsvError, csvField, csvLine, csvNumber, detectSeparator, formatCsv, parseCsv } from "../../worker/resources/csv.ts";

describe("CSV for Excel pt-BR", () => {
  it("writes numbers with a decimal comma and no grouping", () => {
    expect(csvNumber(1234.5)).toBe("1234,5");
    expect(csvNumber(-0.25)).toBe("-0,25");
    expect(csvNumber(42)).toBe("42");
    expect(csvNumber(Number.NaN)).toBe("");
    expect(csvField(1234.56)).toBe("1234,56");
  });

  it("quotes fields with separators, quotes and line breaks; leaves plain text alone", () => {
    expect(csvField("João da Silva")).toBe("João da Silva");
    expect(csvField("Rua A; 10")).toBe('"Rua A; 10"');
    expect(csvField('Diz "oi"')).toBe('"Diz ""oi"""');
    expect(csvField("linha 1\r\nlinha 2")).toBe('"linha 1\r\nlinha 2"');
    expect(csvField("1,5")).toBe("1,5");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("neutralises text Excel would run as a formula", () => {
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+5511")).toBe("'+5511");
    expect(csvField("-x")).toBe("'-x");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField('=HYPERLINK("x";"y")')).toBe(`"'=HYPERLINK(""x"";""y"")"`);
    // Numbers stay numbers, negative ones included.
    expect(csvField(-3)).toBe("-3");
  });

  it("writes a BOM, semicolons and CRLF", () => {
    const text = formatCsv(
      ["Nome", "Valor"],
      [
        ["Ana", 10.5],
        ["Bruno; Jr.", 3],
      ],
    );
    expect(text).toBe('\uFEFFNome;Valor\r\nAna;10,5\r\n"Bruno; Jr.";3\r\n');
    expect(csvLine(["a", "b"])).toBe("a;b\r\n");
  });

  it("detects the separator from the header line, ignoring quoted text", () => {
    expect(detectSeparator("Nome;Cidade\nA,B;C")).toBe(";");
    expect(detectSeparator("Nome,Cidade,UF\nx;y")).toBe(",");
    expect(detectSeparator('"A;B;C",Nome,Cidade')).toBe(",");
    expect(detectSeparator("Nome")).toBe(";");
  });

  it("parses BOM, quoted fields with separators, quotes and line breaks, CRLF/LF and blank lines", () => {
    const parsed = parseCsv('\uFEFFNome;Obs\r\n"Ana; Maria";"diz ""oi""\r\ne tchau"\r\n\r\nBruno;\nCarla;x\n');
    expect(parsed.header).toEqual(["Nome", "Obs"]);
    expect(parsed.records).toEqual([
      { line: 2, fields: ["Ana; Maria", 'diz "oi"\r\ne tchau'] },
      { line: 5, fields: ["Bruno", ""] },
      { line: 6, fields: ["Carla", "x"] },
    ]);
    expect(parseCsv("a,b\n1,2", ",").records).toEqual([{ line: 2, fields: ["1", "2"] }]);
    expect(parseCsv("a;b\n1;2").records[0]?.fields).toEqual(["1", "2"]);
    expect(parseCsv("Nome\nsem quebra no fim").records).toEqual([{ line: 2, fields: ["sem quebra no fim"] }]);
    expect(parseCsv("").header).toEqual([]);
  });

  it("round-trips what it writes", () => {
    const rows = [["Ana; Maria", 'Diz "oi"', "linha\r\nquebrada", "=perigo"]];
    const parsed = parseCsv(formatCsv(["A", "B", "C", "D"], rows));
    expect(parsed.records[0]?.fields).toEqual(["Ana; Maria", 'Diz "oi"', "linha\r\nquebrada", "'=perigo"]);
  });

  it("refuses an unterminated quote with the line it started on", () => {
    expect(() => parseCsv('Nome\nAna\n"Bruno')).toThrow(CsvError);
    expect(() => parseCsv('Nome\nAna\n"Bruno')).toThrow("Aspas sem fechamento a partir da linha 3.");
  });
});
