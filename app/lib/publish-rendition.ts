import { PHOTO_FORMATS } from "../../shared/real-estate/photo-url.ts";
import { PUBLISH_QUALITY, publishPlan, type Size } from "../../shared/social/instagram-media.ts";

/**
 * The JPEG a photo is published with on Instagram and Facebook (ADR 042), made in the browser as
 * the other sizes are: the crop `publishPlan` computes from the photo's declared size (the one the
 * server checks against), at most 1080 px wide, quality 0.85, sRGB. Every browser encodes JPEG,
 * Safari included.
 *
 * `source`: the photo already opened by the resizer (at upload), the file, or the URL of a stored
 * photo's largest size (older photos, from the post editor). `declared`: the photo's size as stored (`largura` × `altura`); the
 * source may be larger (the original) and is read at the same proportions. `ratio`: a carousel's
 * (`carouselPlans`); by default the photo's own, clamped to Instagram's range.
 */
export interface PublishRendition extends Size {
  blob: Blob;
}

type Source = ImageBitmap | Blob | string;

async function bitmapOf(source: Blob | string): Promise<ImageBitmap> {
  let blob = source;
  if (typeof source === "string") {
    const response = await fetch(source, { credentials: "same-origin" });
    if (!response.ok) throw new Error("Não foi possível carregar a foto para publicação.");
    blob = await response.blob();
  }
  try {
    return await createImageBitmap(blob as Blob, { imageOrientation: "from-image", colorSpaceConversion: "default" });
  } catch {
    throw new Error("Este arquivo não é uma imagem que o navegador consiga abrir.");
  }
}

export async function makePublishRendition(source: Source, declared: Size, ratio?: number): Promise<PublishRendition> {
  const { crop, output } = publishPlan(declared, ratio);
  const given = typeof ImageBitmap !== "undefined" && source instanceof ImageBitmap;
  const bitmap = given ? source : await bitmapOf(source as Blob | string);
  try {
    // The crop is in the declared size's pixels; the source may hold more of them.
    const sx = bitmap.width / declared.width;
    const sy = bitmap.height / declared.height;
    const canvas = document.createElement("canvas");
    canvas.width = output.width;
    canvas.height = output.height;
    const context = canvas.getContext("2d", { colorSpace: "srgb" });
    if (!context) throw new Error("Não foi possível processar a imagem.");
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, crop.x * sx, crop.y * sy, crop.width * sx, crop.height * sy, 0, 0, output.width, output.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, PHOTO_FORMATS.jpeg.contentType, PUBLISH_QUALITY));
    const head = blob ? new Uint8Array(await blob.slice(0, 3).arrayBuffer()) : null;
    if (!blob || head?.[0] !== 0xff || head[1] !== 0xd8 || head[2] !== 0xff)
      throw new Error("Seu navegador não conseguiu gerar a foto em JPEG. Atualize-o ou use outro navegador.");
    return { blob, ...output };
  } finally {
    // A bitmap handed in belongs to the caller.
    if (!given) bitmap.close();
  }
}

/**
 * Sends an older photo's publishing JPEG (`PUT …/<photoId>/publicacao`), made from its largest
 * stored size; the post editor calls it for a photo that has none.
 */
export async function uploadPublishRendition(propertyId: string, photoId: string, largestUrl: string, declared: Size): Promise<void> {
  const rendition = await makePublishRendition(largestUrl, declared);
  const form = new FormData();
  form.set("publicacao", new File([rendition.blob], "publish.jpg", { type: PHOTO_FORMATS.jpeg.contentType }));
  const response = await fetch(`/api/property-photos/${propertyId}/${photoId}/publicacao`, { method: "PUT", body: form });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { error?: { message: string } } | null;
    throw new Error(payload?.error?.message ?? "Não foi possível preparar a foto para publicação. Tente de novo.");
  }
}
