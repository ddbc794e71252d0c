import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { posts } from "../../../db/schema/index.ts";
import type { PostStatus, SocialAccountStatus, SocialNetwork } from "../../../shared/enums/social.ts";
import type { CalendarDay } from "../../../shared/social/calendar.ts";
import { reached } from "../../resources/records.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { GONE_STATUSES } from "./post-time-sql.ts";

/**
 * What the posts calendar and the Instagram feed read (ADR 045), each in one round trip: the
 * days' posts (the first few of each day, with the day's count) and the organização's accounts
 * for the filters, in one `db.batch`. The days' spans come from the zone's data
 * (shared/social/calendar.ts); the database only compares instants.
 */

export interface CalendarPost {
  id: string;
  /** The post's instant, ISO (its own time, else its networks' earliest). */
  at: string;
  legenda: string;
  /** Each network's publication, "facebook:agendado,instagram:publicado" (`targetsOf` reads it): one value, not an object each, in a month's page data. */
  redes: string;
  /** Nothing went out or is going out: its time may still move. */
  movable: boolean;
}

export interface CalendarDayPosts {
  day: string;
  total: number;
  posts: CalendarPost[];
}

export interface SocialAccountOption {
  id: string;
  rede: SocialNetwork;
  nome: string;
  usuario: string | null;
  status: SocialAccountStatus;
}

export interface CalendarFilters {
  rede: SocialNetwork | null;
  conta: string | null;
  status: PostStatus | null;
}

/** The accounts of the organização, for the filters and the feed's choice. */
export function accountsStatement(ctx: ServiceContext, actor: Actor) {
  return ctx.db.all<{ id: string; rede: SocialNetwork; nome: string; usuario: string | null; status: SocialAccountStatus }>(
    sql`select id, network as rede, name as nome, handle as usuario, status from social_accounts where org_id = ${actor.orgId} order by network, name, id`,
  );
}

/** "Some network of the post matches the filters" (none set: no condition). */
function filterSql(orgId: string, filters: CalendarFilters): SQL {
  if (!filters.rede && !filters.conta && !filters.status) return sql``;
  return sql` and exists (select 1 from post_targets f where f.org_id = ${orgId} and f.post_id = ${posts.id}${
    filters.rede ? sql` and f.network = ${filters.rede}` : sql``
  }${filters.conta ? sql` and f.account_id = ${filters.conta}` : sql``}${filters.status ? sql` and f.status = ${filters.status}` : sql``})`;
}

/** A chip shows the caption's start (the month's cells cut it sooner). */
const CAPTION_CHARS = 60;

const GONE = sql.raw(`(${GONE_STATUSES.map((s) => `'${s}'`).join(", ")})`);

/**
 * The posts of `days` (each day's first `perDay` by time, and how many it has), for the actor's
 * reach (a corretor who reads only their own posts sees only theirs). A post's instant is its
 * own time; one approved to go at once has none, and its networks' earliest time stands in.
 */
export function calendarStatement(
  ctx: ServiceContext,
  actor: Actor,
  days: readonly CalendarDay[],
  perDay: number,
  filters: CalendarFilters,
) {
  const { owner } = reached(actor, "posts", "read");
  const org = actor.orgId;
  const mine = owner ? sql` and ${owner}` : sql``;
  const narrow = filterSql(org, filters);
  const spans = sql.join(
    days.map((d) => sql`(${d.day}, ${d.start}, ${d.end})`),
    sql`, `,
  );
  const live = sql`${posts.orgId} = ${org} and ${posts.excluidoEm} is null`;
  // CROSS JOIN keeps the days outside (SQLite does not reorder it) and "order by network || ''"
  // cannot be served by an index on network: without either, a planner without statistics
  // walked every post of the organização per day, or every publication per shown post.
  // Only ids and instants until each day's first few are chosen, each day's posts found by their
  // own range of the index (org, scheduled_at, id) — no row read, no day compared with every post;
  // the caption and the networks are read for the shown posts only.
  // The shown rows travel packed in one JSON text (as the records layer packs its rows): the
  // database driver decodes one value instead of seven per post.
  return ctx.db.all<{ j: string | null }>(sql`
    with d(day, s, e) as (values ${spans}),
    n(id, at) as (
      select ${posts.id}, (select min(t.scheduled_at) from post_targets t where t.org_id = ${org} and t.post_id = ${posts.id})
        from ${posts} where ${live} and ${posts.agendadoPara} is null${mine}${narrow}
    ),
    m(day, id, at) as (
      select d.day, ${posts.id}, ${posts.agendadoPara} from d cross join ${posts}
        on ${live} and ${posts.agendadoPara} >= d.s and ${posts.agendadoPara} < d.e${mine}${narrow}
      union all
      select d.day, n.id, n.at from n join d on n.at >= d.s and n.at < d.e
    ),
    r as (
      select m.day, m.id, m.at, row_number() over (partition by m.day order by m.at, m.id) as n, count(*) over (partition by m.day) as total from m
    )
    select json_group_array(json_array(s.day, s.total, s.id, s.at, s.legenda, s.redes, s.gone)) as j from (
      select r.day, r.total, r.id, r.at,
        (select substr(p.caption, 1, ${CAPTION_CHARS}) from posts p where p.org_id = ${org} and p.id = r.id) as legenda,
        (select group_concat(x.network || ':' || x.status, ',')
          from (select t.network, t.status from post_targets t where t.org_id = ${org} and t.post_id = r.id order by t.network || '') x) as redes,
        exists (select 1 from post_targets g where g.org_id = ${org} and g.post_id = r.id and g.status in ${GONE}) as gone
      from r where r.n <= ${perDay} order by r.day, r.n
    ) s`);
}

/** The first line of a caption, for a chip. */
function firstLine(text: string): string {
  const line = text.split("\n", 1)[0]?.trim() ?? "";
  return line || "(sem legenda)";
}

/** The statement's rows → every day of `days`, with its posts (none: an empty day). */
/** One shown post as the statement packs it: day, day's count, id, instant (ms), caption's start, networks, gone (0/1). */
type PackedPost = [string, number, string, number, string | null, string | null, number];

export function calendarDays(days: readonly CalendarDay[], packed: readonly { j: string | null }[]) {
  const byDay = new Map<string, CalendarDayPosts>(days.map((d) => [d.day, { day: d.day, total: 0, posts: [] }]));
  for (const [dayOf, total, id, at, legenda, redes, gone] of JSON.parse(packed[0]?.j ?? "[]") as PackedPost[]) {
    const day = byDay.get(dayOf);
    if (!day) continue;
    day.total = Number(total);
    day.posts.push({
      id,
      at: new Date(Number(at)).toISOString(),
      legenda: firstLine(legenda ?? ""),
      redes: redes ?? "",
      movable: !Number(gone),
    });
  }
  return [...byDay.values()];
}

/** A month or week of posts and the accounts, in one round trip. */
export async function readCalendar(
  ctx: ServiceContext,
  actor: Actor,
  days: readonly CalendarDay[],
  perDay: number,
  filters: CalendarFilters,
): Promise<{ days: CalendarDayPosts[]; accounts: SocialAccountOption[] }> {
  const [rows, accounts] = (await ctx.db.batch([
    calendarStatement(ctx, actor, days, perDay, filters),
    accountsStatement(ctx, actor),
  ] as unknown as [BatchItem<"sqlite">, BatchItem<"sqlite">])) as unknown as [
    Awaited<ReturnType<typeof calendarStatement>>,
    SocialAccountOption[],
  ];
  return { days: calendarDays(days, rows), accounts };
}
