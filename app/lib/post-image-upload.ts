import { PHOTO_FORMATS } from "../../shared/real-estate/photo-url.ts";
import { clampRatio, publishPlan, type Size } from "../../shared/social/instagram-media.ts";
import { displayWidth, POST_IMAGE_MIN_WIDTH, POST_IMAGE_WIDTHS } from "../../shared/social/post-image-key.ts";
import type { PostImage } from "../../shared/social/post-screens.ts";
import { makePublishRendition } from "./publish-rendition.ts";

/**
 * An image from the device for a post (ADR 044): the browser opens it, makes the publishing JPEG
 * (`makePublishRendition`: centre-cropped into Instagram's 4 : 5…1.91 : 1, or to the carousel's
 * ratio, at most 1080 px wide) and the display sizes of that same crop, all JPEG — every browser
 * encodes JPEG, Safari included (ADR 031) — and sends them to `/api/post-images`. Loaded by the
 * editor only when a file is chosen, so the editor's own chunk carries none of this.
 */

function isHeic(file: File): boolean {
  return /^image\/hei[cf]/.test(file.type) || /\.hei[cf]$/i.test(file.name);
}

async function open(file: File): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image", colorSpaceConversion: "default" });
  } catch {
    if (isHeic(file))
      throw new Error("Este navegador não abre fotos HEIC do iPhone. Envie pelo próprio iPhone ou exporte a foto como JPEG.");
    throw new Error(`“${file.name}” não é uma imagem que o navegador consiga abrir.`);
  }
}

/** `publish` redrawn `width` px wide (never enlarged), as JPEG. */
async function smaller(publish: ImageBitmap, target: number): Promise<Blob> {
  const width = displayWidth(target, publish.width);
  const height = Math.round((publish.height * width) / publish.width);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d", { colorSpace: "srgb" });
  if (!context) throw new Error("Não foi possível processar a imagem.");
  context.imageSmoothingQuality = "high";
  context.drawImage(publish, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, PHOTO_FORMATS.jpeg.contentType, 0.82));
  if (!blob) throw new Error("Seu navegador não conseguiu gerar a imagem em JPEG. Atualize-o ou use outro navegador.");
  return blob;
}

/**
 * Prepares and uploads `file`. `ratio`: the carousel's (its first image's, clamped), so a slide
 * added later is cut like the first; none for the first image (its own ratio, clamped).
 */
export async function uploadPostImage(file: File, ratio?: number): Promise<PostImage> {
  const bitmap = await open(file);
  let publishBitmap: ImageBitmap | null = null;
  try {
    const size: Size = { width: bitmap.width, height: bitmap.height };
    const plan = publishPlan(size, ratio === undefined ? undefined : clampRatio(ratio));
    if (plan.output.width < POST_IMAGE_MIN_WIDTH)
      throw new Error(`“${file.name}” é pequena demais: o Instagram pede ao menos ${POST_IMAGE_MIN_WIDTH} px de largura.`);
    const publish = await makePublishRendition(bitmap, size, ratio);
    publishBitmap = await createImageBitmap(publish.blob);
    const form = new FormData();
    form.set("publicacao", new File([publish.blob], "publish.jpg", { type: PHOTO_FORMATS.jpeg.contentType }));
    for (const w of POST_IMAGE_WIDTHS)
      form.set(`w${w}`, new File([await smaller(publishBitmap, w)], `${w}.jpg`, { type: PHOTO_FORMATS.jpeg.contentType }));
    const response = await fetch("/api/post-images", { method: "POST", body: form });
    const payload = (await response.json().catch(() => null)) as {
      data?: { chave: string; width: number; height: number };
      error?: { message: string };
    } | null;
    if (!response.ok || !payload?.data)
      throw new Error(payload?.error?.message ?? "Não foi possível enviar a imagem agora. Tente de novo.");
    const { chave, width, height } = payload.data;
    return { id: chave, chave, largura: width, altura: height, legenda: null };
  } finally {
    bitmap.close();
    publishBitmap?.close();
  }
}
