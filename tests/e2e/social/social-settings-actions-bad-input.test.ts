/**
 * Bad input, property-based, on the social settings screens' form actions (SOCIAL_SETTINGS_ROUTES
 * in support/form-fuzz.ts, which the account file's "fuzzed by no file" check also reads): the
 * Meta connection screens (intents "facebook" / "instagram" start a login, "desconectar" ends a
 * connection), the choice of Pages, the organização's own Meta app (salvar / testar /
 * plataforma) and the test post (teste / publicar). ADRs 048 and 050.
 *
 * As the account file does: each intent's own form (what its <Form> posts) with fields broken,
 * dropped, repeated or joined by strangers, or random fields, urlencoded, multipart and raw, as a
 * document request and as `.data`, from the owner, an admin, a staff member, a professional, a
 * user without an organização and the signed-out visitor, each request from its own client IP,
 * now and then with a wrong Origin.
 *
 * Every answer: no 5xx; a 4xx carries messages, all pt-BR; redirects stay on the app, except the
 * connect intents' redirect to Meta's dialog (the stand-in's, in e2e), and only for managers with
 * the right Origin. The database (content hash of every table but the rate-limit counters and the
 * job runner's volatile columns) is unchanged unless a manager sent an intent that may write, and
 * then only in the tables that intent owns; nobody else (staff, professional, no organização,
 * signed out) changes anything on these manager-only screens, and no request ever changes a row
 * of another organização.
 *
 * Reproduce a failure with SOCIAL_FUZZ_SEED=<seed printed by fast-check>; SOCIAL_FUZZ_RUNS=<n>
 * runs more per route (the default keeps the file well under two minutes).
 */
import { type Client, createClient } from "@libsql/client";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { holdCronDuringFile } from "../support/cron-hold.ts";
import { memberships, organizations, users } from "../../../db/schema/index.ts";
import type { Role } from "../../../db/schema/organizations.ts";
import { hashPassword, TEST_PASSWORD_PARAMS } from "../../../worker/auth/password.ts";
import { createSession } from "../../../worker/auth/sessions.ts";
import { digestOf, type SnapshotTable, snapshotLayout, tableAndForeignDigestSql, tableDigestSql } from "../../support/db-snapshot.ts";
import { e2eDb, uniqueEmail } from "../support/accounts.ts";
import { badString, HUGE, isPtBr } from "../support/bad-input.ts";
import {
  type Body,
  bodiesOf,
  changedTables,
  type Entry,
  encode,
  fuzzForms,
  isAppPath,
  readOutcome,
  SOCIAL_SETTINGS_ROUTES,
  type SocialSettingsRoute,
  serverView,
  type Transport,
  transports,
  type Value,
} from "../support/form-fuzz.ts";

const RUNS = Number(process.env.SOCIAL_FUZZ_RUNS ?? 15);
const SEED = process.env.SOCIAL_FUZZ_SEED ? Number(process.env.SOCIAL_FUZZ_SEED) : undefined;
const base = () => inject("baseURL");

type Who = "owner" | "admin" | "staff" | "professional" | "noorg" | "anonymous";
const MANAGERS: ReadonlySet<Who> = new Set(["owner", "admin"]);
/** Managers twice as often: only they get past the guard to the forms' own checks. */
const principals = fc.constantFrom<Who>("owner", "owner", "admin", "admin", "staff", "professional", "noorg", "anonymous");

// ---------------------------------------------------------------------------------------------
// Each route's forms, and the tables each intent may write (for a manager)

interface RouteFuzz {
  valid: Entry[][];
  /** Tables a manager's request may change, by the intent it sent (`""`: a route without intents). */
  writes: (intent: string) => readonly string[];
  /** Intents whose answer may be a redirect to Meta's dialog. */
  connects?: readonly string[];
}

const CONNECT_FORMS: Entry[][] = [
  [
    ["intent", "facebook"],
    ["next", "/facebook-pages"],
  ],
  [
    ["intent", "instagram"],
    ["next", "/setup-instagram"],
  ],
  [["intent", "facebook"]],
  [
    ["intent", "desconectar"],
    ["conexao", "@@conexao@@"],
    ["confirmar", "1"],
  ],
  // The confirmation left unticked (its `required` needs no JavaScript to be skipped: an old browser).
  [
    ["intent", "desconectar"],
    ["conexao", "@@conexao@@"],
  ],
];
/** A connection screen: connecting only sets a sealed cookie; disconnecting ends one of ours. */
const CONNECTION_SCREEN: RouteFuzz = {
  valid: CONNECT_FORMS,
  writes: (intent) => (intent === "desconectar" ? ["social_connections", "social_accounts"] : []),
  connects: ["facebook", "instagram"],
};

const ROUTES: Record<SocialSettingsRoute, RouteFuzz> = {
  "/social-connect-simple": CONNECTION_SCREEN,
  "/setup-instagram": CONNECTION_SCREEN,
  "/facebook-connection": CONNECTION_SCREEN,
  "/instagram-connection": CONNECTION_SCREEN,
  "/facebook-pages": {
    valid: [
      [
        ["pagina", "@@pagina@@"],
        ["instagram", "@@instagram@@"],
      ],
      [["pagina", "@@pagina@@"]],
      [],
    ],
    writes: () => ["social_connections", "social_accounts"],
  },
  "/admin/social-credentials": {
    valid: [
      [
        ["intent", "salvar"],
        ["appId", "123456789012345"],
        ["appSecret", "segredo-do-app-0123456789abcdef"],
        ["verifyToken", "token-de-verificacao-1"],
      ],
      [
        ["intent", "salvar"],
        ["appId", "123456789012345"],
        ["appSecret", ""],
        ["verifyToken", ""],
      ],
      [["intent", "testar"]],
      [
        ["intent", "plataforma"],
        ["confirmar", "1"],
      ],
      [["intent", "plataforma"]],
    ],
    // "testar" records when and what Meta answered on the same row.
    writes: (intent) => (["salvar", "testar", "plataforma"].includes(intent) ? ["social_app_credentials"] : []),
  },
  "/test-posting": {
    valid: [
      [
        ["intent", "teste"],
        ["conta", "@@conta@@"],
      ],
      [
        ["intent", "publicar"],
        ["conta", "@@conta@@"],
        ["confirmar", "1"],
      ],
      [
        ["intent", "publicar"],
        ["conta", "@@conta@@"],
      ],
    ],
    // Only its own rate-limit counters (not hashed): no post, no target, no attempt is saved.
    writes: () => [],
  },
};

const KEYS = [
  "intent",
  "next",
  "conexao",
  "confirmar",
  "pagina",
  "instagram",
  "appId",
  "appSecret",
  "verifyToken",
  "conta",
  "__proto__",
  "",
] as const;
const GARBAGE_IDS = ["nao-existe", "0", "-1", "' OR '1'='1", "🙂", "a".repeat(65), "null", "@@alheio@@"];
const VALUES: Partial<Record<(typeof KEYS)[number], readonly string[]>> = {
  intent: [
    "facebook",
    "instagram",
    "desconectar",
    "salvar",
    "testar",
    "plataforma",
    "teste",
    "publicar",
    "",
    "FACEBOOK",
    " salvar",
    "__proto__",
  ],
  next: ["/facebook-pages", "/setup-instagram", "https://evil.example/", "//evil.example", "javascript:alert(1)", "/\\evil.example", ""],
  confirmar: ["1", "0", "on", "", "true"],
  appId: ["123456789012345", "demo_app", "12", "abc", " 123456789012345 ", "9".repeat(21)],
  appSecret: ["segredo-do-app-0123456789abcdef", "curto", "com espaço no meio", "x".repeat(129)],
  verifyToken: ["token-de-verificacao-1", "curto", "com espaços aqui dentro", "x".repeat(201)],
};
function valueFor(key: string): fc.Arbitrary<Value> {
  // Own keys only: "__proto__" is one of the fuzzed field names.
  const known = (Object.hasOwn(VALUES, key) ? VALUES[key as keyof typeof VALUES] : undefined) ?? [
    "@@conexao@@",
    "@@pagina@@",
    "@@instagram@@",
    "@@conta@@",
    ...GARBAGE_IDS,
  ];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom<Value>(...known) },
    { weight: 1, arbitrary: badString },
    { weight: 1, arbitrary: fc.constant<Value>(HUGE) },
    { weight: 1, arbitrary: fc.constant<Value>(new File(["conteúdo"], "a.txt", { type: "text/plain" })) },
  );
}

const bodies = (route: SocialSettingsRoute): fc.Arbitrary<Body> =>
  bodiesOf(fuzzForms({ valid: ROUTES[route].valid, keys: KEYS, valueFor }));

/** The stand-in's login dialogs (Facebook Login and Instagram Login), by the intent that opens them. */
const META_DIALOGS: Record<string, RegExp> = {
  facebook: /^\/facebook\/v[\d.]+\/dialog\/oauth$/,
  instagram: /^\/instagram\/oauth\/authorize$/,
};

/** True when `target` is the stand-in's dialog that `intent` opens. */
function toMetaDialog(target: string, intent: string): boolean {
  const dialog = Object.hasOwn(META_DIALOGS, intent) ? META_DIALOGS[intent] : undefined;
  try {
    const url = new URL(target);
    return dialog !== undefined && url.origin === new URL(inject("metaStandinUrl")).origin && dialog.test(url.pathname);
  } catch {
    return false;
  }
}

type OriginKind = "ok" | "evil" | "none";
const origins = fc.oneof(
  { weight: 10, arbitrary: fc.constant<OriginKind>("ok") },
  { weight: 1, arbitrary: fc.constantFrom<OriginKind>("evil", "none") },
);

// ---------------------------------------------------------------------------------------------
// The world: one organização with its four roles, a user without one, and another organização

interface Person {
  id: string;
  cookie: string;
}
interface World {
  db: Client;
  orgId: string;
  foreignOrgId: string;
  people: Record<Exclude<Who, "anonymous">, Person>;
  vars: Record<string, string>;
}
let world: World;

async function addOrg(name: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await e2eDb().insert(organizations).values({ id, name, segment: "corretor", city: "Campinas", uf: "SP", createdAt: now, updatedAt: now });
  return id;
}

async function addPerson(label: string, orgId?: string, role?: Role): Promise<Person> {
  const id = crypto.randomUUID();
  const now = new Date();
  const db = e2eDb();
  await db.insert(users).values({
    id,
    name: `Pessoa ${label}`,
    email: uniqueEmail(label),
    passwordHash: hashPassword("senha-forte-123", TEST_PASSWORD_PARAMS),
    emailVerifiedAt: now,
    termsAcceptedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  if (orgId) await db.insert(memberships).values({ orgId, userId: id, role: role ?? "staff", createdAt: now, updatedAt: now });
  const { token } = await createSession(db, id, { ip: "10.0.0.1", userAgent: "vitest (fuzzing)" });
  return { id, cookie: `alicerce_session=${token}` };
}

// ---------------------------------------------------------------------------------------------
// Database snapshots

/** Counters that change on any attempt by design; the job runner's memoized steps and progress. */
const SKIPPED_TABLES = new Set(["rate_limits", "__drizzle_migrations", "job_steps"]);
const VOLATILE_COLUMNS: Record<string, string[]> = {
  email_outbox: ["status", "error", "sent_at", "text", "html", "link"],
  job_runs: ["status", "attempt", "run_at", "lease_until", "last_error", "result", "updated_at", "finished_at"],
};

interface Snapshot {
  hashes: Record<string, string>;
  /** Per table with an org_id: the hash of the rows of every organização but ours. */
  foreign: Record<string, string>;
}

let layout: SnapshotTable[] = [];
/** Every table hashed in the database (one text each, not every cell as an object), in one read batch. */
async function snapshot(): Promise<Snapshot> {
  const db = world.db;
  if (!layout.length) layout = await snapshotLayout(db, SKIPPED_TABLES, VOLATILE_COLUMNS);
  const results = await db.batch(
    layout.map((t) => (t.orgScoped ? { sql: tableAndForeignDigestSql(t), args: [world.orgId] } : tableDigestSql(t))),
    "read",
  );
  const hashes: Record<string, string> = {};
  const foreign: Record<string, string> = {};
  layout.forEach(({ table, orgScoped }, i) => {
    const row = results[i]?.rows[0] as { body?: unknown; foreign?: unknown } | undefined;
    hashes[table] = digestOf(row);
    if (orgScoped) foreign[table] = digestOf({ body: row?.foreign });
  });
  return { hashes, foreign };
}

// ---------------------------------------------------------------------------------------------
// One request, and what every answer must be

let ipCounter = 0;
const resolve = (value: string) => value.replace(/@@([a-z]+)@@/g, (whole, name: string) => world.vars[name] ?? whole);

interface Stats {
  runs: number;
  exercised: number;
}

async function attempt(route: SocialSettingsRoute, who: Who, body: Body, transport: Transport, origin: OriginKind, stats: Stats) {
  const spec = ROUTES[route];
  ipCounter++;
  const encoded = await encode(body, resolve);
  const form = await serverView(encoded);
  const intent = typeof form?.get("intent") === "string" ? String(form?.get("intent")) : "";
  const headers: Record<string, string> = { "cf-connecting-ip": `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}` };
  if (origin === "ok") headers.origin = base();
  else if (origin === "evil") headers.origin = "https://evil.example";
  if (encoded.contentType) headers["content-type"] = encoded.contentType;
  if (who !== "anonymous") headers.cookie = world.people[who].cookie;
  const pathname = transport === "data" ? `${route}.data` : route;
  const before = await snapshot();
  const res = await fetch(`${base()}${pathname}`, { method: "POST", redirect: "manual", headers, body: encoded.body });
  const outcome = await readOutcome(res, transport);
  const after = await snapshot();
  const where = `POST ${pathname} as ${who} origin=${origin} with ${encoded.label} → ${outcome.status} ${JSON.stringify(outcome.messages).slice(0, 300)} ${outcome.redirect ?? ""}`;

  expect(outcome.status, `${where}: 5xx\n${outcome.snippet}`).toBeLessThan(500);
  if (outcome.status >= 400) expect(outcome.messages.length, `${where}: a refusal without a message`).toBeGreaterThan(0);
  for (const message of outcome.messages) expect(isPtBr(message), `${where}: ${JSON.stringify(message)} is not pt-BR`).toBe(true);

  const manager = MANAGERS.has(who) && origin === "ok";
  if (outcome.redirect !== undefined && !isAppPath(outcome.redirect, base())) {
    const toMeta = toMetaDialog(outcome.redirect, intent);
    expect(toMeta && manager && (spec.connects ?? []).includes(intent), `${where}: redirected off the app`).toBe(true);
  }
  if (origin !== "ok") expect(outcome.status, `${where}: a wrong Origin got through`).toBe(403);

  const allowed = manager ? spec.writes(intent) : [];
  expect(
    changedTables(before, after).filter((t) => !allowed.includes(t)),
    `${where}: changed what it may not`,
  ).toEqual([]);
  for (const [table, hash] of Object.entries(before.foreign))
    expect(after.foreign[table], `${where}: changed another organização's ${table}`).toBe(hash);

  stats.runs++;
  if (manager) stats.exercised++;
}

// ---------------------------------------------------------------------------------------------

// The cron's jobs write to tables these snapshots compare: no tick between a request's two snapshots.
holdCronDuringFile();

beforeAll(async () => {
  world = { db: createClient({ url: inject("e2eDatabaseUrl") }) } as World;
  world.orgId = await addOrg("Carvalho Imóveis Social");
  world.foreignOrgId = await addOrg("Outra Imobiliária Social");
  const org = world.orgId;
  world.people = {
    owner: await addPerson("social-dono", org, "owner"),
    admin: await addPerson("social-admin", org, "admin"),
    staff: await addPerson("social-equipe", org, "staff"),
    professional: await addPerson("social-profissional", org, "professional"),
    noorg: await addPerson("social-sem-organizacao"),
  };
  await addPerson("social-estranho", world.foreignOrgId, "owner");
  // Ids a form could carry: garbage ones (nothing of ours is connected) and another organização's.
  const now = Date.now();
  await world.db.execute({
    sql: "INSERT INTO social_app_credentials (org_id, app_id, updated_at) VALUES (?, ?, ?)",
    args: [world.foreignOrgId, "987654321098765", now],
  });
  world.vars = {
    conexao: crypto.randomUUID(),
    pagina: "demo_page_1",
    instagram: "demo_ig_1",
    conta: crypto.randomUUID(),
    alheio: world.foreignOrgId,
  };
});

afterAll(() => {
  world?.db.close();
});

describe("bad input on the social settings screens' form actions", () => {
  it("each route's valid forms: managers may write what the intent owns, the others change nothing", { timeout: 60_000 }, async () => {
    const stats: Stats = { runs: 0, exercised: 0 };
    for (const route of SOCIAL_SETTINGS_ROUTES)
      for (const form of ROUTES[route].valid)
        for (const who of ["owner", "staff", "anonymous"] as const)
          await attempt(route, who, { kind: "urlencoded", entries: form }, "data", "ok", stats);
    // The owner's save reaches the table the oracle lets it write (so that oracle judges real writes).
    const save = ROUTES["/admin/social-credentials"].valid[0] as Entry[];
    await attempt("/admin/social-credentials", "owner", { kind: "urlencoded", entries: save }, "document", "ok", stats);
    const row = await world.db.execute({ sql: "SELECT app_id FROM social_app_credentials WHERE org_id = ?", args: [world.orgId] });
    expect(row.rows[0]?.app_id).toBe("123456789012345");
  });

  for (const route of SOCIAL_SETTINGS_ROUTES) {
    it(`${route}: nunca 5xx, mensagens em pt-BR, só gestores mudam só o que a intenção permite`, { timeout: 120_000 }, async () => {
      const stats: Stats = { runs: 0, exercised: 0 };
      await fc.assert(
        fc.asyncProperty(bodies(route), principals, transports, origins, async (body, who, transport, origin) => {
          await attempt(route, who, body, transport, origin, stats);
        }),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true },
      );
      expect(stats.runs, route).toBe(RUNS);
    });
  }
});
