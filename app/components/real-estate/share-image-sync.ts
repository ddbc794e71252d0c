import type { ShareText } from "../../lib/image-resize.ts";
import { formatListingPrices } from "../../../shared/real-estate/listing-price.ts";
import { photoUrl } from "../../../shared/real-estate/photo-url.ts";

/** The property fields the share image shows (as GET /api/property-photos/:id answers them). */
export interface ShareSource {
  codigo: string;
  titulo: string | null;
  bairro: string | null;
  cidade: string | null;
  valorVendaCentavos: number | null;
  valorLocacaoCentavos: number | null;
}

/** What the share image shows: price, title, place and the business. */
export function shareTextOf(property: ShareSource, empresa: string): ShareText {
  return {
    preco: formatListingPrices(property) || "Consulte o valor",
    titulo: property.titulo?.trim() || `Imóvel ${property.codigo}`,
    local: [property.bairro, property.cidade].filter(Boolean).join(", "),
    empresa,
  };
}

/**
 * Redraws and uploads the share image when what it shows changed (the stored key ends with the
 * fingerprint). Resolves to the new key, or null when nothing was needed or the upload failed.
 */
export async function uploadShareImage(
  propertyId: string,
  coverKey: string,
  share: ShareText,
  storedKey: string | null,
): Promise<string | null> {
  // Drawing is loaded only when an image is due (after a save): not part of the page's first load.
  const { composeShareImage, shareFingerprint } = await import("../../lib/image-resize.ts");
  const fingerprint = await shareFingerprint(coverKey, share);
  if (storedKey?.endsWith(`share-${fingerprint}`)) return null;
  const image = await composeShareImage(photoUrl(coverKey, 1600), share);
  const form = new FormData();
  form.set("imagem", new File([image], "share.jpg", { type: "image/jpeg" }));
  form.set("impressao", fingerprint);
  const response = await fetch(`/api/property-photos/${propertyId}/share-image`, { method: "PUT", body: form });
  if (!response.ok) return null;
  return ((await response.json()) as { data: { chave: string } }).data.chave;
}

interface PhotoPageAnswer {
  data: { property: ShareSource & { capaChave: string | null; imagemCompartilhamentoChave: string | null } };
}

/**
 * After a save elsewhere (edit page, publishing a draft): reads the property as saved and
 * refreshes its share image when needed. Best effort and silent: the public page falls back to
 * the cover, and the Fotos tab tries again on its next visit.
 */
export function refreshShareImage(propertyId: string, empresa: string): void {
  void (async () => {
    const response = await fetch(`/api/property-photos/${propertyId}`);
    if (!response.ok) return;
    const { property } = ((await response.json()) as PhotoPageAnswer).data;
    if (!property.capaChave) return;
    await uploadShareImage(propertyId, property.capaChave, shareTextOf(property, empresa), property.imagemCompartilhamentoChave);
  })().catch(() => {});
}
