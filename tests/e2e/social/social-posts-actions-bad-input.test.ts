/**
 * Bad input, property-based, on the social post screens' form actions (SOCIAL_POST_ROUTES in
 * support/form-fuzz.ts; the account file's first test fails when a route with an action is in no
 * fuzzer's list): Rascunhos (/rascunhos: enviar, aprovar, devolver, cancelar, tentar de novo; ADR
 * 041), the Calendário de Posts (/content-calendar: reagendar with a day, a time and the instant
 * the page showed; ADR 044/045), the Feed (/feed: trocar, two scheduled posts swap instants) and
 * Gerar Postagem (/gerar-postagem: arte, the art stored in R2 for an imóvel or produto; ADR 056 —
 * it writes no row, so the database never changes, whoever asks).
 * /posts/:id and the post editor sit under the posts resource's basePath: the records' file
 * (form-actions-bad-input.test.ts) fuzzes them.
 *
 * Each route gets its own valid forms broken, dropped, repeated or joined by strangers (or random
 * fields, or raw bodies a browser never sends), with hostile ids (another organização's post,
 * garbage), as document and `.data` POSTs, from the owner, an admin, staff, a professional, a user
 * without an organização and the signed-out visitor, each from its own client IP, now and then
 * with a wrong or no Origin.
 *
 * Every answer: no 5xx; a 4xx carries messages, all pt-BR; redirects stay on the app; the
 * database (content hash of every table but rate_limits, job_steps, the cron's own job runs and a
 * job run's progress columns, and sessions.last_seen_at) unchanged unless the oracle says this
 * input may change it — and then only posts, post_targets and job_runs (a move or a reschedule
 * queues the publishing run for the post's new instant, ADR 047), only posts of the caller's
 * organização named by the form, only for a role the permission table allows (staff and
 * professional move only their own posts and never approve; reschedule is owner/admin), a
 * reschedule only to an instant within a minute of now or later and at most a year ahead, at
 * exactly the day and time asked in the organização's zone. The other organização's posts never change.
 * Fixture posts are all scheduled in the future (an approval without a time publishes at once,
 * and what the publisher writes after the answer is not the action's doing).
 *
 * Reproduce a failure with SOCIAL_POSTS_FUZZ_SEED=<seed>; SOCIAL_POSTS_FUZZ_RUNS=<n> (default 12 per route).
 */
import { type Client, createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { holdCronDuringFile } from "../support/cron-hold.ts";
import { memberships, socialAccounts } from "../../../db/schema/index.ts";
import type { Role } from "../../../shared/enums.ts";
import { addDays } from "../../../shared/social/calendar.ts";
import { DEFAULT_TIME_ZONE, dayIn, instantIn } from "../../../shared/time-zone.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { movePost } from "../../../worker/services/social/posts.ts";
import {
  columnList,
  digestOf,
  digestSql,
  rowsJsonSql,
  rowsOfJson,
  type SnapshotTable,
  snapshotLayout,
  tableDigestSql,
} from "../../support/db-snapshot.ts";
import { createUserWithoutOrganization, e2eDb, e2eServiceContext, loginCookie } from "../support/accounts.ts";
import { badString, isPtBr } from "../support/bad-input.ts";
import {
  bodiesOf,
  changedTables,
  type Entry,
  encode,
  fuzzForms,
  hashRows,
  isAppPath,
  readOutcome,
  SOCIAL_POST_ROUTES,
  type SocialPostRoute,
  serverView,
  type Transport,
  transports,
  type Value,
} from "../support/form-fuzz.ts";
import { createTeam, type Team } from "../support/team.ts";

const RUNS = Number(process.env.SOCIAL_POSTS_FUZZ_RUNS ?? 12);
const SEED = process.env.SOCIAL_POSTS_FUZZ_SEED ? Number(process.env.SOCIAL_POSTS_FUZZ_SEED) : undefined;
const base = () => inject("baseURL");
const ZONE = DEFAULT_TIME_ZONE;
const DAY_MS = 86_400_000;

type Who = Role | "noorg" | "anonymous";
type Origin = "ok" | "evil" | "none";

interface World {
  client: Client;
  team: Team;
  foreignOrgId: string;
  noorgCookie: string;
  /** Placeholder → id or instant ("@@name@@" in form values). */
  vars: Record<string, string>;
}
let world: World;

// ---------------------------------------------------------------------------------------------
// Database snapshots

/** Counters any attempt bumps; the runner's memoized steps; migrations. */
const SKIPPED = new Set(["rate_limits", "__drizzle_migrations", "job_steps"]);
/** Written after the answer by the job runner, or by the session machinery on any request. */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  job_runs: ["status", "attempt", "run_at", "lease_until", "last_error", "result", "updated_at", "finished_at"],
  sessions: ["last_seen_at"],
};
type Row = Record<string, unknown>;
interface Snapshot {
  hashes: Record<string, string>;
  posts: Map<string, Row>;
}
let layout: SnapshotTable[] = [];
/** Tables whose rows of the other organização are hashed apart: "another organização's rows never change". */
const FOREIGN_PARTS = ["posts", "post_targets"];

/**
 * Every table hashed in the database (one text each, not every cell as an object), the posts'
 * rows themselves (the oracles read them), in one read batch.
 */
async function snapshot(): Promise<Snapshot> {
  const db = world.client;
  if (!layout.length) layout = await snapshotLayout(db, SKIPPED, VOLATILE_COLUMNS);
  const parts = layout.filter((t) => FOREIGN_PARTS.includes(t.table));
  const posts = layout.find((t) => t.table === "posts");
  if (!posts || parts.length !== FOREIGN_PARTS.length) throw new Error("no posts or post_targets table to snapshot");
  const results = await db.batch(
    [
      ...layout.map(tableDigestSql),
      ...parts.map((t) => ({
        sql: digestSql(`SELECT ${columnList(t.columns)} FROM "${t.table}" WHERE org_id = ?`, t.columns),
        args: [world.foreignOrgId],
      })),
      rowsJsonSql(`SELECT ${columnList(posts.columns)} FROM "posts"`, posts.columns),
    ],
    "read",
  );
  const hashes: Record<string, string> = {};
  layout.forEach(({ table }, i) => {
    hashes[table] = digestOf(results[i]?.rows[0] as { body?: unknown } | undefined);
  });
  parts.forEach(({ table }, i) => {
    hashes[`${table}@foreign`] = digestOf(results[layout.length + i]?.rows[0] as { body?: unknown } | undefined);
  });
  const postRows = rowsOfJson(results[layout.length + parts.length]?.rows[0] as { body?: unknown } | undefined);
  return { hashes, posts: new Map(postRows.map((r) => [String(r.id), r])) };
}

// ---------------------------------------------------------------------------------------------
// Forms

const ID_VALUES = [
  "@@rascunho-dono@@",
  "@@rascunho-staff@@",
  "@@rascunho-pro@@",
  "@@enviado-staff@@",
  "@@agendado-1@@",
  "@@agendado-2@@",
  "@@alheio@@",
  "@@alheio-agendado@@",
  "nao-existe",
  "' OR '1'='1",
  "00000000-0000-0000-0000-000000000000",
  "x".repeat(300),
  "@@imovel@@",
  "@@imovel-alheio@@",
];
const MOVES = [
  "enviar",
  "aprovar",
  "devolver",
  "cancelar",
  "tentar_de_novo",
  "tentar-de-novo",
  "APROVAR",
  " aprovar",
  "excluir",
  "__proto__",
  "",
];
const DAYS = ["@@dia-futuro@@", "@@dia-hoje@@", "@@dia-passado@@", "@@dia-longe@@", "2026-02-30", "2026-13-01", "31/12/2026", "amanhã", ""];
const TIMES = ["10:00", "23:59", "00:00", "24:00", "9:00", "10:60", "10h", "", "10:00:00"];
const ERAS = ["@@era-1@@", "@@era-2@@", "@@era-alheio@@", "2020-01-01T00:00:00.000Z", "ontem", "0", "", "NaN"];

const FIELD_VALUES: Record<string, fc.Arbitrary<Value>> = {
  id: fc.oneof(fc.constantFrom(...ID_VALUES), fc.uuid()),
  a: fc.constantFrom(...ID_VALUES),
  b: fc.constantFrom(...ID_VALUES),
  intent: fc.constantFrom(...MOVES, "reagendar", "trocar", "REAGENDAR", "trocar "),
  dia: fc.constantFrom(...DAYS),
  hora: fc.constantFrom(...TIMES),
  era: fc.constantFrom(...ERAS),
  eraA: fc.constantFrom(...ERAS),
  eraB: fc.constantFrom(...ERAS),
  tipo: fc.constantFrom("imovel", "produto", "servico", "IMOVEL", ""),
  modelo: fc.constantFrom("faixa-preco", "destaque", "elegante", "ficha", "outro", ""),
  formato: fc.constantFrom("quadrado", "retrato", "story", "paisagem", ""),
  carrossel: fc.constantFrom("sim", "nao", "true", ""),
};
/** `Object.hasOwn`: "__proto__" is a key the fuzzer sends, not one of these. */
const valueFor = (key: string): fc.Arbitrary<Value> =>
  Object.hasOwn(FIELD_VALUES, key) ? (FIELD_VALUES[key] as fc.Arbitrary<Value>) : badString;

const VALID: Record<SocialPostRoute, Entry[][]> = {
  "/rascunhos": [
    [
      ["id", "@@rascunho-staff@@"],
      ["intent", "enviar"],
    ],
    [
      ["id", "@@enviado-staff@@"],
      ["intent", "aprovar"],
    ],
    [
      ["id", "@@enviado-staff@@"],
      ["intent", "devolver"],
    ],
    [
      ["id", "@@agendado-1@@"],
      ["intent", "cancelar"],
    ],
  ],
  "/content-calendar": [
    [
      ["intent", "reagendar"],
      ["id", "@@agendado-1@@"],
      ["dia", "@@dia-futuro@@"],
      ["era", "@@era-1@@"],
    ],
    [
      ["intent", "reagendar"],
      ["id", "@@agendado-2@@"],
      ["dia", "@@dia-futuro@@"],
      ["hora", "14:30"],
      ["era", "@@era-2@@"],
    ],
  ],
  "/feed": [
    [
      ["intent", "trocar"],
      ["a", "@@agendado-1@@"],
      ["b", "@@agendado-2@@"],
      ["eraA", "@@era-1@@"],
      ["eraB", "@@era-2@@"],
    ],
  ],
  "/gerar-postagem": [
    [
      ["intent", "arte"],
      ["tipo", "imovel"],
      ["id", "@@imovel@@"],
      ["modelo", "destaque"],
      ["formato", "quadrado"],
      ["carrossel", "nao"],
    ],
  ],
};
const KEYS = [...Object.keys(FIELD_VALUES), "orgId", "criadoPor", "aprovacao", "__proto__"];

const resolve = (v: string) => v.replace(/@@([a-z0-9-]+)@@/g, (whole, name: string) => world.vars[name] ?? whole);

// ---------------------------------------------------------------------------------------------
// Fixtures

async function facebookAccount(orgId: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await e2eDb()
    .insert(socialAccounts)
    .values({ id, orgId, rede: "facebook", idExterno: `pagina-${id.slice(0, 8)}`, nome: "Página", criadoEm: now, atualizadoEm: now });
  return id;
}

async function newPost(orgId: string, userId: string, role: Role, account: string, at: Date, approve: boolean | "send"): Promise<string> {
  const ctx = e2eServiceContext(base());
  const actor = { orgId, userId, role, timeZone: ZONE };
  const created = await createRecord(ctx, actor as never, "posts", {
    legenda: "Apartamento com varanda gourmet #alicerce",
    contas: [account],
    midias: [],
    agendadoPara: at.toISOString(),
  } as never);
  const id = created.id as string;
  if (approve === "send") await movePost(ctx, actor as never, id, "enviar");
  else if (approve) await movePost(ctx, { ...actor, role: "owner" } as never, id, "aprovar");
  return id;
}

/** An imóvel of the organização (the art's record; no photos, so a render is quick). */
async function newProperty(orgId: string, userId: string): Promise<string> {
  const actor = { orgId, userId, role: "owner", timeZone: ZONE };
  const created = await createRecord(e2eServiceContext(base()), actor as never, "imoveis", {
    finalidade: "venda",
    tipo: "apartamento",
    titulo: "Apartamento para a arte",
    valorVendaCentavos: 640_000_00,
    bairro: "Centro",
    cidade: "Campinas",
    uf: "SP",
    quartos: 2,
    areaUtil: 70,
    enderecoPublico: "bairro",
    status: "disponivel",
  } as never);
  return created.id as string;
}

/** Puts the vars' instants where the posts are now (the page's `era`) and the days relative to today. */
async function refreshVars(): Promise<void> {
  const snap = await snapshot();
  const era = (name: string) => {
    const at = snap.posts.get(world.vars[name] as string)?.scheduled_at;
    return at == null ? "" : new Date(Number(at)).toISOString();
  };
  world.vars["era-1"] = era("agendado-1");
  world.vars["era-2"] = era("agendado-2");
  world.vars["era-alheio"] = era("alheio-agendado");
}

// The cron's jobs write to tables these snapshots compare: no tick between a request's two snapshots.
holdCronDuringFile();

beforeAll(async () => {
  const client = createClient({ url: inject("e2eDatabaseUrl") });
  const team = await createTeam("Dona Posts Fuzz", "posts-fuzz");
  const foreign = await createTeam("Dono Alheio Fuzz", "posts-fuzz-alheio");
  const noorg = await createUserWithoutOrganization();
  world = { client, team, foreignOrgId: foreign.orgId, noorgCookie: await loginCookie(noorg.email, noorg.password), vars: {} };
  const [account, foreignAccount] = [await facebookAccount(team.orgId), await facebookAccount(foreign.orgId)];
  // Half a day off the clock's time of day: "the same time on today" (a drag to today) is then
  // 12 h ahead or refused as past, never due at once (a publish would write post_attempts later).
  const at = (days: number) => new Date(Date.now() + days * DAY_MS + DAY_MS / 2);
  const u = team.users;
  world.vars = {
    "rascunho-dono": await newPost(team.orgId, u.owner, "owner", account, at(5), false),
    "rascunho-staff": await newPost(team.orgId, u.staff, "staff", account, at(6), false),
    "rascunho-pro": await newPost(team.orgId, u.professional, "professional", account, at(7), false),
    "enviado-staff": await newPost(team.orgId, u.staff, "staff", account, at(8), "send"),
    "agendado-1": await newPost(team.orgId, u.owner, "owner", account, at(10), true),
    "agendado-2": await newPost(team.orgId, u.owner, "owner", account, at(12), true),
    alheio: await newPost(foreign.orgId, foreign.users.owner, "owner", foreignAccount, at(5), false),
    "alheio-agendado": await newPost(foreign.orgId, foreign.users.owner, "owner", foreignAccount, at(9), true),
    imovel: await newProperty(team.orgId, u.owner),
    "imovel-alheio": await newProperty(foreign.orgId, foreign.users.owner),
    "dia-futuro": addDays(dayIn(new Date(), ZONE), 20),
    "dia-hoje": dayIn(new Date(), ZONE),
    "dia-passado": addDays(dayIn(new Date(), ZONE), -3),
    "dia-longe": addDays(dayIn(new Date(), ZONE), 400),
  };
  const [m] = await e2eDb().select().from(memberships).where(eq(memberships.userId, u.owner));
  expect(m?.orgId).toBe(team.orgId);
  await refreshVars();
}, 60_000);

afterAll(() => world?.client.close());

// ---------------------------------------------------------------------------------------------
// One attempt and its oracle

let ipCounter = 0;

/**
 * The database once the publishing runs a move queues after its answer (waitUntil, ADR 047) are
 * written: job_runs read twice alike, 200 ms apart, so they count for the attempt that queued them.
 */
async function settled(): Promise<Snapshot> {
  let last = await snapshot();
  for (let i = 0; i < 15; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const next = await snapshot();
    if (next.hashes.job_runs === last.hashes.job_runs) return next;
    last = next;
  }
  return last;
}

interface Attempt {
  where: string;
  form: FormData | null;
  status: number;
  messages: string[];
  redirect: string | undefined;
  before: Snapshot;
  after: Snapshot;
  sentAt: number;
}

async function send(route: SocialPostRoute, who: Who, transport: Transport, origin: Origin, body: Parameters<typeof encode>[0]) {
  await refreshVars();
  const before = await snapshot();
  const encoded = await encode(body, resolve);
  ipCounter++;
  const headers: Record<string, string> = { "cf-connecting-ip": `10.241.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}` };
  if (origin === "ok") headers.origin = base();
  else if (origin === "evil") headers.origin = "https://evil.example";
  if (encoded.contentType) headers["content-type"] = encoded.contentType;
  const cookie = who === "anonymous" ? "" : who === "noorg" ? world.noorgCookie : world.team.cookies[who];
  if (cookie) headers.cookie = cookie;
  const pathname = transport === "data" ? `${route}.data` : route;
  const sentAt = Date.now();
  const res = await fetch(`${base()}${pathname}`, { method: "POST", redirect: "manual", headers, body: encoded.body });
  const outcome = await readOutcome(res, transport);
  const quick = await snapshot();
  const moved = quick.hashes.posts !== before.hashes.posts || quick.hashes.post_targets !== before.hashes.post_targets;
  const after = moved ? await settled() : quick;
  const attempt: Attempt = {
    where: `POST ${pathname} as ${who} origin=${origin} with ${encoded.label} → ${outcome.status} ${JSON.stringify(outcome.messages).slice(0, 300)} ${outcome.redirect ?? ""}`,
    form: await serverView(encoded),
    status: outcome.status,
    messages: outcome.messages,
    redirect: outcome.redirect,
    before,
    after,
    sentAt,
  };
  return attempt;
}

const MANAGERS: readonly Who[] = ["owner", "admin"];
const MEMBERS: readonly Who[] = ["owner", "admin", "staff", "professional"];

/** The posts whose row changed, each with its row after. */
function changedPosts(a: Attempt): [string, Row][] {
  return [...a.after.posts].filter(([id, row]) => hashRows([row]) !== hashRows([a.before.posts.get(id) ?? {}]));
}

function check(route: SocialPostRoute, who: Who, origin: Origin, a: Attempt): void {
  expect(a.status, `5xx: ${a.where}`).toBeLessThan(500);
  if (a.status >= 400) {
    expect(a.messages.length, `a ${a.status} without a message: ${a.where}`).toBeGreaterThan(0);
    for (const m of a.messages) expect(isPtBr(m), `not pt-BR (${JSON.stringify(m)}): ${a.where}`).toBe(true);
  }
  if (a.redirect !== undefined) expect(isAppPath(a.redirect, base()), `redirect off the app: ${a.where}`).toBe(true);
  const changed = changedTables(a.before, a.after);
  expect(
    changed.filter((t) => t.endsWith("@foreign")),
    `another organização's posts changed: ${a.where}`,
  ).toEqual([]);
  const get = (k: string) => resolve(String(a.form?.get(k) ?? ""));
  const intent = get("intent");
  // Who may change anything here at all, and through which form.
  const may =
    origin !== "evil" &&
    MEMBERS.includes(who) &&
    ((route === "/rascunhos" && ["enviar", "aprovar", "devolver", "cancelar", "tentar_de_novo"].includes(intent)) ||
      (route === "/content-calendar" && intent === "reagendar" && MANAGERS.includes(who)) ||
      (route === "/feed" && intent === "trocar" && MANAGERS.includes(who)));
  const allowed = may ? ["posts", "post_targets", "job_runs"] : [];
  expect(
    changed.filter((t) => !allowed.includes(t)),
    `changed what it may not: ${a.where}`,
  ).toEqual([]);
  const posts = changedPosts(a);
  if (!posts.length) return;
  const uid = MEMBERS.includes(who) ? world.team.users[who as Role] : "";
  for (const [id, row] of posts) {
    expect(row.org_id, `a post outside the caller's organização changed: ${a.where}`).toBe(world.team.orgId);
    expect(Number(row.updated_at), `changed but not stamped now: ${a.where}`).toBeGreaterThanOrEqual(a.sentAt - 5_000);
    if (route === "/rascunhos") {
      expect([id], `a post the form did not name changed: ${a.where}`).toEqual([get("id")]);
      if (!MANAGERS.includes(who)) {
        expect(row.created_by, `${who} moved someone else's post: ${a.where}`).toBe(uid);
        expect(intent, `${who} made a manager's move: ${a.where}`).toBe("enviar");
      }
    } else {
      const named = route === "/feed" ? [get("a"), get("b")] : [get("id")];
      expect(named, `a post the form did not name changed: ${a.where}`).toContain(id);
      const at = Number(row.scheduled_at);
      expect(at, `rescheduled into the past: ${a.where}`).toBeGreaterThanOrEqual(a.sentAt - 60_000);
      expect(at, `rescheduled over a year ahead: ${a.where}`).toBeLessThanOrEqual(Date.now() + 366 * DAY_MS);
      if (route === "/content-calendar" && get("hora"))
        expect(at, `not the day and time asked, in the organização's zone: ${a.where}`).toBe(
          instantIn(get("dia"), get("hora"), ZONE).getTime(),
        );
      if (route === "/feed") {
        const before = [get("a"), get("b")].map((p) => Number(a.before.posts.get(p)?.scheduled_at));
        expect(before, `the feed moved a post to an instant that was not the other's: ${a.where}`).toContain(at);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------

const saved: Record<SocialPostRoute, number> = { "/rascunhos": 0, "/content-calendar": 0, "/feed": 0, "/gerar-postagem": 0 };
const WHO = fc.constantFrom<Who>("owner", "owner", "admin", "staff", "staff", "professional", "noorg", "anonymous");
const ORIGIN = fc.constantFrom<Origin>("ok", "ok", "ok", "ok", "evil", "none");

describe("bad input on the social post screens' form actions", () => {
  it("the list names exactly these screens' routes", () => {
    expect([...SOCIAL_POST_ROUTES].sort()).toEqual(Object.keys(VALID).sort());
  });

  it("the owner's valid forms are taken (so breaking them tests something)", async () => {
    const a = await send("/content-calendar", "owner", "data", "ok", {
      kind: "urlencoded",
      entries: VALID["/content-calendar"][1] as Entry[],
    });
    check("/content-calendar", "owner", "ok", a);
    expect(a.status, a.where).toBe(200);
    expect(changedPosts(a).map(([id]) => id)).toEqual([world.vars["agendado-2"]]);
    const b = await send("/rascunhos", "staff", "document", "ok", { kind: "urlencoded", entries: VALID["/rascunhos"][0] as Entry[] });
    check("/rascunhos", "staff", "ok", b);
    expect(
      changedPosts(b).map(([id]) => id),
      b.where,
    ).toEqual([world.vars["rascunho-staff"]]);
    // The art is rendered and stored (R2 only: no row changes).
    const c = await send("/gerar-postagem", "owner", "data", "ok", {
      kind: "urlencoded",
      entries: VALID["/gerar-postagem"][0] as Entry[],
    });
    check("/gerar-postagem", "owner", "ok", c);
    expect(c.status, c.where).toBe(200);
    expect(changedTables(c.before, c.after), c.where).toEqual([]);
  });

  for (const route of SOCIAL_POST_ROUTES) {
    it(`${route}: nunca 5xx, mensagens em pt-BR, só muda o que a permissão e a validação aceitam`, { timeout: 120_000 }, async () => {
      const bodies = bodiesOf(fuzzForms({ valid: VALID[route], keys: KEYS, valueFor }));
      await fc.assert(
        fc.asyncProperty(WHO, transports, ORIGIN, bodies, async (who, transport, origin, body) => {
          const a = await send(route, who, transport, origin, body);
          check(route, who, origin, a);
          if (changedPosts(a).length) saved[route]++;
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      // How many inputs the oracle saw accepted (state drifts as runs move the fixtures: not asserted).
      console.info(`${route}: ${saved[route]} of ${RUNS} runs changed a post`);
    });
  }
});
