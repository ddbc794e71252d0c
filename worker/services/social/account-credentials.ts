import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { socialAccounts, socialConnections } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { SocialNetwork } from "../../../shared/enums.ts";
import type { Config } from "../../config/env.ts";
import type { MetaHost } from "../../integrations/meta/graph.ts";
import { openToken, parseTokenKeys, sealToken, type TokenKeyring } from "../../security/token-cipher.ts";

/**
 * Sealing and opening the tokens of social connections and accounts (ADR 040): the one place
 * that turns a stored token into one a Meta call can use. The keyring is read once per key spec.
 * Purposes bind a sealed value to its use: a user token cannot be opened as an account's.
 */

export const USER_TOKEN_PURPOSE = "meta-user-token";
export const ACCOUNT_TOKEN_PURPOSE = "meta-account-token";
export const APP_SECRET_PURPOSE = "meta-app-secret";

let cached: { spec: string; ring: Promise<TokenKeyring> } | undefined;

/** The keyring from TOKEN_ENCRYPTION_KEYS; refuses to work without one (tokens are never stored in clear). */
export function tokenKeyring(config: Pick<Config, "TOKEN_ENCRYPTION_KEYS">): Promise<TokenKeyring> {
  const spec = config.TOKEN_ENCRYPTION_KEYS;
  if (!spec) throw new Error("TOKEN_ENCRYPTION_KEYS não está configurado: os tokens da Meta não podem ser guardados.");
  if (cached?.spec !== spec) cached = { spec, ring: parseTokenKeys(spec) };
  return cached.ring;
}

export async function sealFor(
  config: Pick<Config, "TOKEN_ENCRYPTION_KEYS">,
  orgId: string,
  purpose: string,
  plaintext: string,
): Promise<string> {
  return sealToken(await tokenKeyring(config), plaintext, { organizationId: orgId, purpose });
}

export async function openFor(
  config: Pick<Config, "TOKEN_ENCRYPTION_KEYS">,
  orgId: string,
  purpose: string,
  sealed: string,
): Promise<string> {
  // After a key rotation the daily token job re-seals under the current key (the value is the same).
  return (await openToken(await tokenKeyring(config), sealed, { organizationId: orgId, purpose })).value;
}

/** What a publishing call needs to act as one account. */
export interface AccountCredentials {
  accountId: string;
  orgId: string;
  network: SocialNetwork;
  /** Meta's id of the Page or Instagram account. */
  externalId: string;
  /** graph.instagram.com for Instagram Login accounts, graph.facebook.com otherwise. */
  host: MetaHost;
  accessToken: string;
  demo: boolean;
}

/** Why an account cannot act now, in pt-BR: its posts are held with this reason, not failed. */
export class AccountNotReadyError extends Error {
  override name = "AccountNotReadyError";
}

/** The account's credentials, org-scoped; AccountNotReadyError when it must be reconnected. */
export async function accountCredentials(
  db: Database,
  config: Pick<Config, "TOKEN_ENCRYPTION_KEYS">,
  orgId: string,
  accountId: string,
): Promise<AccountCredentials> {
  const scope = orgScope(db, orgId);
  const [row] = await db
    .select({
      id: socialAccounts.id,
      rede: socialAccounts.rede,
      idExterno: socialAccounts.idExterno,
      status: socialAccounts.status,
      motivo: socialAccounts.motivoStatus,
      token: socialAccounts.tokenSelado,
      demo: socialAccounts.demo,
      tipo: socialConnections.tipo,
    })
    .from(socialAccounts)
    .leftJoin(socialConnections, scope.where(socialConnections, eq(socialConnections.id, socialAccounts.conexaoId)))
    .where(scope.where(socialAccounts, eq(socialAccounts.id, accountId)));
  if (!row) throw new AccountNotReadyError("A conta não está mais conectada a esta organização.");
  if (row.status !== "ativa") {
    throw new AccountNotReadyError(row.motivo ?? "A conta precisa ser reconectada: abra Conectar Redes e conecte de novo.");
  }
  if (!row.token) throw new AccountNotReadyError("A conta não tem um token válido: abra Conectar Redes e conecte de novo.");
  return {
    accountId: row.id,
    orgId,
    network: row.rede,
    externalId: row.idExterno,
    host: row.tipo === "instagram_login" ? "instagram" : "facebook",
    accessToken: await openFor(config, orgId, ACCOUNT_TOKEN_PURPOSE, row.token),
    demo: row.demo,
  };
}
