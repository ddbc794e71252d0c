import { asc, count, desc, eq, exists, gte, like, lt, sql } from "drizzle-orm";
import { postKeys, posts, postTargets, socialAccountPosts, socialAccounts, socialInsightsReads } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { SocialAccountStatus, SocialNetwork } from "../../../shared/enums.ts";
import { normalizeText, prefixEnd, searchTerms } from "../../../shared/search.ts";
import type { PostMetrics } from "../../../shared/social/insights-rules.ts";
import {
  CAPTION_PREVIEW,
  POSTS_RESOURCE,
  periodRange,
  SOCIAL_PAGE_SIZE,
  type SocialCursor,
  type SocialListQuery,
} from "../../../shared/social/social-list-query.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { authorize } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { keysetCondition, readOrder } from "./history.ts";

/**
 * /facebook-posts and /instagram-posts: what went out on one network, newest first — our
 * publications (`post_targets` publicado) and the account's own posts the daily job read
 * (`social_account_posts`) — with the metrics Meta gave. Two keyset reads merged (each brings
 * its page's worth after the cursor, so the merged page is exact), their counts, the network's
 * accounts with their last read: one round trip. A member who reads only their own posts sees
 * only theirs (the account's own posts have no author in Alicerce).
 */

export interface PublishedRow extends SocialCursor, PostMetrics {
  origem: "alicerce" | "conta";
  /** Our post's id (its page), null for the account's own. */
  postId: string | null;
  legenda: string;
  permalink: string | null;
  contaId: string;
  contaNome: string | null;
  /** Storage key of our post's first image (null: none, or the account's own post). */
  imagemChave: string | null;
  metricasEm: number | null;
}

export interface NetworkAccount {
  id: string;
  nome: string;
  usuario: string | null;
  status: SocialAccountStatus;
  motivoStatus: string | null;
  lidoEm: number | null;
  erroMensagem: string | null;
  erroCodigo: string | null;
}

export interface PublishedPage {
  rows: PublishedRow[];
  total: number;
  accounts: NetworkAccount[];
  /** The member sees only their own posts (the account's own are not shown to them). */
  ownOnly: boolean;
}

export async function listPublished(
  ctx: ServiceContext,
  actor: Actor,
  network: SocialNetwork,
  query: SocialListQuery,
): Promise<PublishedPage> {
  const db = ctx.db;
  const scope = orgScope(db, actor.orgId);
  const ownOnly = authorize(actor, POSTS_RESOURCE, "read") === "own";
  const { from, to } = periodRange(query, timeZoneOf(actor.timeZone));
  const terms = searchTerms(query.q);
  const direction = readOrder(query) === "desc" ? desc : asc;
  const limit = SOCIAL_PAGE_SIZE + 1;

  const oursFilter = [
    eq(postTargets.rede, network),
    eq(postTargets.status, "publicado"),
    query.conta ? eq(postTargets.contaId, query.conta) : undefined,
    from ? gte(postTargets.publicadoEm, from) : undefined,
    to ? lt(postTargets.publicadoEm, to) : undefined,
    ...terms.map((term) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(postKeys)
          .where(
            scope.where(postKeys, eq(postKeys.recordId, postTargets.postId), gte(postKeys.key, term), lt(postKeys.key, prefixEnd(term))),
          ),
      ),
    ),
  ];
  const postLive = scope.where(
    posts,
    eq(posts.id, postTargets.postId),
    sql`${posts.excluidoEm} is null`,
    ownOnly ? eq(posts.criadoPor, actor.userId) : undefined,
  );
  const ours = db
    .select({
      id: postTargets.id,
      at: postTargets.publicadoEm,
      postId: postTargets.postId,
      legenda: sql<string>`substr(${posts.legenda}, 1, ${CAPTION_PREVIEW + 1})`,
      permalink: postTargets.permalink,
      contaId: postTargets.contaId,
      alcance: postTargets.alcance,
      curtidas: postTargets.curtidas,
      comentarios: postTargets.comentarios,
      compartilhamentos: postTargets.compartilhamentos,
      salvamentos: postTargets.salvamentos,
      metricasEm: postTargets.metricasEm,
      // The first image: an uploaded one's key, or the imóvel photo's.
      imagemChave: sql<
        string | null
      >`(select coalesce(pm.key, pp.key) from post_media pm left join property_photos pp on pp.id = pm.property_photo_id and pp.org_id = ${actor.orgId} where pm.org_id = ${actor.orgId} and pm.post_id = ${postTargets.postId} order by pm.position limit 1)`,
    })
    .from(postTargets)
    .innerJoin(posts, postLive)
    .where(scope.where(postTargets, ...oursFilter, keysetCondition(postTargets.publicadoEm, postTargets.id, query)))
    .orderBy(direction(postTargets.publicadoEm), direction(postTargets.id))
    .limit(limit);
  const oursCount = db
    .select({ n: count() })
    .from(postTargets)
    .innerJoin(posts, postLive)
    .where(scope.where(postTargets, ...oursFilter));

  // The account's own: none for a member who reads only their own posts, or when asked for ours only.
  const showTheirs = !ownOnly && query.origem !== "alicerce";
  const showOurs = query.origem !== "conta";
  const theirsFilter = [
    eq(socialAccountPosts.rede, network),
    query.conta ? eq(socialAccountPosts.contaId, query.conta) : undefined,
    from ? gte(socialAccountPosts.publicadoEm, from) : undefined,
    to ? lt(socialAccountPosts.publicadoEm, to) : undefined,
    // No search keys for what Meta holds: a plain match on the caption (a few hundred rows at most).
    ...terms.map((term) => like(sql`lower(${socialAccountPosts.legenda})`, `%${normalizeText(term).replace(/[%_]/g, "")}%`)),
  ];
  const theirs = db
    .select({
      id: socialAccountPosts.id,
      at: socialAccountPosts.publicadoEm,
      legenda: sql<string>`substr(${socialAccountPosts.legenda}, 1, ${CAPTION_PREVIEW + 1})`,
      permalink: socialAccountPosts.permalink,
      contaId: socialAccountPosts.contaId,
      alcance: socialAccountPosts.alcance,
      curtidas: socialAccountPosts.curtidas,
      comentarios: socialAccountPosts.comentarios,
      compartilhamentos: socialAccountPosts.compartilhamentos,
      salvamentos: socialAccountPosts.salvamentos,
      metricasEm: socialAccountPosts.metricasEm,
    })
    .from(socialAccountPosts)
    .where(scope.where(socialAccountPosts, ...theirsFilter, keysetCondition(socialAccountPosts.publicadoEm, socialAccountPosts.id, query)))
    .orderBy(direction(socialAccountPosts.publicadoEm), direction(socialAccountPosts.id))
    .limit(limit);
  const theirsCount = db
    .select({ n: count() })
    .from(socialAccountPosts)
    .where(scope.where(socialAccountPosts, ...theirsFilter));
  const accounts = db
    .select({
      id: socialAccounts.id,
      nome: socialAccounts.nome,
      usuario: socialAccounts.usuario,
      status: socialAccounts.status,
      motivoStatus: socialAccounts.motivoStatus,
      lidoEm: socialInsightsReads.lidoEm,
      erroMensagem: socialInsightsReads.erroMensagem,
      erroCodigo: socialInsightsReads.erroCodigo,
    })
    .from(socialAccounts)
    .leftJoin(socialInsightsReads, scope.where(socialInsightsReads, eq(socialInsightsReads.contaId, socialAccounts.id)))
    .where(scope.where(socialAccounts, eq(socialAccounts.rede, network)))
    .orderBy(socialAccounts.nome)
    .limit(50);

  const [oursRows, oursN, theirsRows, theirsN, accountRows] = await db.batch([ours, oursCount, theirs, theirsCount, accounts]);
  const ms = (d: Date | null) => (d ? d.getTime() : null);
  const merged: PublishedRow[] = [
    ...(showOurs
      ? oursRows.map((r) => ({
          ...r,
          at: r.at?.getTime() ?? 0,
          origem: "alicerce" as const,
          contaNome: null,
          metricasEm: ms(r.metricasEm),
        }))
      : []),
    ...(showTheirs
      ? theirsRows.map((r) => ({
          ...r,
          at: r.at.getTime(),
          origem: "conta" as const,
          postId: null,
          imagemChave: null,
          contaNome: null,
          metricasEm: ms(r.metricasEm),
        }))
      : []),
  ];
  const sign = readOrder(query) === "desc" ? -1 : 1;
  merged.sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.at - b.at) * sign);
  const names = new Map(accountRows.map((a) => [a.id, a.usuario ? `@${a.usuario.replace(/^@/, "")}` : a.nome]));
  return {
    rows: merged.slice(0, limit).map((r) => ({ ...r, contaNome: names.get(r.contaId) ?? null })),
    total: (showOurs ? (oursN[0]?.n ?? 0) : 0) + (showTheirs ? (theirsN[0]?.n ?? 0) : 0),
    accounts: accountRows.map((a) => ({ ...a, lidoEm: ms(a.lidoEm) })),
    ownOnly,
  };
}
