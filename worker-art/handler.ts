import { ART_IMAGE_MAX_BYTES, artRenderSpecSchema } from "../shared/art/art-render-spec.ts";
import type { ArtEngine } from "./engine.ts";

/**
 * The art Worker's one door (ADR 051), apart from how the engine is made (wasm modules in
 * workerd, files in the Node tests): `POST /render` takes a multipart request — `spec`
 * (shared/art/art-render-spec.ts) and the optional `foto` and `logo` files — and answers a
 * multipart body with one JPEG per asked width (`w1080`, `w640`…). Org scoping, permissions and
 * storage stay in the main Worker: this one only draws.
 */

function refuse(message: string, status = 400): Response {
  return Response.json({ erro: message }, { status });
}

async function fileBytes(value: FormDataEntryValue | null): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!(value instanceof File) || value.size === 0) return null;
  if (value.size > ART_IMAGE_MAX_BYTES) throw new Error("A imagem passa de 8 MB.");
  return new Uint8Array(await value.arrayBuffer());
}

export function createArtHandler(makeEngine: () => Promise<ArtEngine>): (request: Request) => Promise<Response> {
  let engine: Promise<ArtEngine> | undefined;
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== "/render") return refuse("Não encontrado.", 404);
    if (request.method !== "POST") return refuse("Use POST.", 405);
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return refuse("Envie a arte como multipart/form-data.");
    }
    let spec: unknown;
    try {
      spec = JSON.parse(String(form.get("spec") ?? ""));
    } catch {
      return refuse("Especificação da arte inválida.");
    }
    const parsed = artRenderSpecSchema.safeParse(spec);
    if (!parsed.success) return refuse(`Especificação da arte inválida: ${parsed.error.issues[0]?.message ?? ""}`);
    let photo: Uint8Array<ArrayBuffer> | null;
    let logo: Uint8Array<ArrayBuffer> | null;
    try {
      [photo, logo] = await Promise.all([fileBytes(form.get("foto")), fileBytes(form.get("logo"))]);
    } catch (error) {
      return refuse(error instanceof Error ? error.message : "Imagem inválida.", 413);
    }
    const cold = !engine;
    const started = performance.now();
    engine ??= makeEngine();
    const ready = await engine;
    const initMs = performance.now() - started;
    const { widths, ...rest } = parsed.data;
    const out = await ready.render({ ...rest, photo, logo }, widths);
    const body = new FormData();
    for (const [width, jpeg] of out.jpegs) body.append(`w${width}`, new File([jpeg], `${width}.jpg`, { type: "image/jpeg" }));
    return new Response(body, {
      headers: {
        "x-art-cold": cold ? "1" : "0",
        "x-art-init-ms": initMs.toFixed(0),
        "x-art-layout-ms": out.layoutMs.toFixed(0),
        "x-art-raster-ms": out.rasterMs.toFixed(0),
      },
    });
  };
}
