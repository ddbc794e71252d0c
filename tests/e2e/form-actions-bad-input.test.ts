/**
 * Bad input, property-based, on the React Router form actions of every record screen — what a
 * browser form posts, as tests/api/bad-input.test.ts does for the JSON API. Nothing here names a
 * resource: everything comes from the registry (worker/resources/registry.ts) and app/routes.ts.
 *
 * - The routes: each route whose module exports an `action` is matched against each resource's
 *   `basePath` — the list (`basePath`), `/create`, `/import`, `/:id` (detail) and `/:id/edit`;
 *   another path rendering the same module (`/clientes` for `/clients`) is fuzzed as that route.
 *   A route under a `basePath` with an action of no known kind fails the first test; routes of no
 *   resource are out of scope (the account screens are fuzzed by
 *   tests/e2e/account/account-actions-bad-input.test.ts; others are named in a warning).
 * - The valid forms: each resource's `example` (a valid API body) written as its form posts it
 *   (checkbox "on", phones as `telefones.0.numero`, money as "R$ 28,50", datetime-local…), with
 *   placeholders for the ids of the records it points at and for its unique values (a SKU).
 * - The records: one per resource in the signed-in owner's organization and one in a stranger's,
 *   created through the app's own create forms in the order the `relations` ask (a product's
 *   supplier first, then the product, then its stock movement).
 * - The ids: relation fields (`kind: "relation"` and the module's `relations`) carry own and
 *   foreign ids of their target, of other resources, and garbage.
 * - The CSV: for each resource with an `import` spec, one file built from the example (header =
 *   field labels, or the reference column's label — "Empresa", "Produto" — whose cell names the
 *   owner's record by code or name; values = the example's), checked to import in the preview.
 *
 * As the signed-in owner (sometimes a professional, sometimes nobody), with the right
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
 *   unless the route's oracle (`mayChange`) says the input may be saved — and even then only
 *   the route's own resource changes (its table, its search keys, its rows of record_counts /
 *   record_totals), plus what its own triggers write elsewhere (the ledger's
 *   `products.stock_milli`) only when its own table changed; another organization's rows never
 *   change, no record points at another organization's record, and the derived values stay right
 *   (live counts, totals, and stock = the sum of the live movements);
 * - the LGPD erase (`intent=apagar` on a detail) re-authenticates (ADR 019): each run the owner's
 *   session last typed its password either just now or 11 minutes ago, and the form's `senha`
 *   is the owner's password, a wrong one, blank or too long. An erase happens only with the
 *   right `senha`, or none while the session is fresh; the session's `authenticated_at` moves
 *   (to the time of the request) only when the right `senha` was typed for an erase.
 *
 * Reproduce a failure with FORM_FUZZ_SEED=<seed printed by fast-check>; FORM_FUZZ_RUNS=<n>
 * runs more (default keeps the file within a few minutes).
 */
import { DEFAULT_TIME_ZONE } from "../../shared/time-zone.ts";
import { serviceProductLine } from "../../shared/agenda/service-products.ts";
import {
  checkAvailability,
  parseTimeOff,
  parseWeekly,
  type TimeOffInput,
  weekFromForm,
  weeklyHours,
} from "../../shared/agenda/availability.ts";
import { e2eServiceContext } from "./support/accounts.ts";
import { createHash } from "node:crypto";
import { type Client, createClient } from "@libsql/client";
import { eq, getTableName } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { holdCronDuringFile } from "./support/cron-hold.ts";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../db/schema/index.ts";
import { businessHours, memberships, users } from "../../db/schema/index.ts";
import { formatBRL, formatNumber, toDateTimeLocal } from "../../shared/format.ts";
import type { FieldDef } from "../../shared/resources/types.ts";
import { validateForm } from "../../shared/validation.ts";
import { hashPassword } from "../../worker/auth/password.ts";
import { REAUTH_WINDOW_MS } from "../../worker/auth/reauth.ts";
import { digest } from "../../worker/auth/tokens.ts";
import { type ResourceModule, tableName } from "../../worker/resources/define.ts";
import { createRecord, restoreRecords } from "../../worker/resources/records.ts";
import { moduleByApi, moduleOf, RESOURCES } from "../../worker/resources/registry.ts";
import type { Actor, ServiceContext } from "../../worker/services/context.ts";
import { createRegisteredUser, e2eDb, loginCookie, uniqueEmail } from "./support/accounts.ts";
import { moveSchema } from "../../worker/services/real-estate/interests.ts";
import { type Action, reachOf, scopeOf } from "../../shared/permissions.ts";
import { visitSchema } from "../../worker/services/real-estate/visits.ts";
import { badString, HUGE, isPtBr } from "./support/bad-input.ts";
import { prerequisitesIn } from "./support/prerequisites.ts";
import {
  ACCOUNT_ROUTES,
  actionRouteEntries,
  type Body,
  bodiesOf,
  changedTables,
  type Entry,
  encode,
  fuzzForms,
  hashRows,
  isAppPath,
  isBig,
  isUnread,
  readOutcome,
  serverView,
  transports,
  type Value,
} from "./support/form-fuzz.ts";
import { ID_RE, isId } from "../../shared/id.ts";
import { digestOf, digestSql, selectWithoutCron } from "../support/db-snapshot.ts";

const RUNS = Number(process.env.FORM_FUZZ_RUNS ?? 15);
const SEED = process.env.FORM_FUZZ_SEED ? Number(process.env.FORM_FUZZ_SEED) : undefined;
const base = () => inject("baseURL");

// ---------------------------------------------------------------------------------------------
// The registry

const MODULES = RESOURCES as unknown as readonly ResourceModule[];
const nameOf = (mod: ResourceModule): string => mod.definition.name;

/** Relation fields of a resource (form fields of kind `relation`, and the module's `relations`) → target resource. */
function relationFields(mod: ResourceModule): Map<string, string> {
  const out = new Map<string, string>();
  for (const field of mod.definition.fields) {
    if (field.kind !== "relation" || !field.relation) continue;
    const target = moduleByApi(field.relation);
    if (!target) throw new Error(`${nameOf(mod)}.${field.name}: relation to /api/${field.relation}, not in the registry`);
    out.set(field.name, nameOf(target));
  }
  for (const relation of mod.relations ?? []) out.set(relation.field, relation.target);
  return out;
}

/** Every resource after the resources its records point at. */
const DEPENDENCY_ORDER: readonly ResourceModule[] = (() => {
  const out: ResourceModule[] = [];
  const visit = (mod: ResourceModule, path: readonly string[]) => {
    if (out.includes(mod)) return;
    if (path.includes(nameOf(mod))) throw new Error(`relations in a cycle: ${[...path, nameOf(mod)].join(" → ")}`);
    for (const target of new Set(relationFields(mod).values())) visit(moduleOf(target), [...path, nameOf(mod)]);
    out.push(mod);
  };
  for (const mod of MODULES) visit(mod, []);
  return out;
})();

/**
 * What a resource's own triggers write in other tables: columns ("table.column", the ledger's
 * `products.stock_milli`) and whole tables whose rows they insert or delete ("table": an Imóvel's
 * status history, an interest's mirrored places).
 */
function sideWrites(mod: ResourceModule): string[] {
  const own = tableName(mod);
  const out = new Set<string>();
  for (const trigger of mod.triggers ?? []) {
    for (const m of trigger.sql.matchAll(/UPDATE\s+(\w+)\s+SET\s+(\w+)\s*=/gi)) if (m[1] !== own) out.add(`${m[1]}.${m[2]}`);
    for (const m of trigger.sql.matchAll(/(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|DELETE\s+FROM)\s+(\w+)/gi))
      if (m[1] !== own) out.add(m[1] as string);
  }
  // Rows of other resources its own statements write (an account's opening balance movement).
  for (const name of mod.alsoWrites ?? []) {
    const other = moduleOf(name);
    out.add(tableName(other));
    if (other.keys) out.add(getTableName(other.keys as never));
    out.add(`[${name}]`);
  }
  const cascaded = cascades(own);
  // A cascaded resource's search keys go with its rows.
  const followers = MODULES.filter((m) => cascaded.includes(tableName(m)));
  const keys = followers.filter((m) => m.keys).map((m) => getTableName(m.keys as never));
  // …and its rows of the per-resource tables (record_counts[interesses]).
  return [...out, ...cascaded, ...keys, ...followers.map((m) => `[${nameOf(m)}]`)];
}

/**
 * Tables the database itself changes when rows of `table` go (foreign keys ON DELETE CASCADE or
 * SET NULL, followed through): erasing a client also erases its interests and unlinks its
 * properties. Read from the Drizzle schema, so a new foreign key is covered without a list here.
 */
function cascades(table: string, seen = new Set<string>()): string[] {
  for (const candidate of Object.values(schema)) {
    if (!(candidate instanceof SQLiteTable)) continue;
    const config = getTableConfig(candidate);
    if (seen.has(config.name)) continue;
    const follows = config.foreignKeys.some(
      (fk) => getTableName(fk.reference().foreignTable) === table && (fk.onDelete === "cascade" || fk.onDelete === "set null"),
    );
    if (!follows) continue;
    seen.add(config.name);
    cascades(config.name, seen);
  }
  return [...seen];
}

/** Columns written by another resource's triggers, by table: hashed apart, so who changed them can be told. */
const DERIVED_COLUMNS = new Map<string, string[]>();
for (const mod of MODULES)
  for (const write of sideWrites(mod)) {
    if (!write.includes(".")) continue;
    const [table, column] = write.split(".") as [string, string];
    DERIVED_COLUMNS.set(table, [...new Set([...(DERIVED_COLUMNS.get(table) ?? []), column])]);
  }

/**
 * Running balances kept by triggers (`UPDATE products SET stock_milli = stock_milli + NEW.quantity_milli
 * WHERE id = NEW.product_id` after an insert): the kept value must equal the sum over live rows.
 */
interface Ledger {
  source: string;
  target: string;
  column: string;
  amount: string;
  key: string;
}
const LEDGERS: Ledger[] = MODULES.flatMap((mod) =>
  (mod.triggers ?? []).flatMap((trigger) => {
    if (!/AFTER\s+INSERT/i.test(trigger.sql)) return [];
    const m = /UPDATE\s+(\w+)\s+SET\s+(\w+)\s*=\s*\2\s*\+\s*NEW\.(\w+)\s+WHERE\s+id\s*=\s*NEW\.(\w+)/i.exec(trigger.sql);
    return m
      ? [{ source: tableName(mod), target: m[1] as string, column: m[2] as string, amount: m[3] as string, key: m[4] as string }]
      : [];
  }),
);

// ---------------------------------------------------------------------------------------------
// The routes

const KINDS = ["list", "create", "import", "detail", "edit"] as const;
/** `page`: a record screen's own tab with an action (an Imóvel's Portal and Interesses tabs), per PAGE_INTENTS. */
type Kind = (typeof KINDS)[number] | "page";
const SUFFIX: Record<(typeof KINDS)[number], string> = {
  list: "",
  create: "/create",
  import: "/import",
  detail: "/:id",
  edit: "/:id/edit",
};

/**
 * The intents a resource's screens post beyond the registry's (excluir, restaurar, apagar,
 * importar): valid forms to mutate, what may be saved, and the tables they may change besides
 * the resource's own. Keyed by resource, then by path suffix under its basePath.
 */
interface PageIntent {
  forms: Entry[][];
  may: (form: FormData, idKind: IdKind | undefined) => boolean;
  tables?: readonly string[];
}
const textOf = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
const VISIT: Entry[] = [
  ["data", "2026-12-01"],
  ["inicio", "10:00"],
  ["fim", "11:00"],
];
/** The e-mail job's tables: "Enviar por e-mail" queues a message (and notes it on the interest). */
const EMAIL_TABLES = ["email_outbox", "job_runs", "job_steps", "property_interests"] as const;
/** "Enviar por e-mail" (the interest page and the property's Interesses tab): the pair comes in the form. */
const EMAIL_INTENT: PageIntent = {
  forms: [
    [
      ["intent", "email"],
      ["interesseId", OWN("interesses")],
      ["imovelId", OWN("imoveis")],
    ],
  ],
  may: () => true,
  tables: EMAIL_TABLES,
};
const PAGE_INTENTS: Record<string, Record<string, Record<string, PageIntent>>> = {
  imoveis: {
    "/:id": {
      status: {
        forms: [
          [
            ["intent", "status"],
            ["status", "reservado"],
            ["motivo", "Proposta aceita"],
          ],
          // Taking the public page down (vendido, alugado, inativo) is confirmed first: the second step.
          [
            ["intent", "status"],
            ["status", "vendido"],
            ["motivo", "Escritura assinada"],
            ["confirmado", "1"],
          ],
        ],
        may: (form, idKind) =>
          idKind === "own" && ["disponivel", "reservado", "vendido", "alugado", "inativo"].includes(String(form.get("status"))),
      },
    },
    "/:id/portal": {
      portal: {
        forms: [
          [
            ["intent", "portal"],
            ["portal", "0"],
          ],
          [
            ["intent", "portal"],
            ["portal", "1"],
          ],
        ],
        may: (form, idKind) => idKind === "own" && (form.get("portal") === "0" || form.get("portal") === "1"),
      },
    },
    "/:id/interesses": {
      visita: {
        forms: [[["intent", "visita"], ["interesseId", OWN("interesses")], ...VISIT]],
        may: (form, idKind) => idKind === "own" && visitSchema.safeParse({ ...textOf(form), imovelId: "x" }).success,
        tables: ["property_visits", "property_interests"],
      },
      email: EMAIL_INTENT,
    },
  },
  interesses: {
    "": {
      mover: {
        forms: [
          [
            ["intent", "mover"],
            ["id", OWN("interesses")],
            ["etapa", "contato"],
          ],
        ],
        may: (form) =>
          isId(String(form.get("id") ?? "")) &&
          moveSchema.safeParse({
            etapa: form.get("etapa"),
            antesDe: form.get("antesDe") ?? undefined,
            motivoPerda: form.get("motivoPerda") ?? undefined,
          }).success,
      },
    },
    "/:id": {
      visita: {
        forms: [[["intent", "visita"], ["imovelId", OWN("imoveis")], ...VISIT]],
        may: (form, idKind) => idKind === "own" && visitSchema.safeParse(textOf(form)).success,
        tables: ["property_visits", "property_interests"],
      },
      vistos: { forms: [[["intent", "vistos"]]], may: (_form, idKind) => idKind === "own", tables: ["match_alerts"] },
      email: EMAIL_INTENT,
    },
  },
  // Profissionais (ADR 064): the page's week (it must fit the world's business hours: the agenda's
  // prerequisites open them round the clock), its time off (São Paulo, the world's zone), removing one (the fuzz never names
  // one), and the team's invite (an e-mail, a token and the limits' counters).
  profissionais: {
    "/:id": {
      disponibilidade: {
        forms: [
          [
            ["intent", "disponibilidade"],
            ["semana.1.0.inicio", ""],
            ["semana.1.0.fim", ""],
          ],
          [
            ["intent", "disponibilidade"],
            ["semana.2.0.inicio", "09:00"],
            ["semana.2.0.fim", "12:00"],
          ],
        ],
        may: (form, idKind) =>
          idKind === "own" &&
          checkAvailability(weekFromForm(form.entries()), weeklyHours(parseWeekly(world.hoursWeek), DEFAULT_TIME_ZONE)).ok,
      },
      folga: {
        forms: [
          [
            ["intent", "folga"],
            ["tipo", "Férias"],
            ["detalhe", "Viagem"],
            ["dataInicio", "2026-12-21"],
            ["horaInicio", ""],
            ["dataFim", "2026-12-23"],
            ["horaFim", ""],
          ],
        ],
        may: (form, idKind) => idKind === "own" && parseTimeOff(textOf(form) as unknown as TimeOffInput, DEFAULT_TIME_ZONE).ok,
        tables: ["professional_time_off"],
      },
      "remover-folga": {
        forms: [
          [
            ["intent", "remover-folga"],
            ["folgaId", "00000000-0000-4000-8000-000000000000"],
          ],
        ],
        may: () => false,
      },
      convidar: {
        forms: [[["intent", "convidar"]]],
        may: (_form, idKind) => idKind === "own",
        tables: ["auth_tokens", "email_outbox", "job_runs", "job_steps", "rate_limits"],
      },
    },
  },
  // Movimentações (ADR 072): a transfer between two of the organização's accounts, from the balances page.
  movimentacoes: {
    "/saldos": {
      transferir: {
        forms: [
          [
            ["intent", "transferir"],
            ["deContaId", OWN("contas-financeiras")],
            ["paraContaId", OWN("contas-financeiras")],
            ["valorCentavos", "R$ 100,00"],
            ["descricao", "Depósito do caixa"],
          ],
        ],
        may: (form) => {
          const from = String(form.get("deContaId") ?? "");
          const to = String(form.get("paraContaId") ?? "");
          return isId(from) && isId(to) && from !== to;
        },
      },
    },
  },
  // Serviços (ADR 065): a product consumed per service, added or its quantity changed, and removed.
  servicos: {
    "/:id": {
      produto: {
        forms: [
          [
            ["intent", "produto"],
            ["produtoId", OWN("produtos")],
            ["quantidade", "1,5"],
          ],
          [
            ["intent", "produto"],
            ["linha", "existente"],
            ["produtoId", OWN("produtos")],
            ["quantidade", "0,05"],
          ],
        ],
        may: (form, idKind) =>
          idKind === "own" &&
          serviceProductLine.safeParse({ produtoId: form.get("produtoId"), quantidade: form.get("quantidade") ?? undefined }).success,
        tables: ["service_products"],
      },
      "remover-produto": {
        forms: [
          [
            ["intent", "remover-produto"],
            ["produtoId", OWN("produtos")],
          ],
        ],
        may: (form, idKind) => idKind === "own" && isId(String(form.get("produtoId") ?? "")),
        tables: ["service_products"],
      },
    },
  },
};

/** The page intent a form posts on a route, if it is one of PAGE_INTENTS. */
function pageIntent(spec: RouteSpec, route: string, form: FormData | null): PageIntent | undefined {
  const suffix = route.slice(spec.mod.definition.basePath.length);
  return PAGE_INTENTS[nameOf(spec.mod)]?.[suffix]?.[String(form?.get("intent") ?? "")];
}

interface RouteSpec {
  mod: ResourceModule;
  kind: Kind;
  /** The route's path (the original's, for an alias). */
  path: string;
  /** An index route (an Imóvel's Dados tab): the page's form posts to `?index`. */
  index?: boolean;
  /** The route this one renders the same module as (`/clientes` → `/clients`). */
  aliasOf?: string;
}

const ACTION_ROUTES = actionRouteEntries();
/** Routes with an action under a resource's basePath, by path. */
const FUZZED = new Map<string, RouteSpec>();
/** Routes with an action under a resource's basePath that match no kind: the first test fails on them. */
const UNKNOWN: string[] = [];
for (const route of ACTION_ROUTES)
  for (const mod of MODULES) {
    const basePath = mod.definition.basePath;
    if (route.path !== basePath && !route.path.startsWith(`${basePath}/`)) continue;
    // A resource nested under another's path (contas financeiras under /movimentacoes) is its own.
    const under = (b: string) => route.path === b || route.path.startsWith(`${b}/`);
    if (MODULES.some((m) => m.definition.basePath.length > basePath.length && under(m.definition.basePath))) continue;
    const kind = KINDS.find((k) => `${basePath}${SUFFIX[k]}` === route.path);
    if (kind) FUZZED.set(route.path, { mod, kind, path: route.path, ...(route.index ? { index: true } : {}) });
    else if (PAGE_INTENTS[nameOf(mod)]?.[route.path.slice(basePath.length)])
      FUZZED.set(route.path, { mod, kind: "page", path: route.path });
    else UNKNOWN.push(`${route.path} (${nameOf(mod)}, ${route.file})`);
  }
for (const route of ACTION_ROUTES) {
  if (FUZZED.has(route.path)) continue;
  const original = ACTION_ROUTES.find((r) => r.file === route.file && FUZZED.has(r.path) && !FUZZED.get(r.path)?.aliasOf);
  const spec = original && FUZZED.get(original.path);
  if (spec) FUZZED.set(route.path, { ...spec, aliasOf: original.path });
}
/** Routes with an action of no resource and no account screen: fuzzed nowhere (a warning). */
const ELSEWHERE = ACTION_ROUTES.map((r) => r.path).filter(
  (p) =>
    !FUZZED.has(p) &&
    !(ACCOUNT_ROUTES as readonly string[]).includes(p) &&
    !MODULES.some((mod) => p === mod.definition.basePath || p.startsWith(`${mod.definition.basePath}/`)),
);
const hasRoute = (mod: ResourceModule, kind: (typeof KINDS)[number]) =>
  FUZZED.get(`${mod.definition.basePath}${SUFFIX[kind]}`)?.mod === mod;

// ---------------------------------------------------------------------------------------------
// Valid forms (what the app's own forms post) and the values that break them

/** Placeholders for values known only at run time (records are recreated when a run erases one). */
function OWN(name: string): string {
  return `@@own:${name}@@`;
}
const FOREIGN = (name: string) => `@@foreign:${name}@@`;
/** What an imported file names the owner's record by (its code, else its name). */
const REF = (name: string) => `@@ref:${name}@@`;
/** A fresh suffix per request, for values that must be unique (a SKU). */
const UNIQUE = "@@unique@@";
/** The owner's password (the LGPD erase's re-authentication). */
const PASSWORD = "@@senha@@";
const MARKER = /@@(own|foreign|ref|unique|senha)(?::([a-z0-9-]+))?@@/g;

interface Ids {
  own: Record<string, string>;
  foreign: Record<string, string>;
  refs: Record<string, string>;
  unique: string;
  password?: string;
}

function resolveWith(value: string, ids: Ids): string {
  return value.replace(MARKER, (marker, kind: string, name: string | undefined) => {
    if (kind === "unique") return ids.unique;
    if (kind === "senha") return ids.password ?? marker;
    const found = (kind === "own" ? ids.own : kind === "foreign" ? ids.foreign : ids.refs)[name ?? ""];
    return found ?? marker;
  });
}

const freshUnique = () => crypto.randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase();

/** The resource's example with placeholders for the records it points at and its unique values. */
function exampleOf(mod: ResourceModule): Record<string, unknown> {
  return mod.example((api) => {
    const target = moduleByApi(api);
    if (!target) throw new Error(`${nameOf(mod)}: its example points at /api/${api}, not in the registry`);
    return OWN(nameOf(target));
  }, UNIQUE);
}

const isBlank = (v: unknown) => v === undefined || v === null || v === "";

/** A value as the form's input holds it (app/components/data/resource-form.tsx and view.server.ts). */
function formText(field: FieldDef, value: unknown): string {
  if (isBlank(value)) return "";
  switch (field.kind) {
    case "money":
      return typeof value === "number" ? formatBRL(value) : String(value);
    case "number":
      return typeof value === "number" ? formatNumber(value, { maximumFractionDigits: 6, useGrouping: false }) : String(value);
    case "datetime":
      return toDateTimeLocal(String(value));
    case "tags":
      return Array.isArray(value) ? value.join(", ") : String(value);
    case "lines":
      // The lines field's hidden input holds them as one JSON text.
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

/** The example as the resource's create/edit form posts it: every field, unticked boxes left out, phones as rows. */
function sampleForm(mod: ResourceModule): Entry[] {
  const example = exampleOf(mod);
  const out: Entry[] = [];
  for (const field of mod.definition.fields) {
    if (field.readOnly) continue;
    const value = example[field.name];
    if (field.kind === "checkbox") {
      if (value === true) out.push([field.name, "on"]);
    } else if (field.kind === "phones") {
      const list = (Array.isArray(value) ? value : []) as { numero?: unknown; whatsapp?: unknown; rotulo?: unknown }[];
      const rows = list.length ? list : [{ numero: "", rotulo: "" }];
      rows.forEach((phone, i) => {
        out.push([`${field.name}.${i}.numero`, String(phone.numero ?? "")], [`${field.name}.${i}.rotulo`, String(phone.rotulo ?? "")]);
        if (phone.whatsapp === true) out.push([`${field.name}.${i}.whatsapp`, "on"]);
      });
    } else if ((field.kind === "choices" || field.kind === "places") && Array.isArray(value)) {
      // A checkbox group or a place picker posts one entry per chosen value.
      for (const item of value) out.push([field.name, String(item)]);
    } else {
      out.push([field.name, formText(field, value)]);
    }
  }
  return out;
}

/**
 * The sample with one select field set to the option after the example's (a movement's "saída",
 * a client's "pj"): still what the form can post, and it reaches what the example alone does not
 * (an exit the stock refuses, a document checked as CNPJ).
 */
function sampleVariants(mod: ResourceModule): Entry[][] {
  const sample = sampleForm(mod);
  return mod.definition.fields.flatMap((field) => {
    const options = (field.options ?? []).map((o) => o.value);
    const at = sample.findIndex(([k]) => k === field.name);
    if (field.kind !== "select" || options.length < 2 || at < 0) return [];
    const next = options[(options.indexOf(String(sample[at]?.[1])) + 1) % options.length] as string;
    return [sample.map((entry, i): Entry => (i === at ? [field.name, next] : entry))];
  });
}

/** A value as a spreadsheet cell. */
function cellText(field: FieldDef, value: unknown): string {
  if (field.kind === "checkbox") return value === true ? "Sim" : "Não";
  if (field.kind === "phones" && Array.isArray(value))
    return value.map((p) => (typeof p === "object" && p ? String((p as { numero?: unknown }).numero ?? "") : String(p))).join(", ");
  return formText(field, value);
}

function csvCell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

interface CsvSample {
  header: string[];
  row: string[];
  /** Indexes of the reference columns. */
  references: number[];
}

/** The example as one line of a CSV (header = field labels, or the reference column's label), or null (no import). */
function csvSampleOf(mod: ResourceModule): CsvSample | null {
  const spec = mod.import;
  if (!spec) return null;
  const example = exampleOf(mod);
  const references = Object.values(spec.references ?? {});
  const sample: CsvSample = { header: [], row: [], references: [] };
  for (const field of mod.definition.fields) {
    const value = example[field.name];
    if (isBlank(value) || field.readOnly) continue;
    const reference = references.find((r) => r.field === field.name);
    if (reference) sample.references.push(sample.header.length);
    sample.header.push(reference ? reference.label : field.label);
    sample.row.push(reference ? REF(reference.resource) : cellText(field, value));
  }
  return sample;
}

const csvText = (header: readonly string[], ...rows: (readonly string[])[]) =>
  [header, ...rows].map((cells) => `${cells.map(csvCell).join(";")}\r\n`).join("");

/** The resource's valid CSV (placeholders resolved per request), and broken variants of it. */
function csvSamples(mod: ResourceModule): { valid: string; broken: string[] } | null {
  const sample = csvSampleOf(mod);
  if (!sample) return null;
  const { header, row, references } = sample;
  return {
    valid: csvText(header, row),
    broken: [
      csvText(header),
      csvText(
        header,
        row.map(() => "x"),
      ),
      csvText(
        header,
        row.map((cell, i) => (references.includes(i) ? "Registro Que Não Existe 404" : cell)),
      ),
      csvText(header, row, row, row),
      csvText(
        header.map((h) => h.toUpperCase()),
        row.map((cell) => ` ${cell} `),
      ),
    ],
  };
}

/** Garbage files any import may get. */
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

/** Files for uploads: every resource's CSV samples (resolved now: a file is not rewritten per request) and garbage. */
function fileArbitrary(): fc.Arbitrary<File> {
  const texts = [
    ...CSVS,
    ...MODULES.flatMap((mod) => {
      const samples = csvSamples(mod);
      return samples ? [samples.valid, ...samples.broken] : [];
    }),
  ];
  const unique = freshUnique();
  return fc.oneof(
    fc.constantFrom(...texts).map((csv) => new File([resolve(csv, unique)], "planilha.csv", { type: "text/csv" })),
    fc
      .constant(null)
      .map(() => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0xff, 0xfe, 0x00])], "foto.png", { type: "image/png" })),
    // Windows-1252 (Excel pt-BR): "José" with 0xE9.
    fc.constant(null).map(() => new File([new Uint8Array([0x4e, 0x6f, 0x6d, 0x65, 0x0d, 0x0a, 0x4a, 0x6f, 0x73, 0xe9])], "excel.csv")),
    fc.constant(null).map(() => new File([], "")),
    fc
      .constantFrom("../../etc/passwd", `${"x".repeat(1000)}.csv`, "<script>.csv", "nome\u0000.csv")
      .map((name) => new File(["Nome\r\nA B\r\n"], name)),
    fc.constant(null).map(bigFile),
  );
}

const INTENTS = ["excluir", "restaurar", "apagar", "previa", "importar", "EXCLUIR", " excluir", "delete", "__proto__", "toString", ""];
const REDIRECTS = [
  "//evil.example",
  "https://evil.example/x",
  "/\\evil.example",
  "/\t/evil.example",
  "javascript:alert(1)",
  "%2F%2Fevil.example",
  ...MODULES.flatMap((mod) => [`${mod.definition.basePath}?page=999999999999`, mod.definition.basePath]),
];
const CONFIRMATIONS = ["APAGAR", " apagar ", "APAGAR\u0000", "ＡＰＡＧＡＲ", "APAGAR APAGAR", "apagar"];
/** The erase's re-authentication: the owner's password, padded, wrong, blank, over the 200 the check reads. */
const PASSWORDS = [PASSWORD, ` ${PASSWORD}`, "senha-errada-123", "", "   ", "x".repeat(201)];
const GARBAGE_IDS = ["nao-existe", "0", "-1", "' OR '1'='1", "..%2F..%2Fetc%2Fpasswd", "🙂", "a".repeat(65), "x".repeat(5000), "null"];

/** Ids for a field that holds a `name` record: its own and foreign ones, other resources' (wrong kind), garbage. */
function idValues(name: string): fc.Arbitrary<string> {
  const others = MODULES.map(nameOf).filter((n) => n !== name);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(OWN(name), FOREIGN(name)) },
    { weight: 1, arbitrary: fc.constantFrom(...others.flatMap((n) => [OWN(n), FOREIGN(n)]), FOREIGN(name)) },
    { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_IDS) },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

/** What a field may carry; the known fields get their own kind of trouble. */
function valueFor(key: string, spec: RouteSpec, files: fc.Arbitrary<File>): fc.Arbitrary<Value> {
  const text = (own: fc.Arbitrary<string>) => fc.oneof({ weight: 3, arbitrary: own }, { weight: 2, arbitrary: badString });
  switch (key) {
    case "intent":
      return text(fc.constantFrom(...INTENTS));
    case "ids":
      return text(idValues(nameOf(spec.mod)));
    case "redirectTo":
      return text(fc.constantFrom(...REDIRECTS));
    case "confirmacao":
      return text(fc.constantFrom(...CONFIRMATIONS));
    case "senha":
      return text(fc.constantFrom(...PASSWORDS));
    case "modo":
      return text(fc.constantFrom("all", "valid-only", "VALID-ONLY"));
    case "duplicadas":
      return text(fc.constantFrom("importar", "pular", "IMPORTAR", "import"));
    case "csv": {
      const own = csvSamples(spec.mod);
      return text(fc.constantFrom(...CSVS, ...(own ? [own.valid, ...own.broken] : [])));
    }
    case "arquivo":
      return fc.oneof({ weight: 3, arbitrary: files }, { weight: 1, arbitrary: badString });
    case "confirmarDuplicado":
      return text(fc.constantFrom("1", "true", "0"));
  }
  const target = relationFields(spec.mod).get(key);
  if (target) return text(idValues(target));
  const options = spec.mod.definition.fields.find((f) => f.name === key)?.options ?? [];
  if (options.length) return text(fc.constantFrom(...options.map((o) => o.value)));
  return fc.oneof({ weight: 6, arbitrary: badString }, { weight: 1, arbitrary: files });
}

const HOSTILE_KEYS = [
  "intent",
  "ids",
  "redirectTo",
  "confirmacao",
  "senha",
  "confirmarDuplicado",
  "csv",
  "modo",
  "duplicadas",
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
  "criadoPor",
  "deletedAt",
  "excluidoEm",
  "estoque",
  "_data",
  "index",
];

function keysFor(spec: RouteSpec): string[] {
  const fields = spec.mod.definition.fields;
  const nested = fields
    .filter((f) => f.kind === "phones")
    .flatMap((f) => [`${f.name}.1.numero`, `${f.name}.0.whatsapp`, `${f.name}.5.numero`]);
  return [...new Set([...fields.map((f) => f.name), ...sampleForm(spec.mod).map(([k]) => k), ...nested, ...HOSTILE_KEYS])];
}

/** The valid forms each kind of route receives from the app's own pages. */
function validForms(spec: RouteSpec, sampleFile: File | null): Entry[][] {
  const pageForms = Object.values(PAGE_INTENTS[nameOf(spec.mod)]?.[spec.path.slice(spec.mod.definition.basePath.length)] ?? {}).flatMap(
    (i) => i.forms,
  );
  return [...registryForms(spec, sampleFile), ...pageForms];
}

/** What the registry's screens post (list selection, create/edit, detail delete/erase, import). */
function registryForms(spec: RouteSpec, sampleFile: File | null): Entry[][] {
  const { mod, kind } = spec;
  const name = nameOf(mod);
  const basePath = mod.definition.basePath;
  switch (kind) {
    case "create":
    case "edit":
      return [sampleForm(mod), [...sampleForm(mod), ["confirmarDuplicado", "1"]], ...sampleVariants(mod)];
    case "list":
      return [
        [
          ["intent", "excluir"],
          ["ids", OWN(name)],
          ["redirectTo", `${basePath}?q=x`],
        ],
        [
          ["intent", "restaurar"],
          ["ids", OWN(name)],
          ["redirectTo", `${basePath}/${OWN(name)}`],
        ],
      ];
    case "page":
      return [];
    case "detail":
      return mod.erase
        ? [
            [["intent", "excluir"]],
            [
              ["intent", "apagar"],
              ["confirmacao", "APAGAR"],
            ],
            [
              ["intent", "apagar"],
              ["confirmacao", "APAGAR"],
              ["senha", PASSWORD],
            ],
          ]
        : [[["intent", "excluir"]]];
    case "import": {
      const csv = csvSamples(mod)?.valid ?? CSVS[1] ?? "";
      const importar: Entry[] = [
        ["intent", "importar"],
        ["csv", csv],
        ["arquivoNome", "importar.csv"],
        ["modo", "valid-only"],
      ];
      return [
        [
          ["intent", "previa"],
          ["arquivo", sampleFile ?? new File([csv], "importar.csv", { type: "text/csv" })],
        ],
        importar,
        [...importar, ["duplicadas", "importar"]],
      ];
    }
  }
}

function bodies(spec: RouteSpec, files: fc.Arbitrary<File>, sampleFile: File | null): fc.Arbitrary<Body> {
  return bodiesOf(fuzzForms({ valid: validForms(spec, sampleFile), keys: keysFor(spec), valueFor: (key) => valueFor(key, spec, files) }));
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
  ownerPassword: string;
  /** The owner's session (its `authenticated_at` decides the erase's re-authentication). */
  ownerSessionId: string;
  proCookie: string;
  strangerCookie: string;
  orgId: string;
  foreignOrgId: string;
  ownerId: string;
  strangerId: string;
  /** The owner's organization's business week (business_hours.semana, as the prerequisites set it; null: none). */
  hoursWeek: string | null;
  /** A record of each resource (by name) in the owner's organization, and in the stranger's. */
  own: Record<string, string>;
  foreign: Record<string, string>;
  /** What a file names each owner's record by (code or name). */
  refs: Record<string, string>;
}
let world: World;

/** Placeholders → this run's ids; `unique` for unique values (fresh per request unless given). */
function resolve(value: string, unique = freshUnique()): string {
  return resolveWith(value, { own: world.own, foreign: world.foreign, refs: world.refs, unique, password: world.ownerPassword });
}

async function orgOf(userId: string): Promise<string> {
  const r = await world.db.execute({ sql: "SELECT org_id FROM memberships WHERE user_id = ?", args: [userId] });
  return String(r.rows[0]?.org_id);
}

const serviceCtx = (): ServiceContext => e2eServiceContext(base());

const actorOf = (who: "own" | "foreign"): Actor =>
  who === "own"
    ? { orgId: world.orgId, userId: world.ownerId, role: "owner" }
    : { orgId: world.foreignOrgId, userId: world.strangerId, role: "owner" };

/**
 * A sample record of `mod` in the owner's (`own`) or the stranger's organization, pointing at
 * that organization's records: through the app's create form, or (a resource without one) the
 * server layer.
 */
async function createSample(who: "own" | "foreign", mod: ResourceModule): Promise<string> {
  const ids = world[who];
  if (hasRoute(mod, "create")) return createThroughApp(who === "own" ? world.ownerCookie : world.strangerCookie, mod, ids);
  const example = JSON.parse(resolveWith(JSON.stringify(exampleOf(mod)), { own: ids, foreign: {}, refs: {}, unique: freshUnique() }));
  const { id } = await createRecord(serviceCtx(), actorOf(who), nameOf(mod), mod.definition.schema.parse(example));
  if (!id) throw new Error(`could not create a ${nameOf(mod)} sample`);
  return id;
}

/**
 * What `mod` needs in the organização before its example can be saved (tests/api/resource-prerequisites.ts),
 * taken as the samples of the resources they are (`again`: made anew). Linked to the owner only:
 * the world's professional stays a corretor (a linked one gets the agenda's slim shell, ADR 063,
 * and every other screen would refuse them before the permission table does).
 */
async function takePrerequisites(who: "own" | "foreign", mod: ResourceModule, again = false): Promise<void> {
  const [orgId, owner] = who === "own" ? [world.orgId, world.ownerId] : [world.foreignOrgId, world.strangerId];
  // Made anew, linked to nobody: a login has one profissional, and the first is still the owner's.
  const found = await prerequisitesIn(orgId, nameOf(mod), again ? {} : { owner }, again);
  for (const [api, id] of Object.entries(found?.related ?? {})) {
    const target = moduleByApi(api);
    if (!target) throw new Error(`${nameOf(mod)}: its prerequisites name /api/${api}, not in the registry`);
    world[who][nameOf(target)] = id;
  }
}

/** A record created through the app's own create form (its related records given by `ids`); its id from the redirect. */
async function createThroughApp(cookie: string, mod: ResourceModule, ids: Record<string, string>): Promise<string> {
  const basePath = mod.definition.basePath;
  const unique = freshUnique();
  const form = [...sampleForm(mod), ["confirmarDuplicado", "1"]].map(([k, v]) => [
    k,
    resolveWith(String(v), { own: ids, foreign: {}, refs: {}, unique }),
  ]);
  const res = await fetch(`${base()}${basePath}/create`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: base() },
    body: new URLSearchParams(form as [string, string][]),
  });
  const location = res.headers.get("location") ?? "";
  // The record's page, perhaps with a note of what happened (`/posts/<id>?feito=salvo`).
  const path = location.split("?")[0] as string;
  const id = path.startsWith(`${basePath}/`) ? /^([0-9a-f-]{36})$/.exec(path.slice(basePath.length + 1))?.[1] : undefined;
  if (res.status !== 302 || !id)
    throw new Error(`could not create a ${nameOf(mod)} sample: ${res.status} ${location} ${(await res.text()).slice(0, 300)}`);
  return id;
}

/** Column (SQL name) an import looks a record up by: its code, else its first name column. */
function lookupColumns(mod: ResourceModule): { exact?: string; name?: string } {
  return { exact: mod.lookup?.exact?.column.name, name: mod.lookup?.names[0]?.name };
}

/** Resources an import's reference column names (their owner's record is written into the CSV samples). */
const REFERENCED = [...new Set(MODULES.flatMap((mod) => Object.values(mod.import?.references ?? {}).map((r) => r.resource)))];

/** The owner's records are there and live again (a run may have deleted or erased them); the refs current. */
async function revive(): Promise<boolean> {
  let changed = false;
  const state = () =>
    world.db.batch(
      DEPENDENCY_ORDER.map((mod) => {
        const { exact, name } = lookupColumns(mod);
        const refs = REFERENCED.includes(nameOf(mod))
          ? `, ${exact ? `"${exact}"` : "NULL"} AS exact, ${name ? `"${name}"` : "NULL"} AS name`
          : "";
        return { sql: `SELECT deleted_at${refs} FROM "${tableName(mod)}" WHERE id = ?`, args: [world.own[nameOf(mod)] ?? ""] };
      }),
      "read",
    );
  let results = await state();
  for (const [i, mod] of DEPENDENCY_ORDER.entries()) {
    const name = nameOf(mod);
    const row = results[i]?.rows[0];
    if (!row) {
      // Remade on fresh prerequisites: the requests may have changed a professional's week or services.
      await takePrerequisites("own", mod, true);
      world.own[name] = await createSample("own", mod);
      changed = true;
    } else if (row.deleted_at !== null && !hasRoute(mod, "list")) {
      await restoreRecords(serviceCtx(), actorOf("own"), name, [world.own[name] ?? ""]);
      changed = true;
    } else if (row.deleted_at !== null) {
      // "Desfazer", as the list's toast does it.
      const res = await fetch(`${base()}${mod.definition.basePath}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: world.ownerCookie, origin: base() },
        body: new URLSearchParams({ intent: "restaurar", ids: world.own[name] ?? "" }),
      });
      if (res.status !== 302) throw new Error(`could not restore the ${name} sample: ${res.status} ${(await res.text()).slice(0, 300)}`);
      changed = true;
    }
  }
  if (changed) results = await state();
  for (const [i, mod] of DEPENDENCY_ORDER.entries()) {
    const row = results[i]?.rows[0];
    if (!row || !REFERENCED.includes(nameOf(mod))) continue;
    const exact = typeof row.exact === "string" && mod.lookup?.exact?.accepts(row.exact) ? row.exact : null;
    world.refs[nameOf(mod)] = exact ?? String(row.name ?? "");
  }
  return changed;
}

// ---------------------------------------------------------------------------------------------
// Database snapshots and invariants

/** Counters that change on any attempt by design. */
const VOLATILE_TABLES = new Set(["rate_limits", "__drizzle_migrations"]);

interface Snapshot {
  /** Content hash per part: a table, a table's rows of one resource (`record_counts[clients]`), a derived column (`products.stock_milli`). */
  hashes: Record<string, string>;
  /** Hash of everything the other organization owns (every table with an org_id). */
  foreign: string;
  /** Records pointing at a record of another organization (or at none). */
  links: string[];
  /** Derived values out of step: live counts, totals, running balances. */
  sums: string[];
  /**
   * The owner's session's last password check (ms), kept out of the `sessions` hash: the run
   * sets it, and only a right `senha` on an erase may move it.
   */
  ownerAuthAt: number | null;
}

let layout: { table: string; columns: string[] }[] = [];

/** One table's rows as parts (see Snapshot.hashes). */
function partsOf(table: string, columns: readonly string[], rows: Record<string, unknown>[], out: Record<string, string>): void {
  if (columns.includes("resource") && columns.includes("org_id")) {
    const groups = new Map<string, Record<string, unknown>[]>();
    for (const row of rows) groups.set(String(row.resource), [...(groups.get(String(row.resource)) ?? []), row]);
    for (const [resource, list] of groups) out[`${table}[${resource}]`] = hashRows(list);
    return;
  }
  const derived = DERIVED_COLUMNS.get(table) ?? [];
  out[table] = hashRows(rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !derived.includes(k)))));
  // A new row at the column's default (a product's stock starting at 0) is that row's, not a trigger's doing.
  for (const column of derived)
    out[`${table}.${column}`] = hashRows(
      rows.filter((row) => row[column] !== 0 && row[column] !== null).map((row) => ({ id: row.id, value: row[column] })),
    );
}

/** A table the snapshot splits into parts (per resource, derived columns) or edits (sessions): read as rows. */
function byRows(t: { table: string; columns: readonly string[] }): boolean {
  return (t.columns.includes("resource") && t.columns.includes("org_id")) || DERIVED_COLUMNS.has(t.table) || t.table === "sessions";
}

/** The snapshot once the database stops changing (background jobs done), within ~3 s. */
async function settled(): Promise<Snapshot> {
  let last = await snapshot();
  for (let i = 0; i < 60; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await snapshot();
    if (changedTables(last, now).length === 0) return now;
    last = now;
  }
  return last;
}

async function snapshot(): Promise<Snapshot> {
  const db = world.db;
  if (!layout.length) {
    const names = (await db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")).rows
      .map((r) => String(r.name))
      .filter((t) => !VOLATILE_TABLES.has(t));
    const infos = await db.batch(
      names.map((t) => `PRAGMA table_info("${t}")`),
      "read",
    );
    layout = names.map((table, i) => ({ table, columns: (infos[i]?.rows ?? []).map((r) => String(r.name)) }));
  }
  const orgTables = layout.filter((t) => t.columns.includes("org_id")).map((t) => t.table);
  const orgs = [
    ["own", world.orgId],
    ["foreign", world.foreignOrgId],
  ] as const;
  type Check = { label: string; sql: string; args: string[]; kind: "links" | "sums" };
  const checks: Check[] = [];
  for (const [who, org] of orgs)
    for (const mod of MODULES) {
      const t = tableName(mod);
      const name = nameOf(mod);
      checks.push({
        label: `${who} ${name}: live rows vs record_counts`,
        sql: `SELECT (SELECT count(*) FROM "${t}" WHERE org_id = ? AND deleted_at IS NULL) AS have, coalesce((SELECT live FROM record_counts WHERE org_id = ? AND resource = ?), 0) AS want`,
        args: [org, org, name],
        kind: "sums",
      });
      // A ledger's sums are never stored (liveTotals): its lists add the rows up when read.
      for (const [key, column] of mod.liveTotals ? [] : Object.entries(mod.totals ?? {}))
        checks.push({
          label: `${who} ${name}: sum of ${column.name} vs record_totals ${key}`,
          sql: `SELECT coalesce((SELECT sum("${column.name}") FROM "${t}" WHERE org_id = ? AND deleted_at IS NULL), 0) AS have, coalesce((SELECT total FROM record_totals WHERE org_id = ? AND resource = ? AND column_key = ?), 0) AS want`,
          args: [org, org, name, key],
          kind: "sums",
        });
      for (const relation of mod.relations ?? []) {
        const c = relation.column.name;
        checks.push({
          label: `${who} ${name}.${c} → ${relation.target} of another organization`,
          sql: `SELECT count(*) AS have, 0 AS want FROM "${t}" WHERE org_id = ? AND "${c}" IS NOT NULL AND "${c}" NOT IN (SELECT id FROM "${tableName(moduleOf(relation.target))}" WHERE org_id = ?)`,
          args: [org, org],
          kind: "links",
        });
      }
    }
  for (const [who, org] of orgs)
    for (const l of LEDGERS)
      checks.push({
        label: `${who} ${l.target}.${l.column} ≠ sum of live ${l.source}.${l.amount}`,
        sql: `SELECT count(*) AS have, 0 AS want FROM "${l.target}" t WHERE t.org_id = ? AND t."${l.column}" <> coalesce((SELECT sum(s."${l.amount}") FROM "${l.source}" s WHERE s."${l.key}" = t.id AND s.org_id = t.org_id AND s.deleted_at IS NULL), 0)`,
        args: [org],
        kind: "sums",
      });
  const results = await db.batch(
    [
      // Tables hashed as they are read whole in the database; the few split into parts (per
      // resource, derived columns, the owner's session) come as rows.
      ...layout.map((t) => (byRows(t) ? selectWithoutCron(t.table) : digestSql(selectWithoutCron(t.table), t.columns))),
      ...orgTables.map((t) => ({
        sql: digestSql(`SELECT * FROM "${t}" WHERE org_id = ?`, layout.find((l) => l.table === t)?.columns ?? []),
        args: [world.foreignOrgId],
      })),
      ...checks.map((c) => ({ sql: c.sql, args: c.args })),
    ],
    "read",
  );
  const hashes: Record<string, string> = {};
  let ownerAuthAt: number | null = null;
  layout.forEach((t, i) => {
    if (!byRows(t)) {
      hashes[t.table] = digestOf(results[i]?.rows[0] as { body?: unknown } | undefined);
      return;
    }
    let rows = (results[i]?.rows ?? []) as unknown as Record<string, unknown>[];
    if (t.table === "sessions")
      rows = rows.map((row) => {
        if (row.id !== world.ownerSessionId) return row;
        ownerAuthAt = row.authenticated_at === null ? null : Number(row.authenticated_at);
        return { ...row, authenticated_at: null };
      });
    partsOf(t.table, t.columns, rows, hashes);
  });
  let i = layout.length;
  const foreign = createHash("sha256");
  for (const t of orgTables) foreign.update(`${t}:${digestOf(results[i++]?.rows[0] as { body?: unknown } | undefined)}`);
  const snap: Snapshot = { hashes, foreign: foreign.digest("hex"), links: [], sums: [], ownerAuthAt };
  for (const check of checks) {
    const row = results[i++]?.rows[0];
    const have = Number(row?.have ?? 0);
    const want = Number(row?.want ?? 0);
    if (have !== want) snap[check.kind].push(`${check.label}: ${have} (esperado ${want})`);
  }
  return snap;
}

/**
 * Parts of the snapshot a route of `mod` may change when its input may be saved: its table, its
 * search keys, its rows of the per-resource tables — and what its own triggers write elsewhere
 * (the ledger's stock), only when its own table changed too.
 */
function outsideOf(mod: ResourceModule, changed: readonly string[]): string[] {
  const own = new Set([tableName(mod), ...(mod.keys ? [getTableName(mod.keys)] : [])]);
  const side = sideWrites(mod);
  return changed.filter(
    (part) =>
      !own.has(part) &&
      !part.endsWith(`[${nameOf(mod)}]`) &&
      !(changed.includes(tableName(mod)) && side.some((w) => w === part || (w.startsWith("[") && part.endsWith(w)))),
  );
}

// ---------------------------------------------------------------------------------------------
// Oracles: may this input be saved?

/**
 * Whether the erase's re-authentication passes (worker/auth/reauth.ts): a `senha` typed must be
 * the owner's (and is then checked even in a fresh session); none typed passes only while fresh.
 */
function reauthPasses(form: FormData, stale: boolean): boolean {
  const typed = form.get("senha");
  if (typeof typed === "string" && typed.length > 0) return typed === world.ownerPassword;
  return !stale;
}

/** An erase's form the action gets to re-authenticate: the intent and the typed confirmation. */
function isErase(spec: RouteSpec, form: FormData | null): form is FormData {
  const confirmation = form?.get("confirmacao");
  return (
    spec.kind === "detail" &&
    spec.mod.erase === true &&
    form?.get("intent") === "apagar" &&
    typeof confirmation === "string" &&
    confirmation.trim().toUpperCase() === "APAGAR"
  );
}

/** The permission table's door a form knocks on. */
function actionOf(spec: RouteSpec, form: FormData | null): Action {
  const intent = String(form?.get("intent") ?? "");
  if (spec.kind === "create") return "create";
  if (spec.kind === "edit") return "update";
  if (spec.kind === "import") return "import";
  if (intent === "excluir" || intent === "restaurar") return "delete";
  if (intent === "apagar") return "lgpd";
  if (intent === "vistos") return "read";
  return "update";
}

/**
 * The owner may; the professional when the table lets professionals (Imóveis and Interesses:
 * BROKER_RECORD; registering clients) — on the world's records (the owner's) only where their
 * reach is any (a client is theirs to edit only when they registered it).
 */
function roleMay(who: Who, spec: RouteSpec, form: FormData | null): boolean {
  if (who === "owner") return true;
  if (who !== "professional") return false;
  const action = actionOf(spec, form);
  const scope = scopeOf(spec.mod.definition.access, "professional", action);
  return scope !== undefined && (action === "create" || reachOf(scope, false) === "any");
}

function mayChange(spec: RouteSpec, idKind: IdKind | undefined, form: FormData | null, stale: boolean): boolean {
  if (!form) return false;
  const page = pageIntent(spec, spec.path, form);
  if (page) return page.may(form, idKind);
  const intent = form.get("intent");
  const { schema } = spec.mod.definition;
  switch (spec.kind) {
    case "create":
      return validateForm(schema, form).ok;
    case "edit":
      return idKind === "own" && validateForm(schema, form).ok;
    case "list":
      return (intent === "excluir" || intent === "restaurar") && form.getAll("ids").some(isId);
    case "detail": {
      if (idKind !== "own") return false;
      if (intent === "excluir") return true;
      return isErase(spec, form) && reauthPasses(form, stale);
    }
    case "import": {
      const csv = form.get("csv");
      return intent === "importar" && typeof csv === "string" && csv.trim() !== "";
    }
    // A tab saves only its page intents (above).
    case "page":
      return false;
  }
}

// ---------------------------------------------------------------------------------------------

type IdKind = "own" | "other";

interface Case {
  route: string;
  spec: RouteSpec;
  idKind?: IdKind;
}

/**
 * Dependent resources first (movements, then products, then the companies they point at): a
 * resource's cases save more records like the owner's (same CNPJ, same name), which would make
 * the reference columns of imports fuzzed later ambiguous.
 */
const CASE_ORDER = [...DEPENDENCY_ORDER].reverse();
const cases: Case[] = [...FUZZED.entries()]
  .sort(
    ([a, x], [b, y]) =>
      CASE_ORDER.indexOf(x.mod) - CASE_ORDER.indexOf(y.mod) ||
      ACTION_ROUTES.findIndex((r) => r.path === a) - ACTION_ROUTES.findIndex((r) => r.path === b),
  )
  .flatMap(([route, spec]) =>
    route.includes(":id") ? (["own", "other"] as const).map((idKind) => ({ route, spec, idKind })) : [{ route, spec }],
  );

// The cron's jobs write to tables these snapshots compare: no tick between a request's two snapshots.
holdCronDuringFile();

beforeAll(async () => {
  const db = createClient({ url: inject("e2eDatabaseUrl") });
  const owner = await createRegisteredUser({ name: "Dona Formulários" });
  const stranger = await createRegisteredUser({ name: "Outra Organização" });
  const ownerCookie = await loginCookie(owner.email, owner.password);
  world = {
    db,
    ownerCookie,
    ownerPassword: owner.password,
    ownerSessionId: await digest(decodeURIComponent(ownerCookie.slice(ownerCookie.indexOf("=") + 1))),
    proCookie: "",
    strangerCookie: await loginCookie(stranger.email, stranger.password),
    orgId: "",
    foreignOrgId: "",
    ownerId: owner.id,
    strangerId: stranger.id,
    hoursWeek: null,
    own: {},
    foreign: {},
    refs: {},
  };
  world.orgId = await orgOf(owner.id);
  world.foreignOrgId = await orgOf(stranger.id);
  // A professional (corretor) of the same organization: writes only what the table lets them.
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
  // What the resources need first (the agenda: hours, a service, professionals who perform it):
  // those records are the samples of their resources. Then the others, the records each one
  // points at first.
  for (const mod of DEPENDENCY_ORDER) {
    await takePrerequisites("foreign", mod);
    await takePrerequisites("own", mod);
  }
  for (const mod of DEPENDENCY_ORDER) {
    world.foreign[nameOf(mod)] ??= await createSample("foreign", mod);
    world.own[nameOf(mod)] ??= await createSample("own", mod);
  }
  const [hours] = await handle.select({ semana: businessHours.semana }).from(businessHours).where(eq(businessHours.orgId, world.orgId));
  world.hoursWeek = hours?.semana ?? null;
  await revive();
});

afterAll(() => {
  world?.db.close();
});

describe("bad input on every record screen's form actions (registry × app/routes.ts)", () => {
  it("covers every route with an action under a resource's basePath", () => {
    expect(ACTION_ROUTES.length, "found no action at all: is the export detection broken?").toBeGreaterThan(5);
    expect(
      UNKNOWN,
      "a route of a resource exports an action this harness does not know (list, /create, /import, /:id, /:id/edit): teach it the new kind",
    ).toEqual([]);
    const screened = MODULES.filter((mod) => [...FUZZED.values()].some((s) => s.mod === mod));
    expect(screened.length, "no resource has a route with an action: is the basePath matching broken?").toBeGreaterThan(0);
    for (const mod of MODULES) {
      if (!screened.includes(mod)) console.warn(`[form-fuzz] ${nameOf(mod)}: nenhuma rota com action em ${mod.definition.basePath}`);
      // Its own and foreign records exist, and its valid forms exist for its routes.
      expect(world.own[nameOf(mod)], `${nameOf(mod)}: no sample record`).toMatch(ID_RE);
    }
    for (const c of cases) expect(FUZZED.get(c.route), c.route).toBeDefined();
    if (ELSEWHERE.length)
      console.warn(
        `[form-fuzz] rotas com action que não são de um recurso nem telas de conta (não fuzzadas aqui): ${ELSEWHERE.join(", ")}`,
      );
    const table = MODULES.map((mod) => {
      const rows = cases.filter((c) => c.spec.mod === mod).map((c) => `${c.route}${c.idKind ? ` (${c.idKind})` : ""}`);
      return `  ${nameOf(mod)}: ${rows.length} casos × ${RUNS} corridas — ${rows.join(", ") || "—"}`;
    });
    console.log(`[form-fuzz] ${cases.length} casos:\n${table.join("\n")}`);
  });

  it("the valid sample forms are valid (so mutating them tests something)", () => {
    for (const mod of MODULES) {
      if (!hasRoute(mod, "create") && !hasRoute(mod, "edit")) continue;
      const form = new FormData();
      for (const [k, v] of sampleForm(mod)) form.append(k, typeof v === "string" ? resolve(v) : v);
      expect(validateForm(mod.definition.schema, form), nameOf(mod)).toMatchObject({ ok: true });
      // Every relation field of the example points at the owner's record of its target.
      for (const [field, target] of relationFields(mod))
        if (form.get(field)) expect(form.get(field), `${nameOf(mod)}.${field}`).toBe(world.own[target]);
    }
  });

  it("the CSV samples built from the examples import in the preview (every column read, references linked)", async () => {
    for (const mod of MODULES) {
      if (!hasRoute(mod, "import")) continue;
      const samples = csvSamples(mod);
      expect(samples, `${nameOf(mod)} has an import screen but no import spec`).not.toBeNull();
      const csv = resolve(samples?.valid ?? "");
      const form = new FormData();
      form.append("intent", "previa");
      form.append("arquivo", new File([csv], "amostra.csv", { type: "text/csv" }));
      const res = await fetch(`${base()}${mod.definition.basePath}/import.data`, {
        method: "POST",
        headers: { cookie: world.ownerCookie, origin: base() },
        body: form,
      });
      const outcome = await readOutcome(res, "data");
      const where = `${nameOf(mod)}: preview of\n${csv}→ ${outcome.status} ${JSON.stringify(outcome.data).slice(0, 1500)}`;
      expect(outcome.status, where).toBe(200);
      const preview = (outcome.data as { preview?: Preview } | undefined)?.preview;
      expect(
        preview?.columns.filter((c) => c.field === null),
        `${where}\ncolumns not read`,
      ).toEqual([]);
      expect(preview?.rows.length, where).toBe(1);
      const row = preview?.rows[0];
      expect(row?.errors, where).toEqual({});
      expect(row?.status, where).not.toBe("invalid");
      expect(
        row?.warnings.filter((w) => w.kind !== "duplicate"),
        where,
      ).toEqual([]);
      for (const [column, reference] of Object.entries(mod.import?.references ?? {}))
        expect(row?.links?.[column]?.id, `${where}\n${column} → the owner's ${reference.resource}`).toBe(world.own[reference.resource]);
    }
  });

  it("a tampered flash or return-to cookie (what actions leave for the next page) never breaks a page", async () => {
    const broken = ["%E0%A4%A", "%", '{"kind":"deleted"'];
    for (const mod of MODULES) {
      const name = nameOf(mod);
      const flashes = [
        ...broken,
        encodeURIComponent(JSON.stringify({ kind: "deleted", resource: name, ids: ["<script>alert(1)</script>"], back: "//evil.example" })),
        encodeURIComponent(JSON.stringify({ kind: "imported", resource: name, count: -1, skipped: "x" })),
      ];
      const pages = [
        ...(hasRoute(mod, "list") ? [mod.definition.basePath] : []),
        ...(hasRoute(mod, "detail") ? [`${mod.definition.basePath}/${world.own[name]}`] : []),
      ];
      for (const flash of flashes)
        for (const page of pages) {
          const res = await fetch(`${base()}${page}`, {
            redirect: "manual",
            headers: { cookie: `${world.ownerCookie}; alicerce_flash=${flash}` },
          });
          const html = await res.text();
          expect(res.status, `${page} with alicerce_flash=${flash}`).toBe(200);
          expect(html.includes("<script>alert(1)"), `${page}: the flash's ids came back as markup`).toBe(false);
        }
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
    it(`${title}: nunca 5xx, erros em pt-BR, banco intacto`, { timeout: 180_000 }, async () => {
      const { spec } = c;
      const name = nameOf(spec.mod);
      await revive();
      // Files are not rewritten per request: built now, with this moment's ids.
      const files = fileArbitrary();
      const sample = csvSamples(spec.mod);
      const sampleFile = sample ? new File([resolve(sample.valid)], "importar.csv", { type: "text/csv" }) : null;
      let baseline = await snapshot();
      let pastAuth = false;
      /** Answers by status, and the parts the saved inputs changed: printed, so a run that never saves shows. */
      const statuses = new Map<number, number>();
      const saved = new Map<string, number>();
      const otherId = idValues(name).filter((v) => v !== OWN(name));
      await fc.assert(
        fc.asyncProperty(
          bodies(spec, files, sampleFile),
          principals,
          transports,
          otherId,
          fc.boolean(),
          async (body, who, transport, other, stale) => {
            // Refused before its body is read, a multi-megabyte upload gets a connection reset from
            // wrangler dev's proxy ("Network connection lost", 500) — not the app's answer.
            fc.pre(who === "owner" || !isBig(body));
            fc.pre(!isUnread(body));
            if (await revive()) baseline = await snapshot();
            // The owner last typed the password just now, or past the re-authentication window.
            const authAt = Date.now() - (stale ? REAUTH_WINDOW_MS + 60_000 : 0);
            await world.db.execute({ sql: "UPDATE sessions SET authenticated_at = ? WHERE id = ?", args: [authAt, world.ownerSessionId] });
            const unique = freshUnique();
            const id = c.idKind === "own" ? (world.own[name] ?? "") : c.idKind === "other" ? resolve(other) : "";
            const pathname = c.route.replace(":id", encodeURIComponent(id));
            const url = `${base()}${transport === "data" ? `${pathname}.data` : pathname}${spec.index ? "?index" : ""}`;
            const encoded = await encode(body, (v) => resolve(v, unique));
            const headers: Record<string, string> = { origin: base() };
            if (encoded.contentType) headers["content-type"] = encoded.contentType;
            if (who !== "anonymous") headers.cookie = who === "owner" ? world.ownerCookie : world.proCookie;
            const sentAt = Date.now();
            const res = await fetch(url, { method: "POST", redirect: "manual", headers, body: encoded.body });
            const outcome = await readOutcome(res, transport);
            const answeredAt = Date.now();
            statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
            const where = `POST ${transport === "data" ? `${pathname}.data` : pathname} as ${who}${stale ? " (senha digitada há 11 min)" : ""} with ${encoded.label}`;
            const answer = `${outcome.status} ${JSON.stringify(outcome.messages).slice(0, 300)} ${outcome.redirect ?? ""}`;

            expect(outcome.status, `${where} → ${outcome.status} ${outcome.snippet}`).toBeLessThan(500);
            expect(outcome.status, `${where} → ${answer}`).toBeGreaterThanOrEqual(200);
            // 413 is the body cap, answered before anything else for everyone: it says nothing of the door.
            if (who === "owner" && ![401, 403, 413].includes(outcome.status)) pastAuth = true;
            if (outcome.redirect !== undefined)
              expect(isAppPath(outcome.redirect, base()), `${where} redirected off the app: ${answer}`).toBe(true);
            if (outcome.status >= 400) expect(outcome.messages.length, `${where} → ${answer}: a 4xx with no message`).toBeGreaterThan(0);
            for (const message of outcome.messages)
              expect(isPtBr(message), `${where} → ${answer}: ${JSON.stringify(message)} is not pt-BR`).toBe(true);

            // What an accepted answer left running (the e-mail job) lands in this attempt, not the next.
            const after = outcome.status < 400 ? await settled() : await snapshot();
            expect(after.foreign, `${where} → ${answer} changed another organization's records`).toBe(baseline.foreign);
            expect(after.links, `${where} → ${answer} linked a record to another organization's`).toEqual([]);
            expect(after.sums, `${where} → ${answer}: derived values out of step`).toEqual([]);
            const form = await serverView(encoded);
            if (after.ownerAuthAt !== authAt) {
              // Stamped by a right password on an erase (even one that then finds no record), at the time of the request.
              expect(
                who === "owner" && isErase(spec, form) && form.get("senha") === world.ownerPassword,
                `${where} → ${answer} re-authenticated`,
              ).toBe(true);
              expect(
                after.ownerAuthAt ?? 0,
                `${where} → ${answer}: authenticated_at is not the time of the request`,
              ).toBeGreaterThanOrEqual(sentAt - 1000);
              expect(after.ownerAuthAt ?? 0, `${where} → ${answer}: authenticated_at is not the time of the request`).toBeLessThanOrEqual(
                answeredAt + 1000,
              );
            }
            const changed = changedTables(baseline, after);
            if (changed.length) {
              const allowed = roleMay(who, spec, form) && outcome.status < 400 && mayChange(spec, c.idKind, form, stale);
              expect(allowed, `${where} → ${answer} changed ${changed.join(", ")}`).toBe(true);
              const pageTables = pageIntent(spec, spec.path, form)?.tables ?? [];
              expect(
                outsideOf(spec.mod, changed).filter((t) => !pageTables.includes(t)),
                `${where} → ${answer} changed more than its own ${name} records`,
              ).toEqual([]);
              for (const part of changed) saved.set(part, (saved.get(part) ?? 0) + 1);
            }
            baseline = after;
          },
        ),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: process.env.FORM_FUZZ_SHRINK !== "1" },
      );
      const show = (m: Map<string | number, number>) => [...m].map(([k, n]) => `${k}×${n}`).join(" ") || "—";
      console.log(`[form-fuzz] ${title}: respostas ${show(statuses)}; gravado: ${show(saved)}`);
      // A list whose records nobody may delete (sales are cancelled, never deleted) has no door
      // open to anyone: then every owner request must be refused, never one passed.
      const closed = spec.kind === "list" && scopeOf(spec.mod.definition.access, "owner", "delete") === undefined;
      expect(
        pastAuth,
        closed ? `${title}: the owner passed a list nobody may change` : `${title}: every request of the owner was refused`,
      ).toBe(!closed);
    });
  }
});

/** The part of an import preview the sample check reads (app/server/resources.server.ts ImportState). */
interface Preview {
  columns: { header: string; field: string | null }[];
  rows: {
    status: string;
    errors: Record<string, string>;
    warnings: { kind: string; message: string }[];
    links?: Record<string, { id: string }>;
  }[];
}
