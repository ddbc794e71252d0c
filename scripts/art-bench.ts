/**
 * `node scripts/art-bench.ts`: post art render time and JPEG size per format, inside workerd
 * (the built art Worker served by Miniflare, as `npm start` serves it). Cold: the first render
 * of a fresh Worker (wasm instantiation and font parsing included); warm: the median of the next
 * renders. Each asks what storing a slide asks: 1080 px to publish, 640 and 320 to display.
 * The numbers behind ADR 051.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Miniflare } from "miniflare";
import { ART_FORMAT_IDS, type ArtFormat, artContentSchema } from "../shared/art/art-content.ts";
import type { ArtRenderSpec } from "../shared/art/art-render-spec.ts";
import { DEFAULT_BRAND } from "../shared/brand/brand-style.ts";
import { artWorkerOptions, buildArtWorker } from "./lib/art-worker.ts";
import { ROOT } from "./lib/proc.ts";
import { pickWorkerd } from "./lib/serve-miniflare.ts";

const WARM_RUNS = Number(process.env.ART_BENCH_RUNS ?? 5);
const photo = readFileSync(path.join(ROOT, "public/media/demo/casa-1/publish.jpg"));
const content = artContentSchema.parse({
  titulo: "Casa térrea com piscina e jardim",
  preco: "R$ 12.500.000,00",
  selo: "À venda",
  local: "Jardim Paulistano, São Paulo",
  fatos: [
    { valor: "4", rotulo: "quartos" },
    { valor: "3", rotulo: "vagas" },
    { valor: "320 m²", rotulo: "área" },
  ],
  contato: { nome: "Imobiliária Horizonte", whatsapp: "(11) 98765-4321", link: "horizonte.alicerce.app/imoveis/casa" },
});

interface Sample {
  ms: number;
  jpeg1080: number;
  serverMs: string;
}

async function render(mf: Miniflare, format: ArtFormat, widths: ArtRenderSpec["widths"]): Promise<Sample> {
  const spec: ArtRenderSpec = { template: "faixa-preco", slide: "capa", format, content, brand: DEFAULT_BRAND, widths };
  const form = new FormData();
  form.set("spec", JSON.stringify(spec));
  form.set("foto", new File([photo], "foto.jpg", { type: "image/jpeg" }));
  const started = performance.now();
  // Serialised here: Miniflare's fetch is another undici than Node's own FormData.
  const encoded = new Response(form);
  const response = await mf.dispatchFetch("http://art/render", {
    method: "POST",
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { "content-type": encoded.headers.get("content-type") as string },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const body = await response.formData();
  const ms = performance.now() - started;
  const first = body.get(`w${widths[0]}`) as unknown as Blob;
  const h = (k: string) => response.headers.get(k) ?? "?";
  return {
    ms,
    jpeg1080: first.size,
    serverMs: `init ${h("x-art-init-ms")} + layout ${h("x-art-layout-ms")} + raster/JPEG ${h("x-art-raster-ms")}`,
  };
}

async function main(): Promise<void> {
  await buildArtWorker();
  const workerd = pickWorkerd("2026-10-01");
  if (workerd.path) process.env.MINIFLARE_WORKERD_PATH = workerd.path;
  console.log("formato   | frio (ms) | quente, mediana (ms) | JPEG 1080 (kB) | no Worker, frio");
  for (const widthsName of ["publicar (1080+640+320)", "prévia (540)"] as const) {
    const widths: ArtRenderSpec["widths"] = widthsName.startsWith("publicar") ? [1080, 640, 320] : [540];
    console.log(`— ${widthsName}`);
    for (const format of ART_FORMAT_IDS) {
      const mf = new Miniflare({ workers: [artWorkerOptions()] });
      try {
        const cold = await render(mf, format, widths);
        const warm: number[] = [];
        for (let i = 0; i < WARM_RUNS; i++) warm.push((await render(mf, format, widths)).ms);
        warm.sort((a, b) => a - b);
        const median = warm[Math.floor(warm.length / 2)] as number;
        console.log(
          `${format.padEnd(9)} | ${cold.ms.toFixed(0).padStart(9)} | ${median.toFixed(0).padStart(20)} | ${(cold.jpeg1080 / 1024).toFixed(0).padStart(14)} | ${cold.serverMs}`,
        );
      } finally {
        await mf.dispose();
      }
    }
  }
}

await main();
