import { describe, expect, it } from "vitest";
import { pixCopiaECola } from "../../../shared/pix/br-code.ts";
import { QR_QUIET_ZONE, pixQrModules, pixQrSvg } from "../../../shared/pix/qr.ts";

/** The QR image of a BR Code (ADR 068): SVG text, drawn from the modules uqr computes. */

const PAYLOAD = pixCopiaECola({
  key: { kind: "aleatoria", value: "123e4567-e12b-12d1-a456-426655440000" },
  amountCentavos: 15990,
  merchantName: "Salão Bela Vista",
  merchantCity: "São Paulo",
  txid: "VENDA000123",
});

/** The modules back from the SVG's path ("M x y h run v1 h-run z"). */
function modulesFromSvg(svg: string, n: number): boolean[][] {
  const grid = Array.from({ length: n }, () => Array<boolean>(n).fill(false));
  const d = /<path fill="#000" d="([^"]*)"/.exec(svg)?.[1] ?? "";
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let k = 0; k < Number(run); k++) (grid[Number(y)] as boolean[])[Number(x) + k] = true;
  }
  return grid;
}

/** A finder pattern's 7×7 (dark ring, light ring, dark 3×3) at a corner. */
function hasFinder(m: boolean[][], top: number, left: number): boolean {
  for (let y = 0; y < 7; y++) {
    for (let x = 0; x < 7; x++) {
      const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3));
      if (m[top + y]?.[left + x] !== (ring !== 2)) return false;
    }
  }
  return true;
}

/** The 15 format bits of the first copy (beside the top-left finder), as QR writes them. */
function formatBits(m: boolean[][], q: number): number {
  const at = (x: number, y: number): number => (m[q + y]?.[q + x] ? 1 : 0);
  let bits = 0;
  for (let i = 0; i <= 5; i++) bits |= at(8, i) << i;
  bits |= at(8, 7) << 6;
  bits |= at(8, 8) << 7;
  bits |= at(7, 8) << 8;
  for (let i = 9; i < 15; i++) bits |= at(14 - i, 8) << i;
  return bits;
}

/** The BCH(15,5) remainder QR appends to the 5 format data bits. */
function formatRemainder(data: number): number {
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return rem & 0x3ff;
}

describe("pixQrSvg", () => {
  const modules = pixQrModules(PAYLOAD);
  const n = modules.length;
  const svg = pixQrSvg(PAYLOAD);

  it("is a square QR of a valid version with a 4-module quiet zone and the three finder patterns", () => {
    const inner = n - 2 * QR_QUIET_ZONE;
    expect((inner - 17) % 4).toBe(0);
    expect(inner).toBeGreaterThanOrEqual(21);
    for (const row of modules) expect(row).toHaveLength(n);
    const q = QR_QUIET_ZONE;
    expect(modules.slice(0, q).flat().some(Boolean)).toBe(false);
    expect(modules.flatMap((row) => row.slice(0, q)).some(Boolean)).toBe(false);
    expect(hasFinder(modules, q, q)).toBe(true);
    expect(hasFinder(modules, q, n - q - 7)).toBe(true);
    expect(hasFinder(modules, n - q - 7, q)).toBe(true);
    expect(hasFinder(modules, n - q - 7, n - q - 7)).toBe(false);
  });

  it("declares error correction M in valid format bits", () => {
    const unmasked = formatBits(modules, QR_QUIET_ZONE) ^ 0x5412;
    const data = unmasked >>> 10;
    expect(unmasked & 0x3ff).toBe(formatRemainder(data));
    expect(data >>> 3).toBe(0b00); // QR's code for level M
  });

  it("draws exactly the modules, as one path on a white square", () => {
    expect(modulesFromSvg(svg, n)).toEqual(modules);
    expect(svg).toContain(`viewBox="0 0 ${n} ${n}"`);
    expect(svg).toContain(`<rect width="${n}" height="${n}" fill="#fff"/>`);
    expect(svg.match(/<path/g)).toHaveLength(1);
  });

  it("is an accessible image, its label escaped, its size settable", () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*role="img" aria-label="QR Code do Pix"/);
    const custom = pixQrSvg(PAYLOAD, { label: 'Pix de R$ 159,90 para "Salão"', size: 180 });
    expect(custom).toContain('aria-label="Pix de R$ 159,90 para &quot;Salão&quot;"');
    expect(custom).toContain('width="180" height="180"');
  });

  it("changes with the payload and is the same for the same payload", () => {
    expect(pixQrSvg(PAYLOAD)).toBe(svg);
    expect(pixQrSvg(PAYLOAD.replace("159.90", "159.91"))).not.toBe(svg);
  });
});
