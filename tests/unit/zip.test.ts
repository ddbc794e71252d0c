import { describe, expect, it } from "vitest";
import { escapeXml } from "../../shared/escape.ts";
import { columnName, excelSerial, xlsxStream } from "../../worker/resources/xlsx.ts";
import { crc32, zipStream } from "../../worker/resources/zip.ts";
import { unzip } from "../support/unzip.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const read = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

describe("streaming ZIP and XLSX", () => {
  it('computes CRC-32 (check value of "123456789") incrementally', () => {
    expect(crc32(0, bytes("123456789"))).toBe(0xcbf43926);
    expect(crc32(crc32(0, bytes("1234")), bytes("56789"))).toBe(0xcbf43926);
  });

  it("writes an archive any reader opens, entry by entry", async () => {
    const archive = await read(
      zipStream([
        { name: "a.txt", content: () => [bytes("olá "), bytes("mundo")] },
        {
          name: "pasta/b.xml",
          content: async function* () {
            for (let i = 0; i < 1000; i++) yield bytes(`<linha n="${i}"/>`);
          },
        },
        { name: "vazio", content: () => [] },
      ]),
    );
    const files = await unzip(archive);
    expect(files["a.txt"]).toBe("olá mundo");
    expect(files["pasta/b.xml"]?.split("<linha").length).toBe(1001);
    expect(files.vazio).toBe("");
  });

  it("builds sheet cells: escaped text, numbers, dates, column letters", async () => {
    expect(columnName(0)).toBe("A");
    expect(columnName(25)).toBe("Z");
    expect(columnName(26)).toBe("AA");
    expect(columnName(701)).toBe("ZZ");
    expect(escapeXml('a & <b> "c"\u0001')).toBe("a &amp; &lt;b&gt; &quot;c&quot;");
    expect(excelSerial(new Date(Date.UTC(1980, 4, 9)))).toBe(29350);
    const files = await unzip(
      await read(
        xlsxStream({
          sheetName: "Clientes",
          header: ["Nome", "Nascimento", "Valor"],
          rows: async function* () {
            yield [["Zé & Cia", { date: new Date(Date.UTC(1980, 4, 9)) }, 1234.5]];
            yield [[null, { date: new Date(Date.UTC(2026, 0, 2, 12)), time: true }, -2]];
          },
        }),
      ),
    );
    const sheet = files["xl/worksheets/sheet1.xml"] ?? "";
    expect(sheet).toContain(
      '<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">Zé &amp; Cia</t></is></c><c r="B2" s="2"><v>29350</v></c><c r="C2"><v>1234.5</v></c></row>',
    );
    expect(sheet).toContain('<row r="3"><c r="B3" s="3"><v>46024.5</v></c><c r="C3"><v>-2</v></c></row>');
    expect(files["xl/styles.xml"]).toContain('formatCode="dd/mm/yyyy"');
  });
});
