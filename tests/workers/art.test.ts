/**
 * The art Worker inside workerd, reached as the main Worker reaches it: its `ART` service binding
 * (wrangler.toml `[[services]]`; vitest.config.ts serves the build of worker-art/ beside). Proves
 * the wasm loads as modules there and every format comes out as a JPEG Instagram takes.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ART_FORMATS, ART_FORMAT_IDS, artContentSchema } from "../../shared/art/art-content.ts";
import type { ArtRenderSpec } from "../../shared/art/art-render-spec.ts";
import { DEFAULT_BRAND } from "../../shared/brand/brand-style.ts";
import { readJpegHeader } from "../../shared/image-header.ts";
import { renderSlide } from "../../worker/services/art/art-client.ts";

const art = (env as unknown as { ART: Fetcher }).ART;
const content = artContentSchema.parse({
  titulo: "Apartamento com varanda gourmet",
  preco: "R$ 12.500.000,00",
  local: "Pinheiros, São Paulo",
  fatos: [
    { valor: "3", rotulo: "quartos" },
    { valor: "2", rotulo: "vagas" },
  ],
  contato: { whatsapp: "(11) 98765-4321", link: "horizonte.alicerce.app" },
});

describe("the art Worker behind the ART binding", () => {
  it("renders every format as a JPEG of its size, under Instagram's 8 MB, with the display sizes", async () => {
    for (const format of ART_FORMAT_IDS) {
      const spec: ArtRenderSpec = { template: "ficha", slide: "capa", format, content, brand: DEFAULT_BRAND, widths: [1080, 640, 320] };
      const jpegs = await renderSlide(art, spec, { photo: null, logo: null });
      const { height } = ART_FORMATS[format];
      const publish = jpegs.get(1080) as Uint8Array;
      expect(readJpegHeader(publish), format).toMatchObject({ width: 1080, height });
      expect(publish.byteLength).toBeLessThan(8 * 1024 * 1024);
      expect(readJpegHeader(jpegs.get(640) as Uint8Array)).toMatchObject({ width: 640, height: Math.round((height * 640) / 1080) });
      expect(readJpegHeader(jpegs.get(320) as Uint8Array)).toMatchObject({ width: 320 });
    }
  });

  it("refuses a spec outside the contract with 400", async () => {
    const form = new FormData();
    form.set("spec", JSON.stringify({ template: "nenhum" }));
    const res = await art.fetch("https://art.internal/render", { method: "POST", body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { erro: string }).erro).toContain("Especificação da arte inválida");
  });
});
