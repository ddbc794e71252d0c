import { fitsRatio, instagramRatio } from "../../../../shared/social/instagram-media.ts";
import { publishMediaOf } from "../../media/publish-media.ts";
import type { PublishingContext } from "./context.ts";
import type { PublicationImage } from "./load.ts";

/** An image as Meta is handed it: a signed URL on our domain (ADR 042), its size and alt text. */
export interface MetaImage {
  url: string;
  width: number;
  height: number;
  alt: string | null;
}

/**
 * Why the images cannot go (pt-BR, with what to do), or their URLs. `changed`: an image is not the
 * one approved (its file changed since, or the post was never approved as it is) — the
 * publication waits for a new approval instead of failing.
 */
export type ImagesResult = { ok: true; images: MetaImage[] } | { ok: false; message: string; changed?: true };

/** The raw code the history keeps for a publication held because an image is not the approved one. */
export const IMAGE_CHANGED_CODE = "imagem_alterada";

/**
 * The publishing JPEG of every image, each at a fresh signed URL valid for an hour (Meta downloads
 * it when the container or photo is created). A photo without one yet, or a carousel slide whose
 * JPEG does not have the first slide's ratio, is said plainly: the editor makes what is missing.
 * Only the bytes approved go: each file must have been stored before the post's approval.
 */
export async function metaImages(
  ctx: PublishingContext,
  orgId: string,
  images: readonly PublicationImage[],
  carousel: boolean,
  approvedAt: Date | null,
): Promise<ImagesResult> {
  // The wall clock, not the job's: Meta downloads now, and our media route checks against the wall clock.
  const signing = { config: ctx.config, origin: ctx.origin, now: new Date() };
  const out: MetaImage[] = [];
  for (const [i, image] of images.entries()) {
    const media = await publishMediaOf(signing, ctx.files, orgId, { chave: image.key, largura: image.width, altura: image.height });
    if (!media) {
      return {
        ok: false,
        message: `A imagem ${i + 1} ainda não tem a versão em JPEG que a Meta exige: abra o post no editor (ele prepara a imagem) e tente de novo.`,
      };
    }
    // A file stored after the approval is not what the approver saw (a demo photo's static file never changes).
    if (media.uploaded && (!approvedAt || media.uploaded.getTime() > approvedAt.getTime())) {
      return {
        ok: false,
        changed: true,
        // No approval at all: another network's run has just sent the post back, for this same reason.
        message: `A imagem ${i + 1} mudou depois da aprovação: o post voltou para aprovação e nada foi publicado. Confira as imagens e aprove de novo.`,
      };
    }
    out.push({ url: media.url, width: media.width, height: media.height, alt: image.alt });
  }
  const first = out[0];
  if (carousel && first) {
    const ratio = instagramRatio(first);
    const odd = out.findIndex((image) => !fitsRatio(image, ratio));
    if (odd > 0) {
      return {
        ok: false,
        message: `No Instagram o carrossel inteiro tem a proporção da primeira imagem, e a imagem ${odd + 1} não tem: abra o post no editor para recortá-la e tente de novo.`,
      };
    }
  }
  return { ok: true, images: out };
}
