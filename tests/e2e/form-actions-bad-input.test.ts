/**
 * Bad input, property-based, on the React Router form actions of Clientes and Empresas — what a
 * browser form posts, as tests/api/bad-input.test.ts does for the JSON API. Routes are enumerated
 * from app/routes.ts and the route modules' `action` exports: a route with an action that neither
 * this file nor tests/e2e/account-actions-bad-input.test.ts (the account screens, listed in
 * NOT_FUZZED_HERE) fuzzes fails the test until it is added to one of them.
 *
 * As the signed-in owner (sometimes a read-only professional, sometimes nobody), with the right
 * Origin, each action gets fast-check-generated `application/x-www-form-urlencoded` and
 * `multipart/form-data` bodies (and a few broken ones: bad multipart, text/plain, JSON) — a valid
 * sample with fields broken, dropped, repeated or joined by strangers, or random fields: wrong
 * types, 100k-character strings, unicode, SQL/HTML fragments, bad CPF/CNPJ/CEP/phones, absurd
 * numbers and dates, unknown `intent`s, other organizations' ids, open redirects, files where
 * text belongs — both as a document request (no JavaScript) and as the `.data` request the
 * hydrated app sends. Each answer must be:
 *
 * - never a 5xx; a 4xx carries at least one message, and every message the action returned
 *   (field errors, form errors, thrown error pages) reads as pt-BR;
 * - a redirect only to a path on the app;
 * - with the database unchanged (content hash of every table but the rate-limit counters)
 *   unless the route's oracle below says the input may be saved — and even then only the
 *   record tables change, another organization's rows never do, a client is never linked to
 *   another organization's company, and the live counts stay right.
 *
 * Reproduce a failure with FORM_FUZZ_SEED=<seed printed by fast-check>; FORM_FUZZ_RUNS=<n>
 * runs more (default keeps the file under a minute).
 */
import { createHash } from "node:crypto";
import { type Client, createClient } from "@libsql/client";
import fc from "fast-check";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { validateForm } from "../../shared/validation.ts";
import { clientDefinition } from "../../shared/resources/clients.ts";
import { companyDefinition } from "../../shared/resources/companies.ts";
import { memberships, users } from "../../db/schema/index.ts";
import { hashPassword } from "../../worker/auth/password.ts";
import { createRegisteredUser, e2eDb, loginCookie, uniqueEmail } from "./support/accounts.ts";
import { badString, HUGE, isPtBr } from "./support/bad-input.ts";
import {
  ACCOUNT_ROUTES,
  actionRoutes,
  type Body,
  bodiesOf,
  changedTables,
  type Entry,
  encode,
  fuzzForms,
  hashRows,
  isAppPath,
  isBig,
  readOutcome,
  serverView,
  transports,
  type Value,
} from "./support/form-fuzz.ts";

const RUNS = Number(process.env.FORM_FUZZ_RUNS ?? 15);
const SEED = process.env.FORM_FUZZ_SEED ? Number(process.env.FORM_FUZZ_SEED) : undefined;
const base = () => inject("baseURL");

// ---------------------------------------------------------------------------------------------
// The routes

type Resource = "clients" | "companies";
type Kind = "list" | "create" | "detail" | "edit" | "import";
interface RouteSpec {
  resource: Resource;
  kind: Kind;
}

/** Every clients/companies route whose module exports an `action`. */
const FUZZED: Record<string, RouteSpec> = {
  "/clients": { resource: "clients", kind: "list" },
  "/clientes": { resource: "clients", kind: "list" },
  "/clients/create": { resource: "clients", kind: "create" },
  "/clients/import": { resource: "clients", kind: "import" },
  "/clients/:id": { resource: "clients", kind: "detail" },
  "/clients/:id/edit": { resource: "clients", kind: "edit" },
  "/companies": { resource: "companies", kind: "list" },
  "/companies/create": { resource: "companies", kind: "create" },
  "/companies/import": { resource: "companies", kind: "import" },
  "/companies/:id": { resource: "companies", kind: "detail" },
  "/companies/:id/edit": { resource: "companies", kind: "edit" },
};

/**
 * Routes with an action that are not records: each is fuzzed by the file named here. Listed so a
 * new route has to be placed on purpose (in FUZZED, or in another fuzzer and here).
 */
const NOT_FUZZED_HERE: Record<string, string> = Object.fromEntries(
  ACCOUNT_ROUTES.map((route) => [route, "tests/e2e/account-actions-bad-input.test.ts"]),
);

const DEFS: Record<Resource, { schema: z.ZodType<unknown, unknown>; fields: readonly { name: string }[] }> = {
  clients: clientDefinition,
  companies: companyDefinition,
};

// ---------------------------------------------------------------------------------------------
// Valid forms (what the app's own forms post) and the values that break them

/** Placeholders for ids known only at run time (records are recreated when a run erases one). */
const OWN = { clients: "@@own-client@@", companies: "@@own-company@@" } as const;
const FOREIGN = { clients: "@@foreign-client@@", companies: "@@foreign-company@@" } as const;

const SAMPLE_FORMS: Record<Resource, Entry[]> = {
  clients: [
    ["tipo", "pf"],
    ["nome", "Maria Aparecida Souza"],
    ["documento", "529.982.247-25"],
    ["aniversario", "1985-04-12"],
    ["empresaId", ""],
    ["email", "maria.souza@exemplo.com.br"],
    ["telefones.0.numero", "(11) 91234-5678"],
    ["telefones.0.rotulo", "Celular"],
    ["telefones.0.whatsapp", "on"],
    ["cep", "01310-100"],
    ["rua", "Avenida Paulista"],
    ["numero", "1000"],
    ["complemento", "Apto 12"],
    ["bairro", "Bela Vista"],
    ["cidade", "São Paulo"],
    ["uf", "SP"],
    ["origem", "instagram"],
    ["tags", "vip, investidor"],
    ["observacoes", "Prefere contato à tarde."],
    ["consentimentoLgpd", "on"],
  ],
  companies: [
    ["tipo", "construtora"],
    ["cnpj", "11.222.333/0001-81"],
    ["razaoSocial", "Construtora Horizonte Ltda."],
    ["nomeFantasia", "Horizonte"],
    ["inscricaoEstadual", "123.456.789.110"],
    ["email", "contato@horizonte.com.br"],
    ["telefone", "(11) 3333-4444"],
    ["site", "horizonte.com.br"],
    ["cep", "05422-030"],
    ["rua", "Rua dos Pinheiros"],
    ["numero", "10"],
    ["complemento", ""],
    ["bairro", "Pinheiros"],
    ["cidade", "São Paulo"],
    ["uf", "SP"],
    ["observacoes", "Obra em andamento."],
  ],
};

const VALID_CSV: Record<Resource, string> = {
  clients: "Nome;E-mail;Telefone\r\nFulana Importada;fulana@exemplo.com.br;(21) 99876-5432\r\n",
  companies: "Tipo;Razão social;CNPJ\r\nFornecedor;Fornecedora Importada Ltda;\r\n",
};

const CSVS = [
  "",
  "Nome\r\n",
  "Nome;E-mail\r\nSem E-mail Válido;isto-nao-e-email\r\n",
  "\uFEFFNome;CPF/CNPJ;E-mail\r\n;;;;;;\r\n",
  'Nome;Observações\r\n"Aspas abertas;x\r\n',
  'Nome;Tipo\r\n=HYPERLINK("http://evil");pf\r\n',
  "Razão social;Tipo\r\nConstrutora Sem Tipo Válido;nave espacial\r\n",
  `Nome\r\n${"Ana Longa ".repeat(30)}\r\n`,
  "Coluna Desconhecida;Outra\r\na;b\r\n",
  "Nome,E-mail\nVírgula Separada,virgula@exemplo.com\n",
  HUGE,
  "\u0000\u0001\u0002",
];

/** Over the 5 MB upload limit (built once, only when a run picks it). */
let bigCsv: File | undefined;
const bigFile = () => {
  bigCsv ??= new File([`Nome\r\n${"Pessoa Grande\r\n".repeat(470_000)}`], "grande.csv", { type: "text/csv" });
  return bigCsv;
};

const files: fc.Arbitrary<File> = fc.oneof(
  fc.constantFrom(...CSVS, ...Object.values(VALID_CSV)).map((csv) => new File([csv], "clientes.csv", { type: "text/csv" })),
  fc.constant(null).map(() => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0xff, 0xfe, 0x00])], "foto.png", { type: "image/png" })),
  // Windows-1252 (Excel pt-BR): "José" with 0xE9.
  fc.constant(null).map(() => new File([new Uint8Array([0x4e, 0x6f, 0x6d, 0x65, 0x0d, 0x0a, 0x4a, 0x6f, 0x73, 0xe9])], "excel.csv")),
  fc.constant(null).map(() => new File([], "")),
  fc
    .constantFrom("../../etc/passwd", `${"x".repeat(1000)}.csv`, "<script>.csv", "nome\u0000.csv")
    .map((name) => new File(["Nome\r\nA B\r\n"], name)),
  fc.constant(null).map(bigFile),
);

const INTENTS = ["excluir", "restaurar", "apagar", "previa", "importar", "EXCLUIR", " excluir", "delete", "__proto__", "toString", ""];
const REDIRECTS = [
  "//evil.example",
  "https://evil.example/x",
  "/\\evil.example",
  "/\t/evil.example",
  "javascript:alert(1)",
  "%2F%2Fevil.example",
  "/clients?page=999999999999",
  "/companies",
];
const CONFIRMATIONS = ["APAGAR", " apagar ", "APAGAR\u0000", "ＡＰＡＧＡＲ", "APAGAR APAGAR", "apagar"];
const GARBAGE_IDS = ["nao-existe", "0", "-1", "' OR '1'='1", "..%2F..%2Fetc%2Fpasswd", "🙂", "a".repeat(65), "x".repeat(5000), "null"];

function idValues(resource: Resource): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(OWN[resource], FOREIGN[resource], FOREIGN.clients, FOREIGN.companies, OWN.clients) },
    { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_IDS) },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

/** What a field may carry; the known fields get their own kind of trouble. */
function valueFor(key: string, spec: RouteSpec): fc.Arbitrary<Value> {
  const text = (own: fc.Arbitrary<string>) => fc.oneof({ weight: 3, arbitrary: own }, { weight: 2, arbitrary: badString });
  switch (key) {
    case "intent":
      return text(fc.constantFrom(...INTENTS));
    case "ids":
    case "empresaId":
      return text(idValues(key === "empresaId" ? "companies" : spec.resource));
    case "redirectTo":
      return text(fc.constantFrom(...REDIRECTS));
    case "confirmacao":
      return text(fc.constantFrom(...CONFIRMATIONS));
    case "modo":
      return text(fc.constantFrom("all", "valid-only", "VALID-ONLY"));
    case "csv":
      return text(fc.constantFrom(...CSVS, VALID_CSV[spec.resource]));
    case "arquivo":
      return fc.oneof({ weight: 3, arbitrary: files }, { weight: 1, arbitrary: badString });
    case "confirmarDuplicado":
      return text(fc.constantFrom("1", "true", "0"));
    default:
      return fc.oneof({ weight: 6, arbitrary: badString }, { weight: 1, arbitrary: files });
  }
}

const HOSTILE_KEYS = [
  "intent",
  "ids",
  "redirectTo",
  "confirmacao",
  "confirmarDuplicado",
  "csv",
  "modo",
  "arquivo",
  "arquivoNome",
  "__proto__",
  "constructor",
  "prototype",
  "telefones",
  "telefones.0.numero",
  "telefones.99.numero",
  "telefones.-1.numero",
  "telefones.__proto__.numero",
  "telefones.0.__proto__",
  "a.b.c",
  "orgId",
  "org_id",
  "id",
  "createdBy",
  "deletedAt",
  "_data",
  "index",
];

function keysFor(spec: RouteSpec): string[] {
  const def = DEFS[spec.resource];
  return [...new Set([...def.fields.map((f) => f.name), ...SAMPLE_FORMS[spec.resource].map(([k]) => k), ...HOSTILE_KEYS])];
}

/** The valid forms each kind of route receives from the app's own pages. */
function validForms(spec: RouteSpec): Entry[][] {
  const { resource, kind } = spec;
  switch (kind) {
    case "create":
    case "edit":
      return [SAMPLE_FORMS[resource], [...SAMPLE_FORMS[resource], ["confirmarDuplicado", "1"]]];
    case "list":
      return [
        [
          ["intent", "excluir"],
          ["ids", OWN[resource]],
          ["redirectTo", `/${resource}?q=x`],
        ],
        [
          ["intent", "restaurar"],
          ["ids", OWN[resource]],
          ["redirectTo", `/${resource}/${OWN[resource]}`],
        ],
      ];
    case "detail":
      return resource === "clients"
        ? [
            [["intent", "excluir"]],
            [
              ["intent", "apagar"],
              ["confirmacao", "APAGAR"],
            ],
          ]
        : [[["intent", "excluir"]]];
    case "import":
      return [
        [
          ["intent", "previa"],
          ["arquivo", new File([VALID_CSV[resource]], "importar.csv", { type: "text/csv" })],
        ],
        [
          ["intent", "importar"],
          ["csv", VALID_CSV[resource]],
          ["arquivoNome", "importar.csv"],
          ["modo", "valid-only"],
        ],
      ];
  }
}

function bodies(spec: RouteSpec): fc.Arbitrary<Body> {
  return bodiesOf(fuzzForms({ valid: validForms(spec), keys: keysFor(spec), valueFor: (key) => valueFor(key, spec) }));
}

type Who = "owner" | "professional" | "anonymous";
const principals = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Who>("owner") },
  { weight: 1, arbitrary: fc.constant<Who>("professional") },
  { weight: 1, arbitrary: fc.constant<Who>("anonymous") },
);

// ---------------------------------------------------------------------------------------------
// The app, the database, and who is who

interface World {
  db: Client;
  ownerCookie: string;
  proCookie: string;
  orgId: string;
  foreignOrgId: string;
  own: Record<Resource, string>;
  foreign: Record<Resource, string>;
}
let world: World;

function resolve(value: string): string {
  return value
    .replaceAll(OWN.clients, world.own.clients)
    .replaceAll(OWN.companies, world.own.companies)
    .replaceAll(FOREIGN.clients, world.foreign.clients)
    .replaceAll(FOREIGN.companies, world.foreign.companies);
}

async function orgOf(userId: string): Promise<string> {
  const r = await world.db.execute({ sql: "SELECT org_id FROM memberships WHERE user_id = ?", args: [userId] });
  return String(r.rows[0]?.org_id);
}

/** A record created through the app's own create form; its id from the redirect. */
async function createThroughApp(cookie: string, resource: Resource): Promise<string> {
  const res = await fetch(`${base()}/${resource}/create`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: base() },
    body: new URLSearchParams([...SAMPLE_FORMS[resource], ["confirmarDuplicado", "1"]] as [string, string][]),
  });
  const id = /^\/[a-z]+\/([0-9a-f-]{36})$/.exec(res.headers.get("location") ?? "")?.[1];
  if (res.status !== 302 || !id)
    throw new Error(`could not create a ${resource} sample: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return id;
}

/** The owner's sample records exist and are live again (a run may have deleted or erased them). */
async function revive(): Promise<boolean> {
  let changed = false;
  for (const resource of ["companies", "clients"] as const) {
    const r = await world.db.execute({ sql: `SELECT deleted_at FROM ${resource} WHERE id = ?`, args: [world.own[resource]] });
    if (!r.rows.length) {
      world.own[resource] = await createThroughApp(world.ownerCookie, resource);
      changed = true;
    } else if (r.rows[0]?.deleted_at !== null) {
      // "Desfazer", as the list's toast does it.
      const res = await fetch(`${base()}/${resource}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: world.ownerCookie, origin: base() },
        body: new URLSearchParams({ intent: "restaurar", ids: world.own[resource] }),
      });
      if (res.status !== 302) throw new Error(`could not restore the ${resource} sample: ${res.status}`);
      changed = true;
    }
  }
  return changed;
}

// ---------------------------------------------------------------------------------------------
// Database snapshots and invariants

/** Counters that change on any attempt by design. */
const VOLATILE_TABLES = new Set(["rate_limits", "__drizzle_migrations"]);
/** What saving, deleting, restoring, erasing and importing records may touch. */
const RECORD_TABLES = new Set(["clients", "companies", "client_keys", "company_keys", "record_counts"]);

interface Snapshot {
  hashes: Record<string, string>;
  /** Hash of everything the other organization owns. */
  foreign: string;
  /** Own clients linked to a company that is not the organization's. */
  crossLinks: number;
  /** record_counts vs. live rows, per resource, for both organizations. */
  counts: string[];
}

let tables: string[] = [];
async function snapshot(): Promise<Snapshot> {
  const db = world.db;
  if (!tables.length) {
    tables = (await db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")).rows
      .map((r) => String(r.name))
      .filter((t) => !VOLATILE_TABLES.has(t));
  }
  const org = world.orgId;
  const other = world.foreignOrgId;
  const results = await db.batch(
    [
      ...tables.map((t) => `SELECT * FROM "${t}"`),
      ...["clients", "companies", "client_keys", "company_keys", "record_counts"].map((t) => ({
        sql: `SELECT * FROM ${t} WHERE org_id = ?`,
        args: [other],
      })),
      {
        sql: "SELECT count(*) AS n FROM clients WHERE org_id = ? AND company_id IS NOT NULL AND company_id NOT IN (SELECT id FROM companies WHERE org_id = ?)",
        args: [org, org],
      },
      ...[org, other].flatMap((o) =>
        (["clients", "companies"] as const).map((t) => ({
          sql: `SELECT (SELECT count(*) FROM ${t} WHERE org_id = ? AND deleted_at IS NULL) AS live, (SELECT live FROM record_counts WHERE org_id = ? AND resource = '${t}') AS counted`,
          args: [o, o],
        })),
      ),
    ],
    "read",
  );
  const hashes: Record<string, string> = {};
  tables.forEach((t, i) => {
    hashes[t] = hashRows((results[i]?.rows ?? []) as unknown as Record<string, unknown>[]);
  });
  let i = tables.length;
  const foreign = createHash("sha256");
  for (let k = 0; k < 5; k++) foreign.update(hashRows((results[i++]?.rows ?? []) as unknown as Record<string, unknown>[]));
  const crossLinks = Number(results[i++]?.rows[0]?.n ?? 0);
  const counts: string[] = [];
  for (const o of ["own", "foreign"])
    for (const t of ["clients", "companies"]) {
      const row = results[i++]?.rows[0];
      const live = Number(row?.live ?? 0);
      const counted = row?.counted === null || row?.counted === undefined ? 0 : Number(row.counted);
      if (live !== counted) counts.push(`${o} ${t}: ${live} live, record_counts says ${counted}`);
    }
  return { hashes, foreign: foreign.digest("hex"), crossLinks, counts };
}

// ---------------------------------------------------------------------------------------------
// Oracles: may this input be saved?

const ID = /^[0-9A-Za-z-]{1,64}$/;

function mayChange(spec: RouteSpec, idKind: IdKind | undefined, form: FormData | null): boolean {
  if (!form) return false;
  const intent = form.get("intent");
  switch (spec.kind) {
    case "create":
      return validateForm(DEFS[spec.resource].schema, form).ok;
    case "edit":
      return idKind === "own" && validateForm(DEFS[spec.resource].schema, form).ok;
    case "list":
      return (intent === "excluir" || intent === "restaurar") && form.getAll("ids").some((v) => typeof v === "string" && ID.test(v));
    case "detail": {
      if (idKind !== "own") return false;
      if (intent === "excluir") return true;
      const confirmation = form.get("confirmacao");
      return (
        spec.resource === "clients" &&
        intent === "apagar" &&
        typeof confirmation === "string" &&
        confirmation.trim().toUpperCase() === "APAGAR"
      );
    }
    case "import": {
      const csv = form.get("csv");
      return intent === "importar" && typeof csv === "string" && csv.trim() !== "";
    }
  }
}

// ---------------------------------------------------------------------------------------------

type IdKind = "own" | "other";

interface Case {
  route: string;
  spec: RouteSpec;
  idKind?: IdKind;
}

const declared = actionRoutes();
const cases: Case[] = Object.entries(FUZZED).flatMap(([route, spec]) =>
  route.includes(":id") ? (["own", "other"] as const).map((idKind) => ({ route, spec, idKind })) : [{ route, spec }],
);

beforeAll(async () => {
  const db = createClient({ url: inject("e2eDatabaseUrl") });
  const owner = await createRegisteredUser({ name: "Dona Formulários" });
  const stranger = await createRegisteredUser({ name: "Outra Organização" });
  world = {
    db,
    ownerCookie: await loginCookie(owner.email, owner.password),
    proCookie: "",
    orgId: "",
    foreignOrgId: "",
    own: { clients: "", companies: "" },
    foreign: { clients: "", companies: "" },
  };
  world.orgId = await orgOf(owner.id);
  world.foreignOrgId = await orgOf(stranger.id);
  // A read-only professional of the same organization.
  const pro = { id: crypto.randomUUID(), email: uniqueEmail("profissional"), password: "senha-forte-123" };
  const now = new Date();
  const handle = e2eDb();
  await handle.batch([
    handle.insert(users).values({
      id: pro.id,
      name: "Paulo Profissional",
      email: pro.email,
      passwordHash: hashPassword(pro.password),
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
    handle.insert(memberships).values({ orgId: world.orgId, userId: pro.id, role: "professional", createdAt: now, updatedAt: now }),
  ]);
  world.proCookie = await loginCookie(pro.email, pro.password);
  const strangerCookie = await loginCookie(stranger.email, stranger.password);
  world.foreign.companies = await createThroughApp(strangerCookie, "companies");
  world.foreign.clients = await createThroughApp(strangerCookie, "clients");
  world.own.companies = await createThroughApp(world.ownerCookie, "companies");
  world.own.clients = await createThroughApp(world.ownerCookie, "clients");
});

afterAll(() => {
  world?.db.close();
});

describe("bad input on the clients and companies form actions", () => {
  it("knows every route with an action: fuzzed here, or by the file NOT_FUZZED_HERE names", () => {
    expect(declared.length, "found no action at all: is the export detection broken?").toBeGreaterThan(5);
    const unknown = declared.filter((r) => !(r in FUZZED) && !(r in NOT_FUZZED_HERE));
    expect(
      unknown,
      "new route with an action, fuzzed nowhere: add it to FUZZED here (a record) or to ACCOUNT_ROUTES in support/form-fuzz.ts and fuzz it in account-actions-bad-input.test.ts",
    ).toEqual([]);
    const records = declared.filter((r) => /^\/(clients|clientes|companies)(\/|$)/.test(r));
    expect(
      records.filter((r) => !(r in FUZZED)),
      "a clients/companies route with an action must be fuzzed here",
    ).toEqual([]);
    const stale = [...Object.keys(FUZZED), ...Object.keys(NOT_FUZZED_HERE)].filter((r) => !declared.includes(r));
    expect(stale, "listed here but no longer a route with an action").toEqual([]);
  });

  it("the valid sample forms are valid (so mutating them tests something)", () => {
    for (const resource of ["clients", "companies"] as const) {
      const form = new FormData();
      for (const [k, v] of SAMPLE_FORMS[resource]) form.append(k, v);
      expect(validateForm(DEFS[resource].schema, form), resource).toMatchObject({ ok: true });
    }
  });

  it("a tampered flash or return-to cookie (what actions leave for the next page) never breaks a page", async () => {
    const flashes = [
      "%E0%A4%A",
      "%",
      '{"kind":"deleted"',
      encodeURIComponent(
        JSON.stringify({ kind: "deleted", resource: "clients", ids: ["<script>alert(1)</script>"], back: "//evil.example" }),
      ),
      encodeURIComponent(JSON.stringify({ kind: "imported", resource: "companies", count: -1, skipped: "x" })),
    ];
    for (const flash of flashes)
      for (const page of ["/clients", "/companies", `/clients/${world.own.clients}`, `/companies/${world.own.companies}`]) {
        const res = await fetch(`${base()}${page}`, {
          redirect: "manual",
          headers: { cookie: `${world.ownerCookie}; alicerce_flash=${flash}` },
        });
        const html = await res.text();
        expect(res.status, `${page} with alicerce_flash=${flash}`).toBe(200);
        expect(html.includes("<script>alert(1)"), `${page}: the flash's ids came back as markup`).toBe(false);
      }
    const user = await createRegisteredUser({ name: "Volta Quebrada" });
    const res = await fetch(`${base()}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base(), cookie: "alicerce_return_to=%E0%A4%A" },
      body: new URLSearchParams({ email: user.email, senha: user.password }),
    });
    expect(res.status, "login with a broken return-to cookie").toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  for (const c of cases) {
    const title = `${c.route}${c.idKind ? ` (${c.idKind === "own" ? "registro próprio" : "id alheio ou inválido"})` : ""}`;
    it(`${title}: nunca 5xx, erros em pt-BR, banco intacto`, { timeout: 120_000 }, async () => {
      const { spec } = c;
      let baseline = await snapshot();
      let pastAuth = false;
      const otherId = idValues(spec.resource).filter((v) => v !== OWN[spec.resource]);
      await fc.assert(
        fc.asyncProperty(bodies(spec), principals, transports, otherId, async (body, who, transport, other) => {
          // Refused before its body is read, a multi-megabyte upload gets a connection reset from
          // wrangler dev's proxy ("Network connection lost", 500) — not the app's answer.
          fc.pre(who === "owner" || !isBig(body));
          if (await revive()) baseline = await snapshot();
          const id = c.idKind === "own" ? world.own[spec.resource] : c.idKind === "other" ? resolve(other) : "";
          const pathname = c.route.replace(":id", encodeURIComponent(id));
          const url = `${base()}${transport === "data" ? `${pathname}.data` : pathname}`;
          const encoded = await encode(body, resolve);
          const headers: Record<string, string> = { origin: base() };
          if (encoded.contentType) headers["content-type"] = encoded.contentType;
          if (who !== "anonymous") headers.cookie = who === "owner" ? world.ownerCookie : world.proCookie;
          const res = await fetch(url, { method: "POST", redirect: "manual", headers, body: encoded.body });
          const outcome = await readOutcome(res, transport);
          const where = `POST ${transport === "data" ? `${pathname}.data` : pathname} as ${who} with ${encoded.label}`;
          const answer = `${outcome.status} ${JSON.stringify(outcome.messages).slice(0, 300)} ${outcome.redirect ?? ""}`;

          expect(outcome.status, `${where} → ${outcome.status} ${outcome.snippet}`).toBeLessThan(500);
          expect(outcome.status, `${where} → ${answer}`).toBeGreaterThanOrEqual(200);
          if (who === "owner" && outcome.status !== 401 && outcome.status !== 403) pastAuth = true;
          if (outcome.redirect !== undefined)
            expect(isAppPath(outcome.redirect, base()), `${where} redirected off the app: ${answer}`).toBe(true);
          if (outcome.status >= 400) expect(outcome.messages.length, `${where} → ${answer}: a 4xx with no message`).toBeGreaterThan(0);
          for (const message of outcome.messages)
            expect(isPtBr(message), `${where} → ${answer}: ${JSON.stringify(message)} is not pt-BR`).toBe(true);

          const after = await snapshot();
          expect(after.foreign, `${where} → ${answer} changed another organization's records`).toBe(baseline.foreign);
          expect(after.crossLinks, `${where} → ${answer} linked a client to another organization's company`).toBe(0);
          expect(after.counts, `${where} → ${answer}: record_counts out of step`).toEqual([]);
          const changed = changedTables(baseline, after);
          if (changed.length) {
            const allowed = who === "owner" && outcome.status < 400 && mayChange(spec, c.idKind, await serverView(encoded));
            expect(allowed, `${where} → ${answer} changed ${changed.join(", ")}`).toBe(true);
            expect(
              changed.filter((t) => !RECORD_TABLES.has(t)),
              `${where} → ${answer} changed more than records`,
            ).toEqual([]);
          }
          baseline = after;
        }),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: process.env.FORM_FUZZ_SHRINK !== "1" },
      );
      expect(pastAuth, `${title}: every request of the owner was refused`).toBe(true);
    });
  }
});
