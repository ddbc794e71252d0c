import type { SocialConnectionKind } from "../enums/social.ts";

/**
 * The Meta permissions (scopes) Alicerce asks in each login, what each lets it do in pt-BR, and
 * what to say when one is missing. `publicar` scopes are needed to publish at all; the others
 * (comments, metrics) only for those features. Pure: the screens and the services read the same list.
 */

export interface MetaPermission {
  scope: string;
  /** What it lets Alicerce do, as the person reads it ("publicar na Página"). */
  what: string;
  /** The name Meta's dialog shows beside the box, so the person finds it when reconnecting. */
  dialogLabel: string;
  /** Needed to publish (else: comments or metrics only). */
  required: boolean;
}

export const FACEBOOK_PERMISSIONS: readonly MetaPermission[] = [
  { scope: "pages_show_list", what: "listar as suas Páginas", dialogLabel: "Mostrar a lista de Páginas", required: true },
  {
    scope: "pages_read_engagement",
    what: "ler as publicações e o engajamento da Página",
    dialogLabel: "Ler o conteúdo e o engajamento da Página",
    required: true,
  },
  { scope: "pages_manage_posts", what: "publicar na Página", dialogLabel: "Criar e gerenciar publicações da Página", required: true },
  {
    scope: "instagram_basic",
    what: "ver a conta do Instagram ligada à Página",
    dialogLabel: "Acessar o perfil do Instagram",
    required: true,
  },
  {
    scope: "instagram_content_publish",
    what: "publicar no Instagram",
    dialogLabel: "Criar conteúdo no Instagram",
    required: true,
  },
  {
    scope: "pages_read_user_content",
    what: "ler os comentários nos posts da Página",
    dialogLabel: "Ler o conteúdo de usuários na Página",
    required: false,
  },
  {
    scope: "pages_manage_engagement",
    what: "responder aos comentários da Página",
    dialogLabel: "Gerenciar comentários da Página",
    required: false,
  },
  {
    scope: "instagram_manage_comments",
    what: "ler e responder aos comentários no Instagram",
    dialogLabel: "Gerenciar comentários no Instagram",
    required: false,
  },
  {
    scope: "instagram_manage_insights",
    what: "ler as métricas do Instagram (alcance, curtidas)",
    dialogLabel: "Ver insights do Instagram",
    required: false,
  },
  { scope: "read_insights", what: "ler as métricas da Página", dialogLabel: "Ler insights da Página", required: false },
];

export const INSTAGRAM_PERMISSIONS: readonly MetaPermission[] = [
  {
    scope: "instagram_business_basic",
    what: "ver a sua conta profissional do Instagram",
    dialogLabel: "Ver o perfil e o conteúdo",
    required: true,
  },
  {
    scope: "instagram_business_content_publish",
    what: "publicar no Instagram",
    dialogLabel: "Publicar conteúdo",
    required: true,
  },
  {
    scope: "instagram_business_manage_comments",
    what: "ler e responder aos comentários",
    dialogLabel: "Gerenciar comentários",
    required: false,
  },
  {
    scope: "instagram_business_manage_insights",
    what: "ler as métricas (alcance, curtidas)",
    dialogLabel: "Ver insights",
    required: false,
  },
];

export function permissionsFor(kind: SocialConnectionKind): readonly MetaPermission[] {
  return kind === "instagram_login" ? INSTAGRAM_PERMISSIONS : FACEBOOK_PERMISSIONS;
}

/** The scopes the login dialog asks for. */
export function scopesFor(kind: SocialConnectionKind): string[] {
  return permissionsFor(kind).map((p) => p.scope);
}

export interface PermissionCheck extends MetaPermission {
  granted: boolean;
}

/** Each needed permission with whether Meta says it was granted. */
export function checkPermissions(kind: SocialConnectionKind, granted: readonly string[]): PermissionCheck[] {
  const set = new Set(granted);
  return permissionsFor(kind).map((p) => ({ ...p, granted: set.has(p.scope) }));
}

/** "Falta a permissão de publicar na Página: reconecte e marque “Criar e gerenciar publicações da Página” (pages_manage_posts)." */
export function missingPermissionMessage(permission: MetaPermission): string {
  const consequence = permission.required ? "" : " Sem ela, o resto funciona.";
  return `Falta a permissão de ${permission.what}: reconecte e marque “${permission.dialogLabel}” (${permission.scope}) na janela da Meta.${consequence}`;
}

/** The messages for every needed permission not granted, those that block publishing first. */
export function missingPermissionMessages(kind: SocialConnectionKind, granted: readonly string[]): string[] {
  const missing = checkPermissions(kind, granted).filter((p) => !p.granted);
  return [...missing.filter((p) => p.required), ...missing.filter((p) => !p.required)].map(missingPermissionMessage);
}

/** Whether every permission needed to publish was granted. */
export function canPublishWith(kind: SocialConnectionKind, granted: readonly string[]): boolean {
  return checkPermissions(kind, granted).every((p) => p.granted || !p.required);
}

/** The Page task Meta requires to publish on a Page (the person's role on it). */
export const PAGE_PUBLISH_TASK = "CREATE_CONTENT";

export interface PageProblem {
  kind: "sem_tarefa" | "sem_instagram";
  message: string;
}

/**
 * What keeps a Page from being fully usable: granted without the task to create content (the
 * "wrong Page granted" that breaks every post with a misleading "missing permission"), or
 * without a linked Instagram professional account.
 */
export function pageProblems(page: { name: string; tasks: readonly string[]; instagramId: string | null }): PageProblem[] {
  const problems: PageProblem[] = [];
  if (!page.tasks.includes(PAGE_PUBLISH_TASK)) {
    const has = page.tasks.length ? ` (você tem: ${page.tasks.join(", ")})` : "";
    problems.push({
      kind: "sem_tarefa",
      message: `Você não pode publicar em “${page.name}”: o seu acesso a esta Página não inclui criar conteúdo${has}. Peça a quem administra a Página, no Meta Business Suite › Configurações › Acesso à Página, o acesso para criar conteúdo, e reconecte.`,
    });
  }
  if (!page.instagramId) {
    problems.push({
      kind: "sem_instagram",
      message: `“${page.name}” não tem uma conta profissional do Instagram vinculada: vincule-a nas configurações da Página (Contas vinculadas › Instagram) e atualize esta tela, ou conecte o Instagram pelo Login do Instagram.`,
    });
  }
  return problems;
}
