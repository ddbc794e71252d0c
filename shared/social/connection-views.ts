import type { SocialAccountStatus, SocialConnectionKind, SocialNetwork } from "../enums.ts";
import type { PermissionCheck } from "./meta-permissions.ts";
import type { TokenHealth } from "./meta-tokens.ts";

/** What the connection screens read about Meta logins and accounts: names, statuses and dates, never a token. */

export interface ConnectionView {
  id: string;
  tipo: SocialConnectionKind;
  nome: string;
  status: SocialAccountStatus;
  motivo: string | null;
  demo: boolean;
  expiraEm: string | null;
  saude: TokenHealth | "sem_token";
  permissoes: PermissionCheck[];
  /** pt-BR, those that block publishing first. */
  faltando: string[];
  podePublicar: boolean;
  conectadoPorNome: string | null;
  atualizadoEm: string;
}

export interface AccountView {
  id: string;
  rede: SocialNetwork;
  nome: string;
  usuario: string | null;
  status: SocialAccountStatus;
  motivo: string | null;
  demo: boolean;
  expiraEm: string | null;
  saude: TokenHealth | "sem_token";
  conexaoId: string | null;
  conexaoTipo: SocialConnectionKind | null;
  /** The Page's Instagram account, or the Instagram account's Page (Meta ids). */
  vinculo: string | null;
  tarefas: string[];
}

export interface SocialOverview {
  /** The Meta URLs point at the local stand-in: "Modo demonstração — não é a Meta". */
  demoMode: boolean;
  /** An app (the organização's or the platform's) is there to connect with. */
  appReady: boolean;
  connections: ConnectionView[];
  accounts: AccountView[];
}
