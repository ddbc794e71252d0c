import type { ArtRenderSpec } from "../../../shared/art/art-render-spec.ts";
import { DomainError } from "../context.ts";

/**
 * The main Worker's side of the art Worker (ADR 051): one call over the `ART` service binding
 * per slide. The binding is a `Fetcher` (worker-art/index.ts answers `POST /render`); tests may
 * hand any object with the same `fetch`.
 */
export type ArtBinding = Pick<Fetcher, "fetch">;

export interface ArtImages {
  /** JPEG or PNG bytes (a photo's publishing JPEG). */
  photo: Uint8Array<ArrayBuffer> | null;
  logo: Uint8Array<ArrayBuffer> | null;
}

const UNAVAILABLE = "O gerador de artes não está disponível agora. Tente novamente em instantes.";

/** Renders one slide; answers one JPEG per width asked, in the order asked. */
export async function renderSlide(
  art: ArtBinding | undefined,
  spec: ArtRenderSpec,
  images: ArtImages,
): Promise<Map<number, Uint8Array<ArrayBuffer>>> {
  if (!art) throw new DomainError(UNAVAILABLE, 422);
  const form = new FormData();
  form.set("spec", JSON.stringify(spec));
  if (images.photo) form.set("foto", new File([images.photo], "foto", { type: "application/octet-stream" }));
  if (images.logo) form.set("logo", new File([images.logo], "logo", { type: "application/octet-stream" }));
  const response = await art.fetch("https://art.internal/render", { method: "POST", body: form });
  if (!response.ok) {
    const detail = await response.text().catch(() => "");
    console.error(`art worker answered ${response.status}: ${detail.slice(0, 300)}`);
    throw new DomainError(UNAVAILABLE, 422);
  }
  const body = await response.formData();
  const out = new Map<number, Uint8Array<ArrayBuffer>>();
  for (const width of spec.widths) {
    const part = body.get(`w${width}`);
    if (!(part instanceof File)) throw new DomainError(UNAVAILABLE, 422);
    out.set(width, new Uint8Array(await part.arrayBuffer()));
  }
  return out;
}
