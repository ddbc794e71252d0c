import { zipStream } from "../../../worker/resources/zip.ts";
import { jpegFile } from "../../support/jpeg.ts";
import { encodePng } from "../../support/png.ts";

/**
 * Files of each format Documentos accepts, built as their writers build them: a one-page PDF
 * with its xref and trailer, a JPEG and a PNG from the test encoders, libwebp's 1×1 lossy WebP,
 * an iPhone's HEIC `ftyp` box followed by a `meta` box, and DOCX / XLSX / ODT archives written by
 * the app's own ZIP writer (deflated entries, data descriptors, central directory).
 */

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

export function pdfFile(version = "1.7"): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
  ];
  let body = `%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`;
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

export const jpegBytes = (): Uint8Array => jpegFile("baseline", 4, 3, 200);

export function pngBytes(): Uint8Array {
  return new Uint8Array(encodePng({ data: new Uint8Array(2 * 2 * 4).fill(200), width: 2, height: 2 }));
}

/** 1×1 lossy WebP written by libwebp. */
export const webpBytes = (): Uint8Array =>
  new Uint8Array(Buffer.from("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA", "base64"));

/** An ISO-BMFF file: `ftyp` (major brand, minor version 0, compatible brands) then a small `meta` box. */
export function heicFile(major: string, compatible: readonly string[]): Uint8Array {
  const ftypSize = 16 + compatible.length * 4;
  const meta = [0, 0, 0, 0x22, ...text("meta"), 0, 0, 0, 0, 0, 0, 0, 0x16, ...text("hdlr"), 0, 0, 0, 0, 0, 0, 0, 0, ...text("pict")];
  const ftyp = [0, 0, 0, ftypSize, ...text("ftyp"), ...text(major), 0, 0, 0, 0, ...compatible.flatMap((b) => [...text(b)])];
  return new Uint8Array([...ftyp, ...meta, ...new Array(64).fill(0)]);
}

export async function zipFile(entries: Record<string, string>): Promise<Uint8Array> {
  const stream = zipStream(Object.entries(entries).map(([name, content]) => ({ name, content: () => [text(content)] })));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

export const docxFile = (): Promise<Uint8Array> =>
  zipFile({
    "[Content_Types].xml": CONTENT_TYPES,
    "_rels/.rels": "<Relationships/>",
    "word/document.xml": "<w:document><w:body><w:p><w:r><w:t>Contrato de locação</w:t></w:r></w:p></w:body></w:document>",
  });

export const xlsxFile = (): Promise<Uint8Array> =>
  zipFile({
    "[Content_Types].xml": CONTENT_TYPES,
    "_rels/.rels": "<Relationships/>",
    "xl/workbook.xml": "<workbook/>",
    "xl/worksheets/sheet1.xml": "<worksheet/>",
  });

export const odtFile = (): Promise<Uint8Array> =>
  zipFile({
    mimetype: "application/vnd.oasis.opendocument.text",
    "content.xml": "<office:document-content/>",
    "META-INF/manifest.xml": "<manifest/>",
  });
