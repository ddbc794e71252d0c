import { readImageHeader } from "../../../shared/image-header.ts";
import { PHOTO_MAX_SIZE, type PhotoFormat, type PhotoWidth } from "../../../shared/real-estate/photo-url.ts";
import { DomainError } from "../context.ts";

/**
 * What an uploaded photo's files must be before they are stored and served for a year: WebP or
 * JPEG (ADR 031) whose header decodes, all widths in one format, at the size the browser's resizer makes for each width from the declared size
 * (app/lib/image-resize.ts), and the declared size within PHOTO_MAX_SIZE. Only headers are read:
 * the Worker never decodes pixels.
 */

const FIELD = "foto";

/** The declared size of the largest stored width: integers from 1 px up to PHOTO_MAX_SIZE. */
export function checkDeclaredSize(largura: number, altura: number): void {
  if (![largura, altura].every((n) => Number.isInteger(n) && n >= 1))
    throw new DomainError("Largura e altura da foto inválidas.", 400, FIELD);
  if (largura > PHOTO_MAX_SIZE.width || altura > PHOTO_MAX_SIZE.height)
    throw new DomainError(
      `A foto passa do tamanho máximo (${PHOTO_MAX_SIZE.width} px de largura e ${PHOTO_MAX_SIZE.height} px de altura). Recorte-a e envie de novo.`,
      400,
      FIELD,
    );
}

/**
 * The size the resizer makes for `target` from a photo whose largest width is `largura` × `altura`:
 * never enlarged, height in proportion. The browser rounds from the original's size, so the
 * height may differ by 1 px from this one, except for the largest width (the declared size itself).
 */
export function expectedSize(target: PhotoWidth, largura: number, altura: number): { width: number; height: number } {
  const width = Math.min(target, largura);
  return { width, height: Math.round((altura * width) / largura) };
}

/**
 * Checks one width's bytes against the declared size (already checked by checkDeclaredSize) and
 * answers its format; `format`, when given, is the one the photo's other widths are in.
 */
export function checkPhotoFile(bytes: Uint8Array, target: PhotoWidth, largura: number, altura: number, format?: PhotoFormat): PhotoFormat {
  const header = readImageHeader(bytes);
  if (!header)
    throw new DomainError("A foto deve ser enviada em JPEG ou WebP (redimensionada pelo navegador). Envie a foto de novo.", 400, FIELD);
  if (format && header.format !== format)
    throw new DomainError("Todos os tamanhos da foto devem estar no mesmo formato (JPEG ou WebP). Envie a foto de novo.", 400, FIELD);
  const expected = expectedSize(target, largura, altura);
  const largest = target === PHOTO_MAX_SIZE.width;
  const fits = header.width === expected.width && Math.abs(header.height - expected.height) <= (largest ? 0 : 1);
  if (!fits)
    throw new DomainError(
      `O tamanho ${target} px da foto tem ${header.width} × ${header.height} px, e não ${expected.width} × ${expected.height} px como informado. Envie a foto de novo.`,
      400,
      FIELD,
    );
  return header.format;
}
