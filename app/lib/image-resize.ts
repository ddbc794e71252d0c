import { makePublishRendition } from "./publish-rendition.ts";
import { PHOTO_FORMATS, PHOTO_MAX_SIZE, PHOTO_WIDTHS, type PhotoFormat, SHARE_IMAGE } from "../../shared/real-estate/photo-url.ts";

/**
 * Photos are resized in the browser before upload (a phone's 12 MP photo is 4–8 MB; its four
 * sizes together are usually under 1–1.5 MB), so uploads are quick on mobile data and the
 * Worker never decodes images. EXIF orientation is applied by `createImageBitmap`.
 *
 * WebP where the browser's canvas encodes it; JPEG where it does not (Safari, and so every iOS
 * browser, silently answers PNG for `image/webp`; ADR 031). iOS hands a HEIC photo chosen in
 * `<input accept="image/*">` over as JPEG, and `createImageBitmap` opens what the browser can show.
 */

export interface ResizedPhoto {
  /** One file per width of PHOTO_WIDTHS, all in `format` (an original narrower than a width is kept at its own size). */
  blobs: Map<number, Blob>;
  format: PhotoFormat;
  /** Size of the largest stored version. */
  width: number;
  height: number;
  /** The JPEG for publishing on Instagram and Facebook (ADR 042), cropped to Instagram's range. */
  publish: Blob;
}

const QUALITY = 0.82;

const WEBP_SIGNATURE = [0x52, 0x49, 0x46, 0x46]; // "RIFF", then the size, then "WEBP"

/** Whether `blob` really is a WebP: its type and its first bytes (a browser without the encoder answers PNG). */
async function isWebp(blob: Blob): Promise<boolean> {
  if (blob.type !== PHOTO_FORMATS.webp.contentType) return false;
  const head = new Uint8Array(await blob.slice(0, 12).arrayBuffer());
  return WEBP_SIGNATURE.every((b, i) => head[i] === b) && String.fromCharCode(...head.subarray(8, 12)) === "WEBP";
}

/** Whether `blob` really is a JPEG (SOI and a marker). */
async function isJpeg(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, 3).arrayBuffer());
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

/**
 * Encodes `canvas` in `format`, or answers null when the browser made something else. JPEG is
 * the fallback every browser encodes; a browser that cannot even do that gets a pt-BR error.
 */
async function encode(canvas: HTMLCanvasElement, format: PhotoFormat): Promise<Blob | null> {
  const blob = await toBlob(canvas, PHOTO_FORMATS[format].contentType, QUALITY);
  if (format === "webp") return (await isWebp(blob)) ? blob : null;
  if (!(await isJpeg(blob))) throw new Error("Seu navegador não conseguiu gerar a foto em JPEG. Atualize-o ou use outro navegador.");
  return blob;
}

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Não foi possível processar a imagem."))), type, quality),
  );
}

function isHeic(file: Blob): boolean {
  const name = file instanceof File ? file.name : "";
  return /^image\/hei[cf]/.test(file.type) || /\.hei[cf]$/i.test(name);
}

export async function resizePhoto(file: Blob): Promise<ResizedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    // HEIC opens in Safari (and iOS hands it over as JPEG); Chromium and Firefox on a computer cannot open it.
    if (isHeic(file))
      throw new Error("Este navegador não abre fotos HEIC do iPhone. Envie pelo próprio iPhone ou exporte a foto como JPEG.");
    throw new Error("Este arquivo não é uma imagem que o navegador consiga abrir.");
  }
  try {
    if (bitmap.width < 200 || bitmap.height < 150) throw new Error("A foto é pequena demais (mínimo 200 × 150 px).");
    // The server's limit (PHOTO_MAX_SIZE), said here before anything is encoded or sent.
    const largestWidth = Math.min(PHOTO_MAX_SIZE.width, bitmap.width);
    if (Math.round((bitmap.height * largestWidth) / bitmap.width) > PHOTO_MAX_SIZE.height)
      throw new Error(
        `A foto é alta e estreita demais (máximo de ${PHOTO_MAX_SIZE.height} px de altura na largura de ${largestWidth} px). Recorte-a e envie de novo.`,
      );
    const blobs = new Map<number, Blob>();
    let largest = { width: 0, height: 0 };
    // Decided on the first width: once the browser answers something other than WebP, every width is JPEG.
    let format: PhotoFormat = "webp";
    for (const target of PHOTO_WIDTHS) {
      const width = Math.min(target, bitmap.width);
      const height = Math.round((bitmap.height * width) / bitmap.width);
      const canvas = canvasOf(width, height);
      const context = canvas.getContext("2d");
      if (!context) throw new Error("Não foi possível processar a imagem.");
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, width, height);
      let blob = await encode(canvas, format);
      if (!blob) {
        format = "jpeg";
        blob = (await encode(canvas, format)) as Blob;
      }
      blobs.set(target, blob);
      largest = { width, height };
    }
    const publish = await makePublishRendition(bitmap, largest);
    return { blobs, format, ...largest, publish: publish.blob };
  } finally {
    bitmap.close();
  }
}

export interface ShareText {
  preco: string;
  titulo: string;
  local: string;
  empresa: string;
}

async function loadImage(url: string): Promise<ImageBitmap> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error("Não foi possível carregar a capa.");
  return createImageBitmap(await response.blob());
}

/** Cuts `text` with "…" to fit `max` pixels in the context's current font. */
function clipText(context: CanvasRenderingContext2D, text: string, max: number): string {
  if (context.measureText(text).width <= max) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > max) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * The share image (Open Graph, 1200×630 JPEG): the cover filling the frame, a dark band at the
 * bottom with the price in the brand colour, the title and the place, and the business name.
 */
export async function composeShareImage(coverUrl: string, text: ShareText): Promise<Blob> {
  const { width, height } = SHARE_IMAGE;
  const canvas = canvasOf(width, height);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Não foi possível montar a imagem.");
  const cover = await loadImage(coverUrl);
  const scale = Math.max(width / cover.width, height / cover.height);
  const w = cover.width * scale;
  const h = cover.height * scale;
  context.drawImage(cover, (width - w) / 2, (height - h) / 2, w, h);
  cover.close();
  const gradient = context.createLinearGradient(0, height * 0.45, 0, height);
  gradient.addColorStop(0, "rgba(0,0,0,0)");
  gradient.addColorStop(1, "rgba(0,0,0,0.85)");
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  const pad = 56;
  context.textBaseline = "alphabetic";
  // Brand colour (the app's accent) behind the price.
  context.font = "bold 64px system-ui, sans-serif";
  const price = clipText(context, text.preco, width - pad * 2 - 40);
  const priceWidth = context.measureText(price).width;
  context.fillStyle = "#0f6e66";
  context.beginPath();
  context.roundRect(pad - 20, height - 250, priceWidth + 40, 90, 16);
  context.fill();
  context.fillStyle = "#ffffff";
  context.fillText(price, pad, height - 182);
  context.font = "600 40px system-ui, sans-serif";
  context.fillText(clipText(context, text.titulo, width - pad * 2), pad, height - 108);
  context.font = "32px system-ui, sans-serif";
  context.fillStyle = "rgba(255,255,255,0.9)";
  context.fillText(clipText(context, [text.local, text.empresa].filter(Boolean).join(" · "), width - pad * 2), pad, height - 56);
  return toBlob(canvas, SHARE_IMAGE.contentType, 0.86);
}

/** What the share image shows, as a short hex digest: a new one is made only when it changes. */
export async function shareFingerprint(coverKey: string, text: ShareText): Promise<string> {
  const bytes = new TextEncoder().encode([coverKey, text.preco, text.titulo, text.local, text.empresa].join("|"));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}
