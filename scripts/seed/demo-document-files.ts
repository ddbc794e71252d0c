import { deflateSync } from "node:zlib";

/**
 * The demo documents' files, generated (nothing downloaded, the same bytes on every install): a
 * one-page PDF with the document's lines in Helvetica, and a PNG "photo" of an identity card (a
 * coloured card with a header band). Both are whole files the upload check accepts (PDF header and
 * %%EOF, PNG with IHDR first and IEND last).
 */

/** PDF text: Latin-1 (WinAnsi) with the string delimiters escaped; what Latin-1 lacks becomes "-". */
function pdfText(text: string): string {
  return Array.from(text, (c) => (c.charCodeAt(0) > 0xff ? "-" : c))
    .join("")
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A one-page A4 PDF: the title large, then each line. */
export function demoPdf(title: string, lines: readonly string[]): Uint8Array {
  const content = [
    "BT",
    "/F1 18 Tf",
    "56 780 Td",
    `(${pdfText(title)}) Tj`,
    "/F1 11 Tf",
    "0 -30 Td",
    ...lines.flatMap((line) => [`(${pdfText(line)}) Tj`, "0 -16 Td"]),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(body, (c) => c.charCodeAt(0));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(
    Uint8Array.from(type, (c) => c.charCodeAt(0)),
    4,
  );
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An identity card's "photo": `width`×`height` RGB, a light card with a coloured band on top and text-like stripes. */
export function demoCardPng(rgb: readonly [number, number, number], width = 320, height = 200): Uint8Array {
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const band = y < height / 5;
      const stripe = !band && x > width * 0.38 && x < width * 0.92 && y % 22 > 14 && y % 22 < 19;
      const photo = !band && x > width * 0.06 && x < width * 0.32 && y > height * 0.3 && y < height * 0.9;
      const [r, g, b] = band ? rgb : stripe ? [120, 120, 130] : photo ? [196, 204, 214] : [246, 244, 238];
      raw.set([r, g, b], row + 1 + x * 3);
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  const parts = [signature, chunk("IHDR", header), chunk("IDAT", new Uint8Array(deflateSync(raw))), chunk("IEND", new Uint8Array())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
