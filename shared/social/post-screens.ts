import { parsePostImageKey } from "./post-image-key.ts";
import type { SocialAccountStatus, SocialNetwork } from "../enums/social.ts";

/** What the post screens show of the organização's accounts and of the photos a post uses. Client-safe types. */

/** A connected Facebook Page or Instagram account, as the editor offers it. */
export interface PostAccount {
  id: string;
  rede: SocialNetwork;
  nome: string;
  usuario: string | null;
  status: SocialAccountStatus;
}

/** An image as the previews draw it: `id` is what `midias` holds (a photo's id, an upload's key). */
export interface PostImage {
  id: string;
  chave: string;
  largura: number;
  altura: number;
  legenda: string | null;
}

/** An imóvel's photo as the editor offers it and the previews draw it. */
export interface PostPhoto extends PostImage {
  imovelId: string;
  posicao: number;
  capa: boolean;
}

/** The images uploaded from the device among a post's `midias`: their size is in their key. */
export function uploadedImages(midias: readonly string[], orgId: string): PostImage[] {
  return midias.flatMap((ref) => {
    const key = parsePostImageKey(ref);
    return key && key.orgId === orgId ? [{ id: ref, chave: ref, largura: key.width, altura: key.height, legenda: null }] : [];
  });
}
