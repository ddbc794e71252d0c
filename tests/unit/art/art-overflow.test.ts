/**
 * No text of the post art leaves its box (issue 20): every template and carousel slide, in every
 * format, with the typical, the longest and a produto's contents, measured with the real fonts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ART_FORMAT_IDS, ART_TEMPLATE_IDS, type ArtContent } from "../../../shared/art/art-content.ts";
import { overflowOf } from "../../../shared/art/text-fit.ts";
import { BRAND_FONTS, DEFAULT_BRAND } from "../../../shared/brand/brand-style.ts";
import type { ArtEngine, ArtSpec } from "../../../worker-art/engine.ts";
import { nodeArtEngine } from "../../support/art-engine.ts";
import { LONG, PRODUCT, SHORT } from "../../support/art-samples.ts";

let engine: ArtEngine;
beforeAll(async () => {
  engine = await nodeArtEngine();
});

const SLIDES = [
  ...ART_TEMPLATE_IDS.map((t) => ({ template: t, slide: "capa" as const })),
  { template: "faixa-preco" as const, slide: "foto" as const },
  { template: "faixa-preco" as const, slide: "contato" as const },
];
const CONTENTS: Record<string, ArtContent> = { curto: SHORT, longo: LONG, produto: PRODUCT };

describe("post art texts stay inside their boxes", () => {
  for (const { template, slide } of SLIDES)
    for (const format of ART_FORMAT_IDS)
      for (const [name, content] of Object.entries(CONTENTS))
        it(`${template}/${slide} ${format} ${name}`, () => {
          for (const font of BRAND_FONTS.map((f) => f.id)) {
            const spec: ArtSpec = { template, slide, format, content, brand: { ...DEFAULT_BRAND, fonte: font }, photo: null, logo: null };
            const { fits } = engine.layout(spec);
            expect(fits.length).toBeGreaterThan(0);
            for (const fit of fits) {
              const measure = engine.measurer(fit.font, fit.weight, fit.letterSpacing);
              expect(overflowOf(fit.fitted, fit.box, measure), `${fit.name} (${font})`).toBeNull();
            }
            if (content === LONG && slide === "capa") {
              // The long title really was shrunk or cut, not drawn in a box that had room for anything.
              const title = fits.find((f) => f.name === "titulo");
              expect(title && (title.fitted.truncated || title.fitted.size < title.box.maxSize)).toBe(true);
            }
          }
        });

  // Satori's own layout, not only the fitting rules: each line lies inside the canvas and inside
  // its box (never cut by the box's `overflow: hidden`), and is as wide as its measured text (the
  // box was not squeezed by its neighbours).
  let n = 0;
  for (const { template, slide } of SLIDES)
    for (const format of ART_FORMAT_IDS)
      for (const [name, content] of Object.entries(CONTENTS)) {
        const font = BRAND_FONTS[n++ % BRAND_FONTS.length]?.id ?? "inter";
        it(`${template}/${slide} ${format} ${name} as laid out (${font})`, async () => {
          const spec: ArtSpec = { template, slide, format, content, brand: { ...DEFAULT_BRAND, fonte: font }, photo: null, logo: null };
          const { fits } = engine.layout(spec);
          const { width, height, nodes } = await engine.laidOut(spec);
          const boxes = new Map(nodes.filter((b) => b.key.startsWith("fit:")).map((b) => [b.key.slice(4), b]));
          const lines = nodes.filter((l) => l.key.startsWith("line:"));
          expect(lines.length).toBeGreaterThan(0);
          for (const line of lines) {
            const [, fitName = ""] = line.key.split(":");
            const fit = fits.find((f) => f.name === fitName);
            const owner = boxes.get(fitName);
            expect(fit && owner, line.key).toBeTruthy();
            if (!fit || !owner) continue;
            const where = `${line.key} "${line.text}"`;
            expect(line.left, where).toBeGreaterThanOrEqual(-0.5);
            expect(line.top, where).toBeGreaterThanOrEqual(-0.5);
            expect(line.left + line.width, where).toBeLessThanOrEqual(width + 0.5);
            expect(line.top + line.height, where).toBeLessThanOrEqual(height + 0.5);
            expect(line.top + line.height, `${where} cut by its box`).toBeLessThanOrEqual(owner.top + owner.height + 0.5);
            const measure = engine.measurer(fit.font, fit.weight, fit.letterSpacing);
            expect(measure(line.text, fit.fitted.size), `${where} wider than its line`).toBeLessThanOrEqual(line.width + 1);
          }
        });
      }

  it("draws the whole price R$ 12.500.000,00 (shrunk, never cut) in every cover and format", () => {
    for (const template of ART_TEMPLATE_IDS)
      for (const format of ART_FORMAT_IDS) {
        const { fits } = engine.layout({ template, slide: "capa", format, content: LONG, brand: DEFAULT_BRAND, photo: null, logo: null });
        const price = fits.find((f) => f.name === "preco");
        expect(price?.fitted.lines, `${template} ${format}`).toEqual(["R$ 12.500.000,00"]);
      }
  });
});
