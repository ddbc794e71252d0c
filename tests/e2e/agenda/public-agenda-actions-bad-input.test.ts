/**
 * Bad input, property-based, on the public agenda pages' form actions (PUBLIC_AGENDA_ROUTES in
 * support/form-fuzz.ts, which the account file's "fuzzed by no file" check also reads): the
 * booking page /agendar/{slug} and the client's appointment link /agendamento/{token} (ADR 062).
 *
 * Their valid forms with fields broken, dropped, repeated or joined by strangers, or random
 * fields, urlencoded, multipart and raw, as a document request and as `.data`, from the
 * signed-out visitor mostly, a member and a user without an organização, each request from its
 * own client IP, now and then with a wrong Origin; as `.data` (the pages ship no hydration data to
 * read a document answer's action data from, ADR 022; the same action runs).
 *
 * Every answer: no 5xx; a 4xx carries messages, all pt-BR; no redirect off the app; a wrong
 * Origin is a 403 that changes nothing. The database (every table but the rate-limit counters and
 * the job runner's volatile columns) changes only when the answer is a 200 that did something (a
 * booking with its link, or the link's action done), and then only in the tables that action owns
 * and only for the page's organização; a refusal (400, 404, 409, 413, 429) or the honeypot's
 * "booked" keeps nothing — a client made for a refused booking included.
 *
 * Reproduce a failure with AGENDA_FUZZ_SEED=<seed printed by fast-check>; AGENDA_FUZZ_RUNS=<n>.
 */
import { type Client, createClient } from "@libsql/client";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { holdCronDuringFile } from "../support/cron-hold.ts";
import { appointments, clients, organizations } from "../../../db/schema/index.ts";
import { addDays } from "../../../shared/ai/brazil-dates.ts";
import { DEFAULT_TIME_ZONE, dayIn, instantIn } from "../../../shared/time-zone.ts";
import { hashAppointmentLinkToken, newAppointmentLinkToken } from "../../../worker/services/agenda/appointment-link.ts";
import { digestOf, type SnapshotTable, snapshotLayout, tableAndForeignDigestSql, tableDigestSql } from "../../support/db-snapshot.ts";
import { e2eDb } from "../support/accounts.ts";
import { badString, HUGE, isPtBr } from "../support/bad-input.ts";
import {
  type Body,
  bodiesOf,
  changedTables,
  type Entry,
  encode,
  fuzzForms,
  isAppPath,
  PUBLIC_AGENDA_ROUTES,
  type PublicAgendaRoute,
  readOutcome,
  type Transport,
  type Value,
} from "../support/form-fuzz.ts";
import { createRegisteredUser, loginCookie } from "../support/accounts.ts";

const RUNS = Number(process.env.AGENDA_FUZZ_RUNS ?? 25);
const SEED = process.env.AGENDA_FUZZ_SEED ? Number(process.env.AGENDA_FUZZ_SEED) : undefined;
const base = () => inject("baseURL");
const SP = DEFAULT_TIME_ZONE;

type Who = "anonymous" | "member" | "noorg";
const principals = fc.constantFrom<Who>("anonymous", "anonymous", "anonymous", "member", "noorg");

/** What a done action may write (the page's organização only). */
const WRITES: Record<PublicAgendaRoute, readonly string[]> = {
  "/agendar/:slug": [
    "clients",
    "client_keys",
    "appointments",
    "appointment_services",
    "appointment_keys",
    "record_counts",
    "record_totals",
    "email_outbox",
    "job_runs",
  ],
  "/agendamento/:token": ["appointments", "appointment_keys", "record_totals", "email_outbox", "job_runs"],
};

const CONTACT: Entry[] = [
  ["nome", "Clara Fuzz"],
  ["whatsapp", "(11) 98765-4321"],
  ["email", "@@email@@"],
  ["website", ""],
];
const VALID: Record<PublicAgendaRoute, Entry[][]> = {
  "/agendar/:slug": [
    [["servico", "@@servico@@"], ["profissional", "qualquer"], ["inicio", "@@inicio@@"], ...CONTACT],
    [["servico", "@@servico@@"], ["profissional", "@@profissional@@"], ["inicio", "@@inicio2@@"], ...CONTACT],
  ],
  "/agendamento/:token": [
    [["acao", "confirmar"]],
    [["acao", "cancelar"]],
    [
      ["acao", "remarcar"],
      ["inicio", "@@inicio3@@"],
    ],
  ],
};

const KEYS = ["servico", "profissional", "inicio", "nome", "whatsapp", "email", "website", "acao", "__proto__", ""] as const;
const VALUES: Partial<Record<(typeof KEYS)[number], readonly string[]>> = {
  servico: ["@@servico@@", "@@alheio@@", "nao-existe", "", "' OR '1'='1"],
  profissional: ["qualquer", "@@profissional@@", "@@alheio@@", "QUALQUER", ""],
  inicio: ["@@inicio@@", "@@inicio2@@", "@@inicio3@@", "0", "-1", "1e400", "NaN", "9".repeat(30), "amanhã"],
  nome: ["Clara Fuzz", "", "a", "x".repeat(121)],
  whatsapp: ["(11) 98765-4321", "11987654321", "123", "+55 (11) 3333-4444", ""],
  email: ["@@email@@", "nao-e-email", "", "a@b"],
  website: ["", "http://spam.example"],
  acao: ["confirmar", "cancelar", "remarcar", "apagar", "", "CANCELAR"],
};
function valueFor(key: string): fc.Arbitrary<Value> {
  const known = (Object.hasOwn(VALUES, key) ? VALUES[key as keyof typeof VALUES] : undefined) ?? ["@@servico@@", "x"];
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom<Value>(...known) },
    { weight: 1, arbitrary: badString },
    { weight: 1, arbitrary: fc.constant<Value>(HUGE) },
    { weight: 1, arbitrary: fc.constant<Value>(new File(["conteúdo"], "a.txt", { type: "text/plain" })) },
  );
}
const bodies = (route: PublicAgendaRoute): fc.Arbitrary<Body> => bodiesOf(fuzzForms({ valid: VALID[route], keys: KEYS, valueFor }));

type OriginKind = "ok" | "evil" | "none";
const origins = fc.oneof(
  { weight: 10, arbitrary: fc.constant<OriginKind>("ok") },
  { weight: 1, arbitrary: fc.constantFrom<OriginKind>("evil", "none") },
);

interface World {
  db: Client;
  orgId: string;
  slug: string;
  token: string;
  cookies: Record<Exclude<Who, "anonymous">, string>;
  vars: Record<string, string>;
}
let world: World;

// ---------------------------------------------------------------------------------------------
// Database snapshots (as the social fuzz files take them)

const SKIPPED_TABLES = new Set(["rate_limits", "__drizzle_migrations", "job_steps"]);
const VOLATILE_COLUMNS: Record<string, string[]> = {
  email_outbox: ["status", "error", "sent_at", "text", "html", "link"],
  job_runs: ["status", "attempt", "run_at", "lease_until", "last_error", "result", "updated_at", "finished_at"],
};
interface Snapshot {
  hashes: Record<string, string>;
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

let ipCounter = 0;
let emailCounter = 0;
const resolve = (value: string) =>
  value.replace(/@@([a-z0-9]+)@@/g, (whole, name: string) =>
    name === "email" ? `fuzz${++emailCounter}@exemplo.com.br` : (world.vars[name] ?? whole),
  );

/** A 200 that did something: a booking with its link, or the link's action done. */
function did(data: unknown): boolean {
  const d = data as { done?: { link?: unknown }; feito?: unknown } | undefined;
  return typeof d?.done?.link === "string" || typeof d?.feito === "string";
}

async function attempt(
  route: PublicAgendaRoute,
  who: Who,
  body: Body,
  transport: Transport,
  origin: OriginKind,
  stats: { runs: number; done: number },
) {
  ipCounter++;
  const encoded = await encode(body, resolve);
  const headers: Record<string, string> = { "cf-connecting-ip": `10.78.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}` };
  if (origin === "ok") headers.origin = base();
  else if (origin === "evil") headers.origin = "https://evil.example";
  if (encoded.contentType) headers["content-type"] = encoded.contentType;
  if (who !== "anonymous") headers.cookie = world.cookies[who];
  const path = route === "/agendar/:slug" ? `/agendar/${world.slug}` : `/agendamento/${world.token}`;
  const pathname = transport === "data" ? `${path}.data` : path;
  // Over the public forms' 16 kB cap (worker/http/body-limit.ts)?
  const big = (await new Response(encoded.body).arrayBuffer()).byteLength > 16 * 1024;
  const before = await snapshot();
  const res = await fetch(`${base()}${pathname}`, { method: "POST", redirect: "manual", headers, body: encoded.body });
  const outcome = await readOutcome(res, transport);
  const after = await snapshot();
  const where = `POST ${route} as ${who} origin=${origin} with ${encoded.label} → ${outcome.status} ${JSON.stringify(outcome.messages).slice(0, 300)}`;

  expect(outcome.status, `${where}: 5xx\n${outcome.snippet}`).toBeLessThan(500);
  if (outcome.status >= 400) expect(outcome.messages.length, `${where}: a refusal without a message`).toBeGreaterThan(0);
  for (const message of outcome.messages) expect(isPtBr(message), `${where}: ${JSON.stringify(message)} is not pt-BR`).toBe(true);
  if (outcome.redirect !== undefined) expect(isAppPath(outcome.redirect, base()), `${where}: redirected off the app`).toBe(true);
  // The body cap (16 kB here) answers before the Origin check; either way nothing is read.
  if (origin !== "ok") expect(big ? [403, 413] : [403], `${where}: a wrong Origin got through`).toContain(outcome.status);

  const done = origin === "ok" && outcome.status === 200 && did(outcome.data);
  const allowed = done ? WRITES[route] : [];
  expect(
    changedTables(before, after).filter((t) => !allowed.includes(t)),
    `${where}: changed what it may not`,
  ).toEqual([]);
  for (const [table, hash] of Object.entries(before.foreign))
    expect(after.foreign[table], `${where}: changed another organização's ${table}`).toBe(hash);
  stats.runs++;
  if (done) stats.done++;
}

// ---------------------------------------------------------------------------------------------

// The cron's jobs write to tables these snapshots compare: no tick between a request's two snapshots.
holdCronDuringFile();

beforeAll(async () => {
  const db = e2eDb();
  const owner = await createRegisteredUser({ name: "Fuzz Salão" });
  const noorg = await createRegisteredUser({ name: "Fuzz Sem Organização" });
  const client = createClient({ url: inject("e2eDatabaseUrl") });
  const orgId = String(
    (await client.execute({ sql: "SELECT org_id FROM memberships WHERE user_id = ?", args: [owner.id] })).rows[0]?.org_id,
  );
  // The user without an organização: their membership removed.
  await client.execute({ sql: "DELETE FROM memberships WHERE user_id = ?", args: [noorg.id] });
  const foreign = crypto.randomUUID();
  const now = Date.now();
  await db.insert(organizations).values({
    id: foreign,
    name: "Outro Salão",
    segment: "servicos",
    city: "Campinas",
    uf: "SP",
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
  const week = JSON.stringify(Array.from({ length: 7 }, () => [{ start: "08:00", end: "20:00" }]));
  const [servico, profissional, alheio] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const slug = `fuzz-salao-${crypto.randomUUID().slice(0, 6)}`;
  const content = JSON.stringify({ slug, titulo: "Salão do Fuzz", corPrimaria: "#0f766e", destaques: [] });
  const statements = [
    { sql: "INSERT INTO business_hours (org_id, weekly, closed_on_national_holidays) VALUES (?, ?, 0)", args: [orgId, week] },
    {
      sql: "INSERT INTO business_settings (org_id, online_booking_enabled, online_booking_status) VALUES (?, 1, 'pendente')",
      args: [orgId],
    },
    {
      sql: "INSERT INTO services (id, org_id, name, sort_name, category, duration_min, price_cents, created_at, updated_at) VALUES (?, ?, 'Corte fuzz', 'corte fuzz', 'Cabelo', 60, 5000, ?, ?)",
      args: [servico, orgId, now, now],
    },
    {
      sql: "INSERT INTO professionals (id, org_id, name, sort_name, color, weekly, created_at, updated_at) VALUES (?, ?, 'Ana Fuzz', 'ana fuzz', '#2563eb', ?, ?, ?)",
      args: [profissional, orgId, week, now, now],
    },
    {
      sql: "INSERT INTO professional_services (org_id, professional_id, service_id) VALUES (?, ?, ?)",
      args: [orgId, profissional, servico],
    },
    {
      sql: "INSERT INTO services (id, org_id, name, sort_name, duration_min, price_cents, created_at, updated_at) VALUES (?, ?, 'Alheio', 'alheio', 30, 0, ?, ?)",
      args: [alheio, foreign, now, now],
    },
    {
      sql: "INSERT INTO landing_pages (org_id, slug, draft, published, published_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
      args: [orgId, slug, content, content, now, now],
    },
  ];
  for (const s of statements) await client.execute(s);
  // An appointment with a link (the one the link's actions act on), three days ahead at 15:00.
  const token = newAppointmentLinkToken();
  const clientId = crypto.randomUUID();
  const day = (n: number) => addDays(dayIn(now, SP), n);
  const at = (n: number, time: string) => String(instantIn(day(n), time, SP).getTime());
  await db.insert(clients).values({
    id: clientId,
    orgId,
    tipo: "pf",
    nome: "Cliente do Link",
    ordem: "cliente do link",
    criadoEm: new Date(now),
    atualizadoEm: new Date(now),
  });
  await db.insert(appointments).values({
    id: crypto.randomUUID(),
    orgId,
    clienteId: clientId,
    profissionalId: profissional,
    inicio: new Date(Number(at(3, "15:00"))),
    fim: new Date(Number(at(3, "16:00"))),
    status: "pendente",
    origem: "interno",
    ordem: "cliente do link",
    linkHash: await hashAppointmentLinkToken(token),
    criadoEm: new Date(now),
    atualizadoEm: new Date(now),
  });
  world = {
    db: client,
    orgId,
    slug,
    token,
    cookies: { member: await loginCookie(owner.email, owner.password), noorg: await loginCookie(noorg.email, noorg.password) },
    vars: { servico, profissional, alheio, inicio: at(2, "10:00"), inicio2: at(2, "11:00"), inicio3: at(4, "09:00") },
  };
});

afterAll(() => {
  world?.db.close();
});

describe("bad input on the public agenda pages' form actions", () => {
  it("the valid forms book and act (so the oracle judges real writes)", { timeout: 60_000 }, async () => {
    const stats = { runs: 0, done: 0 };
    for (const route of PUBLIC_AGENDA_ROUTES)
      for (const form of VALID[route]) await attempt(route, "anonymous", { kind: "urlencoded", entries: form }, "data", "ok", stats);
    // The two bookings and the link's confirm and reschedule (the cancel came after the confirm: both act).
    expect(stats.done).toBeGreaterThanOrEqual(4);
  });

  for (const route of PUBLIC_AGENDA_ROUTES) {
    it(`${route}: nunca 5xx, mensagens em pt-BR, recusas não guardam nada`, { timeout: 180_000 }, async () => {
      const stats = { runs: 0, done: 0 };
      await fc.assert(
        // `.data` only: the pages ship no hydration data (ADR 022), so a document answer has no action data to judge.
        fc.asyncProperty(bodies(route), principals, fc.constant<Transport>("data"), origins, async (body, who, transport, origin) => {
          await attempt(route, who, body, transport, origin, stats);
        }),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true },
      );
      expect(stats.runs, route).toBe(RUNS);
    });
  }
});
