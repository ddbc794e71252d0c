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

/** An imóvel's photo as the editor offers it and the previews draw it. */
export interface PostPhoto {
  id: string;
  imovelId: string;
  chave: string;
  largura: number;
  altura: number;
  posicao: number;
  capa: boolean;
  legenda: string | null;
}
