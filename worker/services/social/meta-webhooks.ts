import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { publishLive } from "../../live/publish.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { type MetaAppOwner, metaAppKey } from "./meta-app.ts";
import { exceedsDeliveryCaps, MAX_CHANGES_PER_ENTRY, MAX_ENTRIES, type MetaChange, readDelivery } from "./meta-webhook-changes.ts";

/** How long a processed change's digest is kept (Meta retries a delivery for 36 hours). */
const DIGEST_TTL_MS = 7 * 24 * 3600_000;

export interface WebhookOutcome {
  /** Changes seen for the first time and acted on (a comment stored, an account flipped…). */
  applied: number;
  /** Changes seen before (a repeated delivery): nothing changed. */
  repeated: number;
  /** Changes Alicerce does not act on (other fields, other people's posts, too old). */
  ignored: number;
}

type Row = Record<string, unknown>;

function list(values: readonly string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

/** The organização condition when an organização's own app signed (its connections only). */
function ownerCondition(owner: MetaAppOwner): SQL {
  return owner.orgId ? sql` and org_id = ${owner.orgId}` : sql``;
}

/** Accounts Meta names by their own id (the webhook entry's Page or Instagram account). */
function accountsByExternalId(db: Database, ids: readonly string[], owner: MetaAppOwner) {
  // tenant-exempt: a webhook signed by Meta names the Page or Instagram account; its organizações are read from those rows.
  return db.all<{ id: string; org_id: string; network: string; external_id: string }>(
    sql`select id, org_id, network, external_id from social_accounts where external_id in (${list(ids)})${ownerCondition(owner)}`,
  );
}

/** A Meta user's logins (connections) and the accounts that came through each (none: `account_id` null). */
export interface PersonConnection {
  connection_id: string;
  org_id: string;
  meta_user_id: string;
  account_id: string | null;
  external_id: string | null;
}

/** The connections a Meta user granted, with their accounts (what Meta's permission, deauthorize and data-deletion callbacks name). */
export function connectionsOfMetaUsers(db: Database, metaUserIds: readonly string[], owner: MetaAppOwner) {
  // tenant-exempt: a request signed by Meta names the person; the logins they granted are read with their organizações.
  return db.all<PersonConnection>(sql`select c.id as connection_id, c.org_id, c.meta_user_id, a.id as account_id, a.external_id
    from social_connections c left join social_accounts a on a.connection_id = c.id and a.org_id = c.org_id
    where c.meta_user_id in (${list(metaUserIds)})${owner.orgId ? sql` and c.org_id = ${owner.orgId}` : sql``}`);
}

/**
 * Sends connections and accounts to "reconectar" with the reason, per organização (rows already
 * in "reconectar" or "desconectada" stay as they are). Statements for one batch.
 */
export function needReconnecting(
  db: Database,
  rows: readonly PersonConnection[],
  reason: string,
  now: Date,
  options: { connections: boolean },
): ReturnType<Database["all"]>[] {
  const statements: ReturnType<Database["all"]>[] = [];
  for (const orgId of new Set(rows.map((r) => r.org_id))) {
    const mine = rows.filter((r) => r.org_id === orgId);
    const accounts = [...new Set(mine.flatMap((r) => (r.account_id ? [r.account_id] : [])))];
    const connections = [...new Set(mine.map((r) => r.connection_id))];
    if (accounts.length)
      statements.push(
        db.all(sql`update social_accounts set status = 'reconectar', status_reason = ${reason}, updated_at = ${now.getTime()}
          where org_id = ${orgId} and id in (${list(accounts)}) and status = 'ativa' returning id`),
      );
    if (options.connections)
      statements.push(
        db.all(sql`update social_connections set status = 'reconectar', status_reason = ${reason}, updated_at = ${now.getTime()}
          where org_id = ${orgId} and id in (${list(connections)}) and status = 'ativa' returning id`),
      );
  }
  return statements;
}

/** Why a revoked permission holds the posts, in pt-BR, with what to do. */
export function revokedReason(permission: string): string {
  return `A permissão “${permission}” foi retirada na Meta. Reconecte a conta e marque essa permissão para voltar a publicar.`;
}

/** The statement a new comment becomes in one organização: stored on the post whose media or Facebook post it came on, once. */
function commentStatement(db: Database, orgId: string, accountId: string, change: Extract<MetaChange, { kind: "comment" }>, now: Date) {
  const match = change.network === "instagram" ? sql`pt.media_id = ${change.objectId}` : sql`pt.external_post_id = ${change.objectId}`;
  return db.all<{ org_id: string; post_id: string }>(sql`
    insert into post_comments (id, org_id, post_id, target_id, network, kind, comment_id, author_id, author_name, author_username, text, commented_at, created_at, updated_at)
    select ${crypto.randomUUID()}, ${orgId}, pt.post_id, pt.id, ${change.network}, ${change.tipo}, ${change.commentId}, ${change.authorId},
      ${change.authorName}, ${change.authorUsername}, ${change.text}, ${change.at.getTime()}, ${now.getTime()}, ${now.getTime()}
    from post_targets pt where pt.org_id = ${orgId} and pt.account_id = ${accountId} and ${match}
    limit 1
    on conflict (org_id, comment_id) do nothing
    returning org_id, post_id`);
}

/** Remembers a change's digest, in the same batch, only when `matched` finds a row: unmatched junk leaves nothing behind. */
function rememberIf(db: Database, digest: string, now: Date, matched: SQL) {
  return db.all(sql`insert into meta_webhook_changes (digest, received_at) select ${digest}, ${now.getTime()}
    where exists (${matched}) on conflict (digest) do nothing`);
}

/**
 * Acts on one signed delivery (ADR 046): comments and mentions on the organizações' own posts
 * are stored (matched by Meta's media or post id on the account the entry names, so a comment
 * never lands on another organização's post), edits and removals follow, and a revoked
 * permission sends the person's connections to "reconectar". A change's digest (prefixed with
 * the signing app) is stored in the same batch, and only when the change matched one of our rows
 * (a post, a comment, a connection): a delivery Meta repeats changes nothing, and one full of
 * made-up ids stores nothing. A delivery past the caps is refused (400). Two round trips at most.
 */
export async function receiveMetaWebhook(ctx: ServiceContext, body: unknown, owner: MetaAppOwner): Promise<WebhookOutcome | null> {
  if (exceedsDeliveryCaps(body))
    throw new DomainError(`Entrega grande demais: no máximo ${MAX_ENTRIES} entradas e ${MAX_CHANGES_PER_ENTRY} mudanças por entrada.`, 400);
  const read = await readDelivery(body, ctx.now, metaAppKey(owner));
  if (!read) return null;
  const outcome: WebhookOutcome = { applied: 0, repeated: 0, ignored: 0 };
  const unique = [...new Map(read.map((r) => [r.digest, r])).values()];
  outcome.repeated += read.length - unique.length;
  const acting = unique.filter((r) => r.change !== null);
  outcome.ignored += unique.length - acting.length;
  if (acting.length === 0) return outcome;

  const changes = acting.map((r) => r.change as MetaChange);
  const accountIds = [...new Set(changes.flatMap((c) => (c.kind === "revoked" ? [] : [c.accountId])))];
  const userIds = [...new Set(changes.flatMap((c) => (c.kind === "revoked" ? [c.metaUserId] : [])))];
  const seenStatement = ctx.db.all<Row>(
    sql`select digest from meta_webhook_changes where digest in (${list(acting.map((r) => r.digest))})`,
  );
  const reads = [
    seenStatement,
    accountIds.length ? (accountsByExternalId(ctx.db, accountIds, owner) as unknown as typeof seenStatement) : null,
    userIds.length ? (connectionsOfMetaUsers(ctx.db, userIds, owner) as unknown as typeof seenStatement) : null,
  ];
  const present = reads.filter((r): r is typeof seenStatement => r !== null);
  const found = await ctx.db.batch(present as [typeof seenStatement, ...(typeof seenStatement)[]]);
  const resultOf = (statement: typeof seenStatement | null): Row[] => (statement ? (found[present.indexOf(statement)] ?? []) : []);
  const seenRows = resultOf(reads[0] ?? null);
  const accounts = resultOf(reads[1] ?? null);
  const users = resultOf(reads[2] ?? null);
  const seen = new Set(seenRows.map((r) => r.digest));

  const statements: ReturnType<Database["all"]>[] = [];
  for (const { digest, change } of acting) {
    if (seen.has(digest) || !change) {
      outcome.repeated += 1;
      continue;
    }
    outcome.applied += 1;
    if (change.kind === "revoked") {
      // With the Pages or accounts it was revoked for, only those; without, every account of the login (and the login).
      const targets = new Set(change.targetIds);
      const mine = (users as unknown as PersonConnection[]).filter(
        (r) => r.meta_user_id === change.metaUserId && (targets.size === 0 || (r.external_id !== null && targets.has(r.external_id))),
      );
      if (mine.length > 0) statements.push(rememberIf(ctx.db, digest, ctx.now, sql`select 1`));
      statements.push(...needReconnecting(ctx.db, mine, revokedReason(change.permission), ctx.now, { connections: targets.size === 0 }));
      continue;
    }
    const named = accounts.filter((a) => a.external_id === change.accountId && a.network === change.network);
    for (const account of named) {
      const orgId = String(account.org_id);
      if (change.kind === "comment") {
        const match = change.network === "instagram" ? sql`media_id = ${change.objectId}` : sql`external_post_id = ${change.objectId}`;
        statements.push(
          rememberIf(
            ctx.db,
            digest,
            ctx.now,
            sql`select 1 from post_targets where org_id = ${orgId} and account_id = ${String(account.id)} and ${match}`,
          ),
          commentStatement(ctx.db, orgId, String(account.id), change, ctx.now),
        );
        continue;
      }
      // Before the edit or removal: the comment must be ours to be remembered.
      statements.push(
        rememberIf(
          ctx.db,
          digest,
          ctx.now,
          sql`select 1 from post_comments where org_id = ${orgId} and comment_id = ${change.commentId} and network = ${change.network}`,
        ),
      );
      if (change.kind === "comment-edited")
        statements.push(
          ctx.db.all(sql`update post_comments set text = ${change.text}, updated_at = ${ctx.now.getTime()}
            where org_id = ${orgId} and comment_id = ${change.commentId} and network = ${change.network} returning org_id, post_id`),
        );
      else
        statements.push(
          ctx.db.all(sql`delete from post_comments where org_id = ${orgId} and comment_id = ${change.commentId} and network = ${change.network}
            returning org_id, post_id`),
        );
    }
  }
  const forget = ctx.db.all(sql`delete from meta_webhook_changes where received_at < ${ctx.now.getTime() - DIGEST_TTL_MS}`);
  const results = (await ctx.db.batch([forget, ...statements] as [typeof forget, ...(typeof forget)[]])) as unknown as Row[][];

  const touched = new Set<string>();
  for (const rows of results.slice(1)) {
    for (const row of rows) if (row.post_id) touched.add(`${row.org_id}\u0000${row.post_id}`);
  }
  for (const key of touched) {
    const [orgId, postId] = key.split("\u0000") as [string, string];
    publishLive(ctx, orgId, { type: "post.comment", postId });
  }
  return outcome;
}
