/** The brand's logo (PNG or JPEG) takes the place of the business's name, scaled into its slot. */
import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND } from "../../../shared/brand/brand-style.ts";
import type { ArtSpec } from "../../../worker-art/engine.ts";
import { nodeArtEngine } from "../../support/art-engine.ts";
import { SHORT } from "../../support/art-samples.ts";
import { encodePng } from "../../support/png.ts";

/** A 400 × 100 logo: a dark bar on white. */
function logoPng(): Uint8Array<ArrayBuffer> {
  const width = 400;
  const height = 100;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const dark = i % width > 40 && i % width < 360 && Math.floor(i / width) > 30 && Math.floor(i / width) < 70;
    data.set(dark ? [20, 40, 60, 255] : [255, 255, 255, 255], i * 4);
  }
  const png = encodePng({ data, width, height });
  return new Uint8Array(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer);
}

describe("the logo in post art", () => {
  it("replaces the business's name wherever a template marks the brand", async () => {
    const engine = await nodeArtEngine();
    for (const template of ["faixa-preco", "destaque", "elegante", "ficha"] as const) {
      const base: ArtSpec = { template, slide: "capa", format: "retrato", content: SHORT, brand: DEFAULT_BRAND, photo: null, logo: null };
      expect(
        engine.layout(base).fits.some((f) => f.name === "marca"),
        template,
      ).toBe(true);
      const withLogo = { ...base, logo: logoPng() };
      expect(
        engine.layout(withLogo).fits.some((f) => f.name === "marca"),
        template,
      ).toBe(false);
      const rendered = await engine.render(withLogo, [320]);
      expect(rendered.jpegs.get(320)?.byteLength).toBeGreaterThan(1000);
    }
  });

  it("draws the name when the logo is in a format it cannot read (a WebP logo)", async () => {
    const engine = await nodeArtEngine();
    const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
    const spec: ArtSpec = {
      template: "faixa-preco",
      slide: "capa",
      format: "quadrado",
      content: SHORT,
      brand: DEFAULT_BRAND,
      photo: null,
      logo: webp,
    };
    expect(engine.layout(spec).fits.some((f) => f.name === "marca")).toBe(true);
  });
});
