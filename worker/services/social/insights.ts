import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client.ts";
import { postTargets, socialAccountPosts, socialAccounts, socialInsightsReads } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { SocialNetwork } from "../../../shared/enums.ts";
import {
  FACEBOOK_POST_COUNT_FIELDS,
  FACEBOOK_POST_METRICS,
  facebookMetrics,
  INSTAGRAM_MEDIA_METRICS,
  insightValues,
  instagramMetrics,
  metaInstant,
  NO_METRICS,
  needsReconnect,
  type PostMetrics,
  type ReadFailure,
  readFailureCode,
  readFailureMessage,
} from "../../../shared/social/insights-rules.ts";
import type { Config } from "../../config/env.ts";
import { graphRequest, MetaApiError, type MetaEndpoints, metaEndpoints } from "../../integrations/meta/graph.ts";
import { type AccountCredentials, AccountNotReadyError, accountCredentials } from "./account-credentials.ts";

/**
 * The daily insights read (issue 19): for each active account, Meta's metrics of what we
 * published in the last 30 days (into `post_targets`) and the account's own recent posts with
 * theirs (into `social_account_posts`, one row per Meta id). Work is bounded (accounts per run,
 * posts per account, a few calls at a time); a failing account is recorded and never stops the
 * others; a revoked token (190) flips the account to "reconectar" at once.
 */

export const INSIGHTS_WINDOW_DAYS = 30;
/** Accounts read per run (the oldest read first; the rest go next run). */
export const INSIGHTS_ACCOUNTS_PER_RUN = 100;
/** An account read this recently is not read again (a second run the same day costs nothing). */
export const INSIGHTS_MIN_INTERVAL_MS = 20 * 3600_000;
/** Our publications of one account whose metrics are read per run (newest first). */
export const INSIGHTS_TARGETS_PER_ACCOUNT = 60;
/** The account's own recent posts read per run. */
export const OWN_POSTS_PER_ACCOUNT = 25;
/** Meta calls in flight at once for one account (a Worker keeps at most 6 connections open). */
const PARALLEL_CALLS = 4;

const DAY_MS = 86_400_000;

export interface InsightsAccountRef {
  id: string;
  orgId: string;
}

/**
 * Accounts whose read is due, across organizações (a platform job, like the purge): active,
 * with a token, not read within the interval; the longest unread first.
 */
export async function accountsDueForInsights(db: Database, now: Date, limit = INSIGHTS_ACCOUNTS_PER_RUN): Promise<InsightsAccountRef[]> {
  const since = new Date(now.getTime() - INSIGHTS_MIN_INTERVAL_MS);
  // tenant-exempt: the daily job walks every organização's active accounts; each is then read and written org-scoped.
  return db
    .select({ id: socialAccounts.id, orgId: socialAccounts.orgId })
    .from(socialAccounts)
    .leftJoin(socialInsightsReads, eq(socialInsightsReads.contaId, socialAccounts.id))
    .where(
      and(
        eq(socialAccounts.status, "ativa"),
        isNotNull(socialAccounts.tokenSelado),
        or(isNull(socialInsightsReads.lidoEm), lt(socialInsightsReads.lidoEm, since)),
      ),
    )
    .orderBy(sql`${socialInsightsReads.lidoEm} is not null`, asc(socialInsightsReads.lidoEm), asc(socialAccounts.id))
    .limit(limit);
}

export interface AccountInsightsReport {
  accountId: string;
  ok: boolean;
  /** Our publications whose metrics were written. */
  metrics: number;
  /** The account's own posts stored or refreshed. */
  ownPosts: number;
  /** The raw code of the failure that stopped the read ("190", "rede"). */
  errorCode?: string;
  /** The account was flipped to "reconectar". */
  reconnect?: boolean;
}

export interface InsightsDeps {
  db: Database;
  config: Config;
  fetch?: typeof fetch;
}

/** Runs `work` over `items`, at most `limit` at a time, in order of the results. */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

function failureOf(error: unknown): ReadFailure {
  if (error instanceof AccountNotReadyError) return { kind: "account" };
  if (error instanceof MetaApiError) return { kind: error.fields.kind, code: error.fields.code, subcode: error.fields.subcode };
  return { kind: "network" };
}

/** A call whose failure only loses that post's numbers — except a revoked token, which stops the account. */
async function tolerant<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MetaApiError && needsReconnect(failureOf(error))) throw error;
    return null;
  }
}

interface Reader {
  creds: AccountCredentials;
  endpoints: MetaEndpoints;
  fetch?: typeof fetch | undefined;
}

function get<T>(reader: Reader, path: string, params: Record<string, string | number>): Promise<T> {
  return graphRequest<T>(reader.endpoints, {
    host: reader.creds.host,
    path,
    params,
    token: reader.creds.accessToken,
    ...(reader.fetch ? { fetch: reader.fetch } : {}),
  });
}

async function insightsOf(reader: Reader, objectId: string, network: SocialNetwork): Promise<Record<string, number>> {
  const metric = (network === "instagram" ? INSTAGRAM_MEDIA_METRICS : FACEBOOK_POST_METRICS).join(",");
  return insightValues(await tolerant(() => get(reader, `/${objectId}/insights`, { metric })));
}

/** One of our publications' metrics: Instagram from its insights, a Page post from its fields and reach. */
async function publicationMetrics(reader: Reader, objectId: string, network: SocialNetwork): Promise<PostMetrics | null> {
  if (network === "instagram") {
    const insights = await insightsOf(reader, objectId, network);
    if (Object.keys(insights).length === 0) {
      // No insights (a young account, a missing permission): the like and comment counts still read.
      const listed = await tolerant(() => get<Record<string, unknown>>(reader, `/${objectId}`, { fields: "like_count,comments_count" }));
      return listed ? instagramMetrics({}, listed) : null;
    }
    return instagramMetrics(insights);
  }
  const [fields, insights] = await Promise.all([
    tolerant(() => get<unknown>(reader, `/${objectId}`, { fields: FACEBOOK_POST_COUNT_FIELDS })),
    insightsOf(reader, objectId, network),
  ]);
  if (fields === null && Object.keys(insights).length === 0) return null;
  return facebookMetrics(insights, fields);
}

interface OwnPost {
  idExterno: string;
  legenda: string;
  tipoMidia: string | null;
  imagemUrl: string | null;
  permalink: string | null;
  publicadoEm: Date;
  metrics: PostMetrics;
}

interface FeedItem {
  id?: unknown;
  message?: unknown;
  caption?: unknown;
  created_time?: unknown;
  timestamp?: unknown;
  permalink_url?: unknown;
  permalink?: unknown;
  full_picture?: unknown;
  media_url?: unknown;
  thumbnail_url?: unknown;
  media_type?: unknown;
  like_count?: unknown;
  comments_count?: unknown;
}

const text = (v: unknown): string | null => (typeof v === "string" && v ? v : null);

/** The account's recent posts as Meta lists them (one call), without those we published. */
async function recentOwnPosts(reader: Reader, ours: ReadonlySet<string>): Promise<OwnPost[]> {
  const { creds } = reader;
  const instagram = creds.network === "instagram";
  const listing = instagram
    ? await get<{ data?: FeedItem[] }>(reader, `/${creds.externalId}/media`, {
        fields: "id,caption,media_type,media_url,thumbnail_url,permalink,timestamp,like_count,comments_count",
        limit: OWN_POSTS_PER_ACCOUNT,
      })
    : await get<{ data?: FeedItem[] }>(reader, `/${creds.externalId}/feed`, {
        fields: `id,message,created_time,permalink_url,full_picture,${FACEBOOK_POST_COUNT_FIELDS}`,
        limit: OWN_POSTS_PER_ACCOUNT,
      });
  const items = (listing.data ?? []).slice(0, OWN_POSTS_PER_ACCOUNT).filter((item) => {
    const id = text(item.id);
    return id !== null && !ours.has(id);
  });
  return pooled(items, PARALLEL_CALLS, async (item): Promise<OwnPost> => {
    const id = item.id as string;
    const insights = await insightsOf(reader, id, creds.network);
    return {
      idExterno: id,
      legenda: (text(instagram ? item.caption : item.message) ?? "").slice(0, 2200),
      tipoMidia: text(item.media_type),
      imagemUrl: text(instagram ? (item.media_type === "VIDEO" ? item.thumbnail_url : item.media_url) : item.full_picture),
      permalink: text(instagram ? item.permalink : item.permalink_url),
      publicadoEm: metaInstant(instagram ? item.timestamp : item.created_time) ?? new Date(0),
      metrics: instagram ? instagramMetrics(insights, item) : facebookMetrics(insights, item),
    };
  });
}

/** Our publications of the account in the window, and every Meta id we ever published there. */
async function ourPublications(db: Database, ref: InsightsAccountRef, now: Date) {
  const scope = orgScope(db, ref.orgId);
  const since = new Date(now.getTime() - INSIGHTS_WINDOW_DAYS * DAY_MS);
  const published = and(eq(postTargets.contaId, ref.id), eq(postTargets.status, "publicado"));
  const [recent, ids] = await db.batch([
    db
      .select({ id: postTargets.id, midiaId: postTargets.midiaId, postExternoId: postTargets.postExternoId })
      .from(postTargets)
      .where(scope.where(postTargets, published, gte(postTargets.publicadoEm, since)))
      .orderBy(sql`${postTargets.publicadoEm} desc`)
      .limit(INSIGHTS_TARGETS_PER_ACCOUNT),
    // What the account lists that we made: never stored as "the account's own".
    db
      .select({ midiaId: postTargets.midiaId, postExternoId: postTargets.postExternoId })
      .from(postTargets)
      .where(scope.where(postTargets, published, gte(postTargets.publicadoEm, new Date(now.getTime() - 365 * DAY_MS))))
      .orderBy(sql`${postTargets.publicadoEm} desc`)
      .limit(2000),
  ]);
  const ours = new Set<string>();
  for (const row of ids) {
    if (row.midiaId) ours.add(row.midiaId);
    if (row.postExternoId) ours.add(row.postExternoId);
  }
  return { recent, ours };
}

function readRow(
  ref: InsightsAccountRef,
  now: Date,
  fields: { erroCodigo: string | null; erroMensagem: string | null; metricasLidas: number; postsProprios: number },
) {
  return { contaId: ref.id, lidoEm: now, ...fields };
}

/** Records a failed read (and flips the account on a 190), in one round trip. */
async function recordFailure(db: Database, ref: InsightsAccountRef, now: Date, failure: ReadFailure): Promise<AccountInsightsReport> {
  const scope = orgScope(db, ref.orgId);
  const message = readFailureMessage(failure);
  const code = readFailureCode(failure);
  const row = readRow(ref, now, { erroCodigo: code, erroMensagem: message, metricasLidas: 0, postsProprios: 0 });
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(socialInsightsReads)
      .values(scope.values(row))
      .onConflictDoUpdate({
        target: socialInsightsReads.contaId,
        set: { lidoEm: now, erroCodigo: code, erroMensagem: message, metricasLidas: 0, postsProprios: 0 },
      }),
  ];
  const reconnect = needsReconnect(failure);
  if (reconnect) {
    statements.push(
      db
        .update(socialAccounts)
        .set({ status: "reconectar", motivoStatus: message, atualizadoEm: now })
        .where(scope.where(socialAccounts, eq(socialAccounts.id, ref.id), eq(socialAccounts.status, "ativa"))),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { accountId: ref.id, ok: false, metrics: 0, ownPosts: 0, errorCode: code, ...(reconnect ? { reconnect: true } : {}) };
}

/**
 * Reads one account: never throws. Meta calls first (a few at a time), then every write in one
 * batch: each publication's metrics, the own posts upserted by (organização, Meta id), and the
 * read's record.
 */
export async function readAccountInsights(deps: InsightsDeps, ref: InsightsAccountRef, now: Date): Promise<AccountInsightsReport> {
  const { db } = deps;
  try {
    const creds = await accountCredentials(db, deps.config, ref.orgId, ref.id);
    const reader: Reader = { creds, endpoints: metaEndpoints(deps.config), fetch: deps.fetch };
    const { recent, ours } = await ourPublications(db, ref, now);
    const measured = await pooled(recent, PARALLEL_CALLS, async (target) => {
      const objectId = creds.network === "instagram" ? target.midiaId : target.postExternoId;
      return { id: target.id, metrics: objectId ? await publicationMetrics(reader, objectId, creds.network) : null };
    });
    const own = await recentOwnPosts(reader, ours);

    const scope = orgScope(db, ref.orgId);
    const written = measured.filter((m): m is { id: string; metrics: PostMetrics } => m.metrics !== null);
    const statements: BatchItem<"sqlite">[] = [
      ...written.map(({ id, metrics }) =>
        db
          .update(postTargets)
          .set({ ...metrics, metricasEm: now })
          .where(scope.where(postTargets, eq(postTargets.id, id), eq(postTargets.contaId, ref.id))),
      ),
      ...own.map((post) => {
        const values = { ...NO_METRICS, ...post.metrics };
        return db
          .insert(socialAccountPosts)
          .values(
            scope.values({
              contaId: ref.id,
              rede: creds.network,
              idExterno: post.idExterno,
              legenda: post.legenda,
              tipoMidia: post.tipoMidia,
              imagemUrl: post.imagemUrl,
              permalink: post.permalink,
              publicadoEm: post.publicadoEm,
              ...values,
              metricasEm: now,
              criadoEm: now,
            }),
          )
          .onConflictDoUpdate({
            target: [socialAccountPosts.orgId, socialAccountPosts.idExterno],
            set: {
              legenda: post.legenda,
              tipoMidia: post.tipoMidia,
              imagemUrl: post.imagemUrl,
              permalink: post.permalink,
              ...values,
              metricasEm: now,
            },
          });
      }),
      db
        .insert(socialInsightsReads)
        .values(
          scope.values(
            readRow(ref, now, { erroCodigo: null, erroMensagem: null, metricasLidas: written.length, postsProprios: own.length }),
          ),
        )
        .onConflictDoUpdate({
          target: socialInsightsReads.contaId,
          set: { lidoEm: now, erroCodigo: null, erroMensagem: null, metricasLidas: written.length, postsProprios: own.length },
        }),
    ];
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    return { accountId: ref.id, ok: true, metrics: written.length, ownPosts: own.length };
  } catch (error) {
    return recordFailure(db, ref, now, failureOf(error));
  }
}
