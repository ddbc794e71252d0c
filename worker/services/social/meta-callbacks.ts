import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import type { ServiceContext } from "../context.ts";
import type { MetaAppOwner } from "./meta-app.ts";
import { connectionsOfMetaUsers, needReconnecting } from "./meta-webhooks.ts";

/**
 * Meta's two required callbacks (ADR 046), once their `signed_request` is verified:
 * - deauthorize: the person removed the app; the connections they granted need reconnecting;
 * - data deletion: the person asked Meta to have their data deleted; we remove what we hold
 *   that came from them (the connections they granted lose their link to them and stop; their
 *   comments we stored go) and give a confirmation code whose status page anyone can read.
 */

/** Meta's user id in a verified payload (`user_id`), or null when absent or odd. */
export function metaUserOf(payload: Record<string, unknown>): string | null {
  const id = payload.user_id;
  const text = typeof id === "number" ? String(id) : typeof id === "string" ? id : "";
  return /^[0-9A-Za-z_-]{1,100}$/.test(text) ? text : null;
}

/** Meta's `issued_at` must be recent: an old signed request replayed cannot undo a reconnection. */
export const SIGNED_REQUEST_MAX_AGE_S = 24 * 3600;

export function isFresh(payload: Record<string, unknown>, now: Date): boolean {
  const issued = payload.issued_at;
  if (typeof issued !== "number" || !Number.isFinite(issued)) return false;
  const age = now.getTime() / 1000 - issued;
  return age <= SIGNED_REQUEST_MAX_AGE_S && age >= -300;
}

function list(values: readonly string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

function byOrg<T extends { org_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) out.set(row.org_id, [...(out.get(row.org_id) ?? []), row]);
  return out;
}

/** What a deauthorized connection and its accounts say, in pt-BR, with what to do. */
export const DEAUTHORIZED_REASON = "O Alicerce foi removido das integrações da conta na Meta. Reconecte a conta para voltar a publicar.";

/** The person removed the app: their logins and the accounts that came through them go to "reconectar". Returns how many rows changed. */
export async function deauthorizeMetaUser(ctx: ServiceContext, metaUserId: string, owner: MetaAppOwner): Promise<number> {
  const rows = await connectionsOfMetaUsers(ctx.db, [metaUserId], owner);
  const statements = needReconnecting(ctx.db, rows, DEAUTHORIZED_REASON, ctx.now, { connections: true });
  if (statements.length === 0) return 0;
  const results = (await ctx.db.batch(
    statements as [(typeof statements)[number], ...(typeof statements)[number][]],
  )) as unknown as unknown[][];
  return results.reduce((n, changed) => n + changed.length, 0);
}

/** What an account whose login was deleted says, in pt-BR. */
export const DELETED_REASON = "Quem conectou esta conta pediu à Meta a exclusão dos dados. Conecte a conta de novo para voltar a publicar.";

/** Comments the person wrote, by organização (their Meta id as the webhook gave it). */
function commentOrgs(db: Database, metaUserId: string, owner: MetaAppOwner) {
  // tenant-exempt: a data-deletion request signed by Meta names the person; their comments are found in every organização.
  return db.all<{ org_id: string; n: number }>(
    sql`select org_id, count(*) as n from post_comments where author_id = ${metaUserId}${owner.orgId ? sql` and org_id = ${owner.orgId}` : sql``} group by org_id`,
  );
}

/** An unguessable, readable confirmation code: 16 characters without look-alikes (80 bits). */
export function confirmationCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => alphabet[b % 32]).join("");
}

export const CONFIRMATION_CODE_RE = /^[A-HJ-NP-Z2-9]{16}$/;

async function sha256Hex(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Deletes what came from this Meta user and returns the request's confirmation code. The same
 * signed request sent again answers the same code and deletes nothing more (its digest is kept,
 * never the Meta id). Their logins (name, sealed token, scopes) are deleted; the accounts that
 * came through them stay as the organização's (their posts are the business's history) without a
 * token, "desconectada"; their comments we stored are deleted. One batch (a transaction).
 */
export async function deleteMetaUserData(
  ctx: ServiceContext,
  metaUserId: string,
  owner: MetaAppOwner,
  signedRequest: string,
): Promise<{ code: string; repeated: boolean }> {
  const digest = await sha256Hex(signedRequest);
  const [known, rows, comments] = await ctx.db.batch([
    ctx.db.all<{ code: string }>(sql`select code from meta_data_deletions where request_digest = ${digest}`),
    connectionsOfMetaUsers(ctx.db, [metaUserId], owner),
    commentOrgs(ctx.db, metaUserId, owner),
  ]);
  if (known[0]) return { code: known[0].code, repeated: true };
  const code = confirmationCode();
  const now = ctx.now.getTime();
  const logins = byOrg(rows);
  const connectionCount = new Set(rows.map((r) => r.connection_id)).size;
  const statements = [
    ctx.db.all(sql`insert into meta_data_deletions (code, request_digest, requested_at, completed_at, connections, comments)
      values (${code}, ${digest}, ${now}, ${now}, ${connectionCount}, ${comments.reduce((n, r) => n + Number(r.n), 0)})`),
    ...[...logins].flatMap(([orgId, mine]) => {
      const ids = list([...new Set(mine.map((r) => r.connection_id))]);
      return [
        ctx.db.all(sql`update social_accounts set status = 'desconectada', status_reason = ${DELETED_REASON}, token_sealed = null,
            token_expires_at = null, connection_id = null, updated_at = ${now}
          where org_id = ${orgId} and connection_id in (${ids})`),
        ctx.db.all(sql`delete from social_connections where org_id = ${orgId} and id in (${ids})`),
      ];
    }),
    ...comments.map((r) => ctx.db.all(sql`delete from post_comments where org_id = ${r.org_id} and author_id = ${metaUserId}`)),
  ];
  await ctx.db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return { code, repeated: false };
}

export interface DeletionStatus {
  pedidoEm: Date;
  concluidoEm: Date | null;
  conexoes: number;
  comentarios: number;
}

/** A request's status by its confirmation code (null: no such code). */
export async function deletionStatus(ctx: ServiceContext, code: string): Promise<DeletionStatus | null> {
  if (!CONFIRMATION_CODE_RE.test(code)) return null;
  const rows = await ctx.db.all<{ requested_at: number; completed_at: number | null; connections: number; comments: number }>(
    sql`select requested_at, completed_at, connections, comments from meta_data_deletions where code = ${code}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    pedidoEm: new Date(Number(row.requested_at)),
    concluidoEm: row.completed_at === null ? null : new Date(Number(row.completed_at)),
    conexoes: Number(row.connections),
    comentarios: Number(row.comments),
  };
}
