import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { posts } from "../../../db/schema/index.ts";
import type { PostStatus } from "../../../shared/enums/social.ts";
import { reached } from "../../resources/records.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { accountsStatement, type SocialAccountOption } from "./calendar.ts";

/**
 * The Instagram feed as it will look (ADR 045): one account's published and scheduled posts,
 * newest first (the order Instagram's grid shows), each with its cover image, in one round trip
 * with the organização's accounts.
 */

/** How many tiles the feed shows: a few months of a busy account. */
export const FEED_SIZE = 60;

/** The publications a grid shows: what went out, is going, or is scheduled to go. */
const ON_FEED: readonly PostStatus[] = ["agendado", "publicando", "publicado"];

export interface FeedTile {
  id: string;
  legenda: string;
  status: PostStatus;
  /** When it went out, else when it goes (ISO). */
  at: string;
  /** The post's own time (ISO; null: none): what a reorder checks it still is. */
  agendadoPara: string | null;
  permalink: string | null;
  /** The cover's storage key (photo or upload), and how many images (a carousel). */
  capa: string | null;
  imagens: number;
}

function feedStatement(ctx: ServiceContext, actor: Actor, accountId: string | null) {
  const { owner } = reached(actor, "posts", "read");
  const org = actor.orgId;
  // The account asked for when it is one of the organização's Instagram accounts, else the first.
  const first = sql`(select a.id from social_accounts a where a.org_id = ${org} and a.network = 'instagram' order by a.name, a.id limit 1)`;
  const account = accountId
    ? sql`coalesce((select a.id from social_accounts a where a.org_id = ${org} and a.network = 'instagram' and a.id = ${accountId}), ${first})`
    : first;
  return ctx.db.all<{
    id: string;
    legenda: string;
    status: PostStatus;
    at: number | null;
    agendado: number | null;
    permalink: string | null;
    capa: string | null;
    imagens: number;
    conta: string;
  }>(sql`
    select ${posts.id} as id, substr(${posts.legenda}, 1, 300) as legenda, t.status, coalesce(t.published_at, t.scheduled_at) as at,
      ${posts.agendadoPara} as agendado, t.permalink, t.account_id as conta,
      (select coalesce((select ph.key from property_photos ph where ph.org_id = ${org} and ph.id = m.property_photo_id), m.key)
        from post_media m where m.org_id = ${org} and m.post_id = ${posts.id} order by m.position limit 1) as capa,
      (select count(*) from post_media m where m.org_id = ${org} and m.post_id = ${posts.id}) as imagens
    from post_targets t join ${posts} on ${posts.orgId} = ${org} and ${posts.id} = t.post_id and ${posts.excluidoEm} is null
    where t.org_id = ${org} and t.network = 'instagram' and t.account_id = ${account}
      and t.status in (${sql.join(
        ON_FEED.map((s) => sql`${s}`),
        sql`, `,
      )})${owner ? sql` and ${owner}` : sql``}
    order by coalesce(t.published_at, t.scheduled_at) desc, ${posts.id} desc
    limit ${FEED_SIZE}`);
}

/** The feed of `accountId` (null: the organização's first Instagram account) and every account. */
export async function readFeed(
  ctx: ServiceContext,
  actor: Actor,
  accountId: string | null,
): Promise<{ tiles: FeedTile[]; accounts: SocialAccountOption[]; accountId: string | null }> {
  const [rows, accounts] = (await ctx.db.batch([feedStatement(ctx, actor, accountId), accountsStatement(ctx, actor)] as unknown as [
    BatchItem<"sqlite">,
    BatchItem<"sqlite">,
  ])) as unknown as [Awaited<ReturnType<typeof feedStatement>>, SocialAccountOption[]];
  const instagram = accounts.filter((a) => a.rede === "instagram");
  const sorted = [...instagram].sort((a, b) => (a.nome === b.nome ? (a.id < b.id ? -1 : 1) : a.nome < b.nome ? -1 : 1));
  const chosen = accountId && instagram.some((a) => a.id === accountId) ? accountId : (sorted[0]?.id ?? null);
  const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  return {
    accountId: chosen,
    accounts,
    tiles: rows.map((r) => ({
      id: r.id,
      legenda: r.legenda,
      status: r.status,
      at: iso(r.at) ?? "",
      agendadoPara: iso(r.agendado),
      permalink: r.permalink,
      capa: r.capa,
      imagens: Number(r.imagens),
    })),
  };
}
