/**
 * A world for the publishing tests (ADR 047): the Worker app over a fresh database, the Meta
 * stand-in (tools/meta-standin) with three Pages each linked to an Instagram account, accounts
 * connected through the stand-in's own OAuth (tokens sealed as the connect flow stores them), a
 * bucket holding each image's publishing JPEG, and a real HTTP door to the Worker so the stand-in
 * downloads images from signed URLs exactly as Meta would.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { postAttempts, posts, postTargets, socialAccounts, socialConnections } from "../../../db/schema/index.ts";
import { createRunner } from "../../../jobs/runner.ts";
import { type MetaStandin, type StandinAccounts, startMetaStandin } from "../../../tools/meta-standin/server.ts";
import { ALL_PAGE_TASKS } from "../../../tools/meta-standin/state.ts";
import { postImageKey } from "../../../shared/social/post-image-key.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { ACCOUNT_TOKEN_PURPOSE, sealFor, USER_TOKEN_PURPOSE } from "../../../worker/services/social/account-credentials.ts";
import { hasMarker } from "../../../worker/services/social/publishing/marker.ts";
import { createHarness, createOwner, type Harness, ORIGIN } from "../harness.ts";
import { fakeBucket } from "../real-estate/property-photos-fixtures.ts";

export const PAIRS = 3;
const SCOPES = "pages_show_list,pages_read_engagement,pages_manage_posts,instagram_basic,instagram_content_publish";
// A small JPEG (SOI, JFIF APP0, EOI): what the stand-in checks when it downloads, like Meta's type check.
const JPEG = Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex");

function threePairs(): StandinAccounts {
  const pages = Array.from({ length: PAIRS }, (_, i) => ({
    id: `demo_page_${i + 1}`,
    name: `Demo Imobiliária ${i + 1} (demonstração)`,
    category: "Real Estate",
    tasks: ALL_PAGE_TASKS,
    instagramId: `demo_ig_${i + 1}`,
  }));
  return {
    user: { id: "demo_user_1", name: "Demo — usuário de demonstração" },
    pages,
    instagram: pages.map((p, i) => ({ id: p.instagramId, username: `demo.imobiliaria${i + 1}`, name: p.name })),
    instagramLoginAccount: "demo_ig_1",
  };
}

export interface AccountPair {
  pageId: string;
  igId: string;
  facebook: string;
  instagram: string;
}

export interface World {
  h: Harness;
  meta: MetaStandin;
  bucket: ReturnType<typeof fakeBucket>;
  owner: Awaited<ReturnType<typeof createOwner>>;
  pairs: AccountPair[];
  close(): Promise<void>;
}

/** A real HTTP door to the Worker app (the stand-in downloads signed image URLs through it). */
async function startDoor(h: Harness): Promise<Server & { url: string }> {
  const server = createServer((req, res) => {
    Promise.resolve(h.app.request(`http://localhost${req.url ?? "/"}`, { method: req.method ?? "GET" }, h.env))
      .then(async (answer: Response) => {
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(server, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

async function graphGet<T>(meta: MetaStandin, path: string, params: Record<string, string>, token?: string): Promise<T> {
  const url = new URL(`${meta.env.META_GRAPH_URL}/v25.0${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return (await res.json()) as T;
}

/** Through the stand-in's Facebook Login: the long-lived user token and each Page's token. */
async function connect(w: Omit<World, "pairs" | "close">): Promise<AccountPair[]> {
  const { meta, h, owner } = w;
  const redirect = "http://localhost/auth/facebook/callback";
  const dialog = `${meta.env.META_OAUTH_URL}?client_id=${meta.env.META_APP_ID}&redirect_uri=${encodeURIComponent(redirect)}&state=s&scope=${SCOPES}`;
  const code = new URL(await meta.authorize(dialog)).searchParams.get("code") as string;
  const app = { client_id: meta.env.META_APP_ID, client_secret: meta.env.META_APP_SECRET };
  const short = await graphGet<{ access_token: string }>(meta, "/oauth/access_token", { ...app, redirect_uri: redirect, code });
  const long = await graphGet<{ access_token: string; expires_in: number }>(meta, "/oauth/access_token", {
    ...app,
    grant_type: "fb_exchange_token",
    fb_exchange_token: short.access_token,
  });
  const pages = await graphGet<{
    data: { id: string; name: string; access_token: string; instagram_business_account: { id: string; username: string } }[];
  }>(meta, "/me/accounts", { fields: "id,name,access_token,tasks,instagram_business_account" }, long.access_token);
  const config = readConfig(h.env);
  const now = new Date();
  const connectionId = crypto.randomUUID();
  await h.fresh.db.insert(socialConnections).values({
    id: connectionId,
    orgId: owner.orgId,
    tipo: "facebook_login",
    usuarioMetaId: "demo_user_1",
    nome: "Demo",
    tokenSelado: await sealFor(config, owner.orgId, USER_TOKEN_PURPOSE, long.access_token),
    tokenExpiraEm: new Date(now.getTime() + long.expires_in * 1000),
    escoposConcedidos: SCOPES.split(","),
    demo: true,
    criadoEm: now,
    atualizadoEm: now,
  });
  const pairs: AccountPair[] = [];
  for (const page of pages.data) {
    const sealed = await sealFor(config, owner.orgId, ACCOUNT_TOKEN_PURPOSE, page.access_token);
    const base = { orgId: owner.orgId, conexaoId: connectionId, tokenSelado: sealed, demo: true, criadoEm: now, atualizadoEm: now };
    const facebook = crypto.randomUUID();
    const instagram = crypto.randomUUID();
    await h.fresh.db.insert(socialAccounts).values([
      {
        ...base,
        id: facebook,
        rede: "facebook",
        idExterno: page.id,
        nome: page.name,
        vinculoExternoId: page.instagram_business_account.id,
      },
      {
        ...base,
        id: instagram,
        rede: "instagram",
        idExterno: page.instagram_business_account.id,
        nome: `@${page.instagram_business_account.username}`,
        vinculoExternoId: page.id,
      },
    ]);
    pairs.push({ pageId: page.id, igId: page.instagram_business_account.id, facebook, instagram });
  }
  return pairs;
}

export async function createWorld(options: { containerPolls?: number; publishQuota?: number; inngestUrl?: string } = {}): Promise<World> {
  const meta = await startMetaStandin({
    accounts: threePairs(),
    containerPolls: options.containerPolls ?? 1,
    publishQuota: options.publishQuota ?? 1000,
  });
  const h = await createHarness();
  const door = await startDoor(h);
  const bucket = fakeBucket();
  // Before the first request reads the config: Meta's URLs point at the stand-in, images at the door.
  Object.assign(h.env, meta.env, { APP_URL: door.url, META_TIMEOUT_MS: "400", FILES: bucket });
  const owner = await createOwner(h, "Publica");
  // On Inngest (its dev server stood in by a recorder), dispatches become events the test runs.
  // A new env object: the config is read once per object (the sign-up above needed its e-mail).
  if (options.inngestUrl) h.env = { ...h.env, INNGEST_DEV: "1", INNGEST_BASE_URL: options.inngestUrl };
  const pairs = await connect({ h, meta, bucket, owner });
  return {
    h,
    meta,
    bucket,
    owner,
    pairs,
    close: async () => {
      await meta.close();
      await new Promise<void>((resolve) => door.close(() => resolve()));
    },
  };
}

/** An uploaded image with its publishing JPEG in the bucket (the editor's upload does the same, ADR 044). */
export async function storeImage(w: World, _name: string): Promise<string> {
  const key = postImageKey(w.owner.orgId, { width: 1080, height: 810 }, crypto.randomUUID());
  await w.bucket.put(`${key}/publish.jpg`, JPEG, {
    httpMetadata: { contentType: "image/jpeg" },
    customMetadata: { width: "1080", height: "810" },
  });
  return key;
}

export interface PostSpec {
  legenda: string;
  contas: string[];
  midias?: string[];
  agendadoPara?: string;
  primeiroComentario?: string;
  link?: string;
}

/**
 * A request as the owner, with an execution context whose after-the-answer work lands in
 * `h.pending` (the harness's own requests have none, so that work would run unobserved).
 */
export function ownerRequest(w: World, method: string, path: string, json?: unknown): Promise<Response> {
  const headers = new Headers({ cookie: w.owner.cookie, origin: ORIGIN });
  if (json !== undefined) headers.set("content-type", "application/json");
  const executionCtx = { waitUntil: (p: Promise<unknown>) => void w.h.pending.push(p), passThroughOnException: () => {}, props: {} };
  return Promise.resolve(
    w.h.app.request(
      `${ORIGIN}${path}`,
      { method, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) },
      w.h.env,
      executionCtx as never,
    ),
  );
}

/** Creates the post and approves it through the API, as the owner would. */
export async function createApproved(w: World, spec: PostSpec): Promise<string> {
  const created = await ownerRequest(w, "POST", "/api/posts", spec);
  const body = (await created.json()) as { data?: { id: string }; error?: unknown };
  if (created.status !== 201 || !body.data) throw new Error(`post not created: ${created.status} ${JSON.stringify(body)}`);
  const approved = await ownerRequest(w, "POST", `/api/posts/${body.data.id}/aprovar`);
  if (approved.status !== 200) throw new Error(`post not approved: ${approved.status} ${await approved.text()}`);
  return body.data.id;
}

/** Waits for every after-the-answer promise the requests and jobs started (they may start more). */
export async function drain(pending: Promise<unknown>[]): Promise<void> {
  while (pending.length) await Promise.allSettled(pending.splice(0));
}

export type TargetRow = typeof postTargets.$inferSelect;

export async function targetsOf(w: World, postIds?: readonly string[]): Promise<TargetRow[]> {
  const rows = await w.h.fresh.db.select().from(postTargets).where(eq(postTargets.orgId, w.owner.orgId));
  return postIds ? rows.filter((t) => postIds.includes(t.postId)) : rows;
}

export async function attemptsOf(w: World, targetId: string) {
  return w.h.fresh.db.select().from(postAttempts).where(eq(postAttempts.alvoId, targetId));
}

/** How many times the stand-in holds this publication live: Instagram media with its caption, Page posts with its marker. */
export async function liveCopies(w: World, target: TargetRow): Promise<number> {
  const account = w.pairs.find((p) => p.facebook === target.contaId || p.instagram === target.contaId) as AccountPair;
  if (target.rede === "instagram") {
    const [post] = await w.h.fresh.db.select({ legenda: posts.legenda }).from(posts).where(eq(posts.id, target.postId));
    return [...w.meta.state.media.values()].filter((m) => m.owner === account.igId && m.caption === post?.legenda).length;
  }
  return [...w.meta.state.posts.values()].filter((p) => p.pageId === account.pageId && p.published && hasMarker(p.message, target.id))
    .length;
}

/** Publications not yet over (neither publicado nor falhou nor held). */
export async function openTargets(w: World, postIds: readonly string[]): Promise<number> {
  const [row] = await w.h.fresh.db.all<{ n: number }>(
    sql`select count(*) as n from post_targets where org_id = ${w.owner.orgId} and status not in ('publicado', 'falhou') and post_id in (${sql.join(
      postIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return row?.n ?? 0;
}

/** The local runner on a clock the test moves: every minute, the cron's schedule then its ticks. */
export function createDriver(w: World, start = Date.now()) {
  let clock = start;
  const pending: Promise<unknown>[] = [];
  const runner = createRunner({
    db: w.h.fresh.db,
    config: readConfig(w.h.env),
    now: () => new Date(clock),
    bindings: { FILES: w.bucket as unknown as R2Bucket },
    waitUntil: (p) => void pending.push(p),
  });
  return {
    runner,
    now: () => clock,
    /** One cron minute: the scheduled jobs (the sweep), then every due run until none is left. */
    async minute(): Promise<void> {
      clock += 60_000;
      await runner.schedule();
      while ((await runner.tick(500)).length > 0) await drain(pending);
      await drain(pending);
    },
    /** Minutes until the posts' publications are all over (or `max` minutes). */
    async settle(postIds: readonly string[], max = 120): Promise<number> {
      let minutes = 0;
      for (; minutes < max && (await openTargets(w, postIds)) > 0; minutes++) await this.minute();
      return minutes;
    },
  };
}
