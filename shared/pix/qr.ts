import { encode } from "uqr";
import { escapeXml } from "../escape.ts";

/**
 * The BR Code as a QR image, drawn as SVG text (ADR 068): made on the server (no canvas, so
 * Safari and the Worker draw it alike), inlined in the page or the printed receipt, and costing
 * the browser no JavaScript when nothing shows it. `uqr` only computes the modules; the drawing
 * is ours: one <path> of horizontal runs, crisp edges, a white quiet zone of 4 modules (what
 * the QR standard asks), and an accessible name.
 */

export interface PixQrOptions {
  /** The image's accessible name (the "copia e cola" text beside it carries the same code). */
  label?: string;
  /** Width and height attributes in CSS pixels; the viewBox scales to any size. */
  size?: number;
}

/** The QR standard's quiet zone, in modules. */
export const QR_QUIET_ZONE = 4;

/** The dark modules of a code, quiet zone included (true = dark), at error correction M (15%, sturdy on screens and paper). */
export function pixQrModules(payload: string): boolean[][] {
  return encode(payload, { ecc: "M", border: QR_QUIET_ZONE }).data;
}

/** "M x y h run v1 h-run z" for every horizontal run of dark modules. */
function runsPath(modules: readonly (readonly boolean[])[]): string {
  let path = "";
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      path += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  });
  return path;
}

/** The QR of a BR Code as an SVG document string. */
export function pixQrSvg(payload: string, { label = "QR Code do Pix", size = 240 }: PixQrOptions = {}): string {
  const modules = pixQrModules(payload);
  const n = modules.length;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" width="${size}" height="${size}" role="img" aria-label="${escapeXml(label)}" shape-rendering="crispEdges">` +
    `<rect width="${n}" height="${n}" fill="#fff"/>` +
    `<path fill="#000" d="${runsPath(modules)}"/>` +
    "</svg>"
  );
}
