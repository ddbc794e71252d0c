/**
 * Golden images of the post art: each cover template in every format with short and long texts,
 * and the carousel's photo and contact slides, drawn at 180 px wide and compared pixel by pixel
 * with tests/golden/art/*.png (a small tolerance: anti-aliasing may move by a shade). After a
 * deliberate change of the art, look at the new images and rewrite the goldens with
 * `UPDATE_GOLDENS=1 npx vitest run --project unit tests/unit/art/art-golden.test.ts`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ART_FORMAT_IDS,
  ART_TEMPLATE_IDS,
  type ArtFormat,
  type ArtSlideKind,
  type ArtTemplateId,
} from "../../../shared/art/art-content.ts";
import { DEFAULT_BRAND } from "../../../shared/brand/brand-style.ts";
import type { ArtEngine, ArtSpec } from "../../../worker-art/engine.ts";
import { nodeArtEngine } from "../../support/art-engine.ts";
import { demoPhoto, LONG, SHORT } from "../../support/art-samples.ts";
import { decodePng, encodePng, pixelDiff, type Rgba } from "../../support/png.ts";

const DIR = path.resolve(import.meta.dirname, "../../golden/art");
const WIDTH = 180;
const UPDATE = process.env.UPDATE_GOLDENS === "1";
/** Share of pixels allowed to differ by more than a shade, and the mean difference allowed. */
const MAX_DIFFERING = 0.005;
const MAX_MEAN = 1.5;

let engine: ArtEngine;
const photo = demoPhoto("casa-1");
beforeAll(async () => {
  engine = await nodeArtEngine();
});

interface Case {
  template: ArtTemplateId;
  slide: ArtSlideKind;
  format: ArtFormat;
  text: "curto" | "longo";
}

const CASES: Case[] = [
  ...ART_TEMPLATE_IDS.flatMap((template) =>
    ART_FORMAT_IDS.flatMap((format) => (["curto", "longo"] as const).map((text) => ({ template, slide: "capa" as const, format, text }))),
  ),
  { template: "faixa-preco", slide: "foto", format: "retrato", text: "curto" },
  { template: "faixa-preco", slide: "contato", format: "retrato", text: "curto" },
];

function specOf(c: Case, brand = DEFAULT_BRAND): ArtSpec {
  return { template: c.template, slide: c.slide, format: c.format, content: c.text === "curto" ? SHORT : LONG, brand, photo, logo: null };
}

async function draw(spec: ArtSpec): Promise<Rgba> {
  return engine.pixels(spec, WIDTH, true);
}

describe("post art golden images", () => {
  for (const c of CASES) {
    const name = `${c.template}-${c.slide}-${c.format}-${c.text}.png`;
    it(name, async () => {
      const image = await draw(specOf(c));
      const file = path.join(DIR, name);
      if (UPDATE) {
        mkdirSync(DIR, { recursive: true });
        writeFileSync(file, encodePng(image));
        return;
      }
      expect(existsSync(file), `${name} missing: run with UPDATE_GOLDENS=1`).toBe(true);
      const diff = pixelDiff(image, decodePng(readFileSync(file)));
      expect(diff.differing, `${name}: ${(diff.differing * 100).toFixed(2)}% pixels differ`).toBeLessThanOrEqual(MAX_DIFFERING);
      expect(diff.mean).toBeLessThanOrEqual(MAX_MEAN);
    });
  }

  it("tells a change apart: other brand colours fail the comparison", async () => {
    const c = CASES[0] as Case;
    const golden = decodePng(readFileSync(path.join(DIR, `${c.template}-${c.slide}-${c.format}-${c.text}.png`)));
    const other = await draw(specOf(c, { ...DEFAULT_BRAND, corPrimaria: "#7a1f3d", corSecundaria: "#2d6cdf" }));
    expect(pixelDiff(other, golden).differing).toBeGreaterThan(MAX_DIFFERING);
  });

  it("tells a change apart: another price fails the comparison", async () => {
    const c = CASES[0] as Case;
    const golden = decodePng(readFileSync(path.join(DIR, `${c.template}-${c.slide}-${c.format}-${c.text}.png`)));
    const other = await draw({ ...specOf(c), content: { ...SHORT, preco: "R$ 980.000,00" } });
    expect(pixelDiff(other, golden).differing).toBeGreaterThan(MAX_DIFFERING);
  });
});
