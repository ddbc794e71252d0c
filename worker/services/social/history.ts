import { and, asc, count, desc, eq, exists, gt, gte, lt, or, type SQL, sql } from "drizzle-orm";
import { postAttempts, postKeys, posts, socialAccounts } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { PostAttemptOutcome, SocialNetwork } from "../../../shared/enums.ts";
import { prefixEnd, searchTerms } from "../../../shared/search.ts";
import {
  CAPTION_PREVIEW,
  POSTS_RESOURCE,
  periodRange,
  SOCIAL_PAGE_SIZE,
  type SocialCursor,
  type SocialListQuery,
} from "../../../shared/social/social-list-query.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { authorizeAll, ownerCondition } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";

/**
 * /historico: every publish attempt of the organização, newest first, with its outcome, the pt-BR
 * message and Meta's raw code. One round trip per page (the page, the count and the accounts for
 * the filter, in one batch), keyset pages over `post_attempts_org_*` indexes. A member who reads
 * only their own posts (the table's "own" reach) sees only those posts' attempts.
 */

export interface AttemptRow extends SocialCursor {
  etapa: string;
  resultado: PostAttemptOutcome;
  mensagem: string | null;
  erroCodigo: string | null;
  rede: SocialNetwork;
  postId: string;
  /** The caption's start (null: the post was deleted since). */
  legenda: string | null;
  postExcluido: boolean;
  contaNome: string | null;
  contaUsuario: string | null;
  concluidoEm: number | null;
}

export interface AccountOption {
  id: string;
  nome: string;
  rede: SocialNetwork;
  usuario: string | null;
}

export interface AttemptPage {
  rows: AttemptRow[];
  total: number;
  accounts: AccountOption[];
}

/** Keyset condition for `at`/`id` columns: the rows after (or before) the cursor in the list's order. */
export function keysetCondition(
  atColumn: Parameters<typeof lt>[0],
  idColumn: Parameters<typeof lt>[0],
  query: Pick<SocialListQuery, "apos" | "antes" | "ordem">,
): SQL | undefined {
  const cursor = query.apos ?? query.antes;
  if (!cursor) return undefined;
  // Newest first reads "older than" after the cursor; reading backwards flips the comparison.
  const older = (query.ordem === "recentes") === (query.apos !== null);
  const cmp = older ? lt : gt;
  const at = new Date(cursor.at);
  return or(cmp(atColumn, at), and(eq(atColumn, at), cmp(idColumn, cursor.id))) as SQL;
}

/** The read order: the list's, or its reverse when reading the page before the cursor. */
export function readOrder(query: Pick<SocialListQuery, "antes" | "ordem">): "asc" | "desc" {
  const newestFirst = query.ordem === "recentes";
  return newestFirst !== (query.antes !== null) ? "desc" : "asc";
}

/** The attempts query (filters, reach, keyset, order), `limit` rows: a page, or a chunk of the export. */
function attemptsStatements(ctx: ServiceContext, actor: Actor, query: SocialListQuery, limit: number) {
  const db = ctx.db;
  const scope = orgScope(db, actor.orgId);
  const own = ownerCondition(actor, POSTS_RESOURCE, "read", posts);
  const { from, to } = periodRange(query, timeZoneOf(actor.timeZone));
  const terms = searchTerms(query.q);
  const filters = [
    query.resultado ? eq(postAttempts.resultado, query.resultado) : undefined,
    query.rede ? eq(postAttempts.rede, query.rede) : undefined,
    query.conta ? eq(postAttempts.contaId, query.conta) : undefined,
    from ? gte(postAttempts.iniciadoEm, from) : undefined,
    to ? lt(postAttempts.iniciadoEm, to) : undefined,
    own,
    // Each term a prefix of one of the post's search keys (caption words, hashtags).
    ...terms.map((term) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(postKeys)
          .where(
            scope.where(postKeys, eq(postKeys.recordId, postAttempts.postId), gte(postKeys.key, term), lt(postKeys.key, prefixEnd(term))),
          ),
      ),
    ),
  ];
  const direction = readOrder(query) === "desc" ? desc : asc;
  const page = db
    .select({
      id: postAttempts.id,
      iniciadoEm: postAttempts.iniciadoEm,
      concluidoEm: postAttempts.concluidoEm,
      etapa: postAttempts.etapa,
      resultado: postAttempts.resultado,
      mensagem: postAttempts.mensagem,
      erroCodigo: postAttempts.erroCodigo,
      rede: postAttempts.rede,
      postId: postAttempts.postId,
      legenda: sql<string | null>`substr(${posts.legenda}, 1, ${CAPTION_PREVIEW + 1})`,
      excluidoEm: posts.excluidoEm,
      contaNome: socialAccounts.nome,
      contaUsuario: socialAccounts.usuario,
    })
    .from(postAttempts)
    .innerJoin(posts, scope.where(posts, eq(posts.id, postAttempts.postId)))
    .leftJoin(socialAccounts, scope.where(socialAccounts, eq(socialAccounts.id, postAttempts.contaId)))
    .where(scope.where(postAttempts, ...filters, keysetCondition(postAttempts.iniciadoEm, postAttempts.id, query)))
    .orderBy(direction(postAttempts.iniciadoEm), direction(postAttempts.id))
    .limit(limit);
  // The count reads the posts only when the reach needs their author (an attempt's post always exists).
  const counted = own
    ? db
        .select({ n: count() })
        .from(postAttempts)
        .innerJoin(posts, scope.where(posts, eq(posts.id, postAttempts.postId)))
        .where(scope.where(postAttempts, ...filters))
    : db
        .select({ n: count() })
        .from(postAttempts)
        .where(scope.where(postAttempts, ...filters));
  return { page, counted, scope };
}

type AttemptSelect = Awaited<ReturnType<typeof attemptsStatements>["page"]>[number];

function attemptRow(r: AttemptSelect): AttemptRow {
  return {
    id: r.id,
    at: r.iniciadoEm.getTime(),
    concluidoEm: r.concluidoEm ? r.concluidoEm.getTime() : null,
    etapa: r.etapa,
    resultado: r.resultado,
    mensagem: r.mensagem,
    erroCodigo: r.erroCodigo,
    rede: r.rede,
    postId: r.postId,
    legenda: r.legenda,
    postExcluido: r.excluidoEm !== null,
    contaNome: r.contaNome,
    contaUsuario: r.contaUsuario,
  };
}

export async function listAttempts(ctx: ServiceContext, actor: Actor, query: SocialListQuery): Promise<AttemptPage> {
  const db = ctx.db;
  const { page, counted, scope } = attemptsStatements(ctx, actor, query, SOCIAL_PAGE_SIZE + 1);
  const accountsQuery = db
    .select({ id: socialAccounts.id, nome: socialAccounts.nome, rede: socialAccounts.rede, usuario: socialAccounts.usuario })
    .from(socialAccounts)
    .where(scope.where(socialAccounts))
    .orderBy(socialAccounts.rede, socialAccounts.nome)
    .limit(100);
  const [rows, total, accounts] = await db.batch([page, counted, accountsQuery]);
  return { rows: rows.map(attemptRow), total: total[0]?.n ?? 0, accounts };
}

/** Rows per round trip while exporting. */
export const ATTEMPTS_EXPORT_CHUNK = 1000;

/** Every attempt the filters match, in the list's order, a chunk per round trip (the export; owner/admin). */
export async function* allAttempts(ctx: ServiceContext, actor: Actor, query: SocialListQuery): AsyncGenerator<AttemptRow[]> {
  authorizeAll(actor, POSTS_RESOURCE, "export");
  let cursor: SocialListQuery = { ...query, apos: null, antes: null };
  for (;;) {
    const rows = (await attemptsStatements(ctx, actor, cursor, ATTEMPTS_EXPORT_CHUNK).page).map(attemptRow);
    if (rows.length) yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < ATTEMPTS_EXPORT_CHUNK || !last) return;
    cursor = { ...cursor, apos: { at: last.at, id: last.id } };
  }
}
