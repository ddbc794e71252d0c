/**
 * The addresses Meta calls on our side: the two logins' redirect URIs and the webhook, deauthorize
 * and data-deletion callbacks. One list, so the routes that serve them and "Credenciais Sociais"
 * (which shows them for an organização's own Meta app panel) never disagree.
 */

export const META_CALLBACK_PATHS = {
  facebook: "/auth/facebook/callback",
  instagram: "/auth/instagram/callback",
} as const;

export const META_WEBHOOK_PATH = "/api/webhooks/meta";
export const META_DEAUTHORIZE_PATH = `${META_WEBHOOK_PATH}/desautorizacao`;
export const META_DATA_DELETION_PATH = `${META_WEBHOOK_PATH}/exclusao-de-dados`;
export const DELETION_STATUS_PATH = "/exclusao-de-dados";
/** The query parameter naming an organização's own app's door (its secret verifies, it alone changes). */
export const ORG_DOOR_PARAM = "org";

export interface MetaDoor {
  /** Where it goes in Meta's app panel, in pt-BR. */
  label: string;
  url: string;
}

/** The URLs to paste in Meta's app panel: an organização's own app's doors carry `?org=<id>`. */
export function metaAppDoors(origin: string, orgId: string | null): MetaDoor[] {
  const door = (path: string) => `${origin}${path}${orgId ? `?${ORG_DOOR_PARAM}=${encodeURIComponent(orgId)}` : ""}`;
  return [
    { label: "URI de redirecionamento do Login do Facebook", url: `${origin}${META_CALLBACK_PATHS.facebook}` },
    { label: "URI de redirecionamento do Login do Instagram", url: `${origin}${META_CALLBACK_PATHS.instagram}` },
    { label: "URL de callback dos webhooks", url: door(META_WEBHOOK_PATH) },
    { label: "URL de retorno de chamada para cancelar autorização", url: door(META_DEAUTHORIZE_PATH) },
    { label: "URL de solicitação de exclusão de dados", url: door(META_DATA_DELETION_PATH) },
  ];
}
