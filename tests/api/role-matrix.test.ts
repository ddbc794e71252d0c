/**
 * Role matrix, doors "API" and "function": every resource of the registry × every role × every
 * action of the permission table. Each action's endpoints under `/api/<resource>` answer 403
 * with the pt-BR message exactly when `can(role, resource, action)` says no — and then the
 * database is unchanged — and something other than 401/403/5xx when it says yes (bodies from the
 * module's `example()`, the records they point at created first, following `relations`). Every
 * edge function answers 403 exactly when the table refuses its declared permission.
 *
 * Cases come from the registry and the routers: a new resource or function is covered without
 * editing this file. The matrix is printed once at the end (✓ allowed, ✗ refused; `!` a door
 * disagreed with the table).
 */
import { type Snapshot, snapshotTables } from "../support/db-snapshot.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ROLES, type Role } from "../../shared/enums.ts";
import { ACTIONS, type Action, reachOf, rolesAllowed, scopeOf } from "../../shared/permissions.ts";
import { businessSettings } from "../../db/schema/index.ts";
import { can, FORBIDDEN_MESSAGE } from "../../worker/auth/permissions.ts";
import { edgeFunctions } from "../../worker/functions/index.ts";
import { defineFunction, type EdgeFunction } from "../../worker/functions/registry.ts";
import type { ResourceModule } from "../../worker/resources/define.ts";
import { moduleOf, notFoundMessage, RESOURCES } from "../../worker/resources/registry.ts";
import { type FakeViaCep, startFakeViaCep } from "../fakes/viacep-server.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";
import { addMember, api, errorMessage } from "./records.ts";
import { prepareResource } from "./resource-prerequisites.ts";

const MODULES = RESOURCES as unknown as readonly ResourceModule[];

// ---------------------------------------------------------------------------------------------
// The doors of each action

interface Door {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Under `/api/<resource>`; `:id` is a live record of the organization, created for the request. */
  suffix: string;
  /** Only where the resource's router has it (its own routes: LGPD). Else the route must exist. */
  optional?: boolean;
  body?: (mod: ResourceModule, id: string) => unknown;
}

const DOORS: Record<Action, Door[]> = {
  read: [
    { method: "GET", suffix: "" },
    { method: "GET", suffix: "/:id" },
    { method: "GET", suffix: "/options" },
  ],
  create: [{ method: "POST", suffix: "", body: (mod) => sample(mod) }],
  update: [{ method: "PATCH", suffix: "/:id", body: (mod) => sample(mod) }],
  delete: [
    { method: "DELETE", suffix: "/:id" },
    { method: "POST", suffix: "/delete", body: (_mod, id) => ({ ids: [id] }) },
  ],
  import: [{ method: "POST", suffix: "/import", body: (mod) => ({ csv: importCsv(mod), mode: "preview" }) }],
  export: [{ method: "GET", suffix: "/export" }],
  lgpd: [
    { method: "DELETE", suffix: "/:id/lgpd", optional: true },
    { method: "GET", suffix: "/:id/lgpd", optional: true },
  ],
  // Where the resource's router has it (posts): approving what someone drafted.
  approve: [
    { method: "POST", suffix: "/:id/aprovar", optional: true },
    // Sales: cancelling (reverses stock and money) is the approvers' move.
    { method: "POST", suffix: "/:id/cancel", optional: true, body: () => ({ reason: "Conferência da matriz de papéis" }) },
  ],
};

/** A one-column CSV with the column an import requires (a preview: nothing is saved). */
function importCsv(mod: ResourceModule): string {
  const required = mod.import?.required ?? "nome";
  return `${required}\nRegistro de teste da matriz\n`;
}

// ---------------------------------------------------------------------------------------------
// Records

let h: Harness;
let viacep: FakeViaCep;
let orgId: string;
const cookies = {} as Record<Role, string>;
/** Records other records point at (by API segment): never the target of a request. */
const related: Record<string, string> = {};

function uniqueValue(): string {
  return crypto.randomUUID().slice(0, 8).toUpperCase();
}

/** A valid body of the resource, pointing at live records of the organization (`rel`: its related records). */
function sample(mod: ResourceModule, rel: Record<string, string> = related): Record<string, unknown> {
  return mod.example((segment) => {
    const id = rel[segment];
    if (!id) throw new Error(`no related ${segment} record: relations of ${mod.definition.name} not seeded`);
    return id;
  }, uniqueValue());
}

/** An organization of the matrix: its members' cookies and the records others point at. */
interface MatrixOrg {
  cookies: Record<Role, string>;
  related: Record<string, string>;
}

/** The members' user ids of the first organization (owner columns name them). */
const users = {} as Record<Role, string>;

/** Per organization (its `related`): the linked record of each member (an ownerLink's target, from prepareResource). */
const linkedRecords = new Map<Record<string, string>, Partial<Record<Role, string>>>();
const prepared = new Set<string>();

/** The linked record that makes a row `who`'s (an appointment's profissional linked to them). */
function linkedOf(org: MatrixOrg, who: Role): string {
  const id = linkedRecords.get(org.related)?.[who];
  if (!id) throw new Error(`no linked record of ${who}: PREPARE did not run`);
  return id;
}

/** The records `mod` points at, created once (depth first: a movement needs a product). */
async function seedRelated(mod: ResourceModule, org: MatrixOrg = { cookies, related }): Promise<void> {
  const main = org.related === related;
  const key = `${mod.definition.name} ${main ? orgId : (org as { orgId?: string }).orgId}`;
  if (!prepared.has(key)) {
    prepared.add(key);
    const owned = org as MatrixOrg & { orgId?: string; users?: Record<Role, string> };
    const found = await prepareResource(
      h.fresh.db,
      mod.definition.name,
      main ? orgId : (owned.orgId as string),
      main ? users : owned.users,
    );
    if (found) Object.assign(org.related, found.related);
    if (found?.linked) linkedRecords.set(org.related, found.linked);
  }
  for (const relation of mod.relations ?? []) {
    const target = moduleOf(relation.target);
    if (org.related[target.definition.api]) continue;
    await seedRelated(target, org);
    org.related[target.definition.api] = await createAsOwner(target, org);
  }
}

async function createAsOwner(
  mod: ResourceModule,
  org: MatrixOrg = { cookies, related },
  extra: Record<string, unknown> = {},
  by: Role = "owner",
): Promise<string> {
  let res = await api<{ data?: { id: string } }>(h, org.cookies[by], "POST", `/api/${mod.definition.api}`, {
    ...sample(mod, org.related),
    ...extra,
  });
  // An example whose unique value happened to take a slot already taken (an appointment): another one.
  for (let retry = 0; res.status === 409 && retry < 3; retry++) {
    res = await api(h, org.cookies[by], "POST", `/api/${mod.definition.api}`, { ...sample(mod, org.related), ...extra });
  }
  if (res.status !== 201 || !res.body.data)
    throw new Error(`could not create a ${mod.definition.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** A fresh live record for one request (its related records already there). */
async function freshRecord(mod: ResourceModule): Promise<string> {
  await seedRelated(mod);
  return createAsOwner(mod);
}

/** The owner columns a body sets (form fields); the others (`criadoPor`) name whoever creates the record. */
function ownerFields(mod: ResourceModule): string[] {
  return (mod.definition.owners ?? []).filter((key) => mod.definition.fields.some((f) => f.name === key));
}

/**
 * A record of `who`: the first owner column names them where a body sets it, else (the owner is
 * the creator) they create it. `all`: every owner column names them (another member's record).
 */
async function recordOf(mod: ResourceModule, org: MatrixOrg, ids: Record<Role, string>, who: Role, all = false): Promise<string> {
  const link = mod.definition.ownerLink;
  if (link) return createAsOwner(mod, org, { [link.field]: linkedOf(org, who) });
  const owners = mod.definition.owners ?? [];
  const fields = ownerFields(mod);
  const byCreator = owners.some((key) => !fields.includes(key));
  const named = all ? fields : fields.slice(0, owners[0] && fields.includes(owners[0]) ? 1 : 0);
  return createAsOwner(mod, org, Object.fromEntries(named.map((key) => [key, ids[who]])), byCreator ? who : "owner");
}

// ---------------------------------------------------------------------------------------------
// The database, before and after a refusal

/** Tables touched by any request by design (rate-limit counters, a session's last use). */
const VOLATILE_TABLES = new Set(["rate_limits", "__drizzle_migrations", "sessions"]);

function snapshot(): Promise<Snapshot> {
  return snapshotTables(h.fresh.db.$client, VOLATILE_TABLES);
}

/** Rows of the resource's own table: all of them, and the live ones. */
async function rowCounts(mod: ResourceModule): Promise<{ all: number; live: number }> {
  const rows = (await h.fresh.db.select().from(mod.table)) as { excluidoEm?: unknown }[];
  return { all: rows.length, live: rows.filter((r) => r.excluidoEm === null || r.excluidoEm === undefined).length };
}

// ---------------------------------------------------------------------------------------------
// What happened, for the printed matrix

type Mark = "✓" | "✗" | "!";
const marks = new Map<string, Mark>();
const disagreements: string[] = [];
/** Endpoints exercised per resource and action (for the note under the matrix). */
const exercised = new Map<string, string[]>();

function note(key: string, agreed: boolean, allowed: boolean, detail: string): void {
  if (!agreed) {
    marks.set(key, "!");
    disagreements.push(detail);
  } else if (marks.get(key) !== "!") marks.set(key, allowed ? "✓" : "✗");
}

function printMatrix(): void {
  const pad = (s: string, n: number) => s + " ".repeat(Math.max(0, n - [...s].length));
  const lines = ["", "Matriz de permissões — portas API e função (✓ permitido, ✗ 403, ! porta discordou da tabela, — sem rota)"];
  lines.push(`${pad("recurso", 24)}${pad("ação", 8)}${ROLES.map((r) => pad(r, 13)).join("")}rotas`);
  for (const mod of MODULES) {
    const name = mod.definition.name;
    for (const action of ACTIONS) {
      const doors = exercised.get(`${name} ${action}`) ?? [];
      const cells = ROLES.map((role) => pad(doors.length ? (marks.get(`${name} ${action} ${role}`) ?? "?") : "—", 13));
      lines.push(`${pad(name, 24)}${pad(action, 8)}${cells.join("")}${doors.join(", ")}`);
    }
  }
  for (const [fnName, fn] of edgeFunctions) {
    const cells = ROLES.map((role) => pad(marks.get(`fn ${fnName} ${role}`) ?? "?", 13));
    lines.push(
      `${pad(`ƒ ${fnName}`, 24)}${pad(fn.permission.action, 8)}${cells.join("")}POST /functions/v1/${fnName} (${fn.permission.resource})`,
    );
  }
  lines.push(disagreements.length ? `Discordâncias:\n  ${disagreements.join("\n  ")}` : "Nenhuma porta discordou da tabela.");
  console.log(lines.join("\n"));
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  viacep = await startFakeViaCep();
  h = await createHarness();
  h.env.VIACEP_BASE_URL = viacep.url;
  const owner = await createOwner(h, "Matriz");
  orgId = owner.orgId;
  cookies.owner = owner.cookie;
  users.owner = (await userId(h, owner.email)) as string;
  for (const role of ROLES) {
    if (role === "owner") continue;
    const member = await addMember(h, orgId, role);
    cookies[role] = member.cookie;
    users[role] = member.userId;
  }
});

afterAll(async () => {
  printMatrix();
  await viacep?.close();
});

/** The app's routes as `METHOD /path` (trailing slashes dropped). */
function routeSet(): Set<string> {
  return new Set(h.app.routes.map((r) => `${r.method} ${r.path.replace(/(.)\/+$/, "$1")}`));
}

describe("role matrix: API (every resource × action × role)", () => {
  it("has roles, resources and doors to check (so the matrix cannot pass empty)", () => {
    expect(ROLES.length).toBeGreaterThanOrEqual(4);
    expect(MODULES.length).toBeGreaterThanOrEqual(1);
    const routes = routeSet();
    for (const mod of MODULES) {
      const base = `/api/${mod.definition.api}`;
      for (const action of ACTIONS) {
        for (const door of DOORS[action]) {
          const route = `${door.method} ${base}${door.suffix}`;
          if (!door.optional) expect(routes.has(route), `missing route ${route}`).toBe(true);
        }
        const present = DOORS[action].filter((d) => routes.has(`${d.method} ${base}${d.suffix}`));
        if (rolesAllowed(mod.definition.access, action).length) {
          expect(present.length, `${mod.definition.name}: the table allows ${action} but the API has no door for it`).toBeGreaterThan(0);
        }
      }
    }
  });

  for (const mod of MODULES) {
    const name = mod.definition.name;
    const base = `/api/${mod.definition.api}`;
    for (const action of ACTIONS) {
      it(`${name} · ${action}`, async () => {
        const routes = routeSet();
        const doors = DOORS[action].filter((d) => routes.has(`${d.method} ${base}${d.suffix}`));
        exercised.set(
          `${name} ${action}`,
          doors.map((d) => `${d.method} ${d.suffix || "/"}`),
        );
        for (const role of ROLES) {
          const allowed = can(role, name, action);
          // A cell whose reach is own even where the business does not restrict acts on the role's own record.
          const scope = scopeOf(mod.definition.access, role, action);
          const ownReach = scope !== undefined && reachOf(scope, false) === "own";
          for (const door of doors) {
            const needsId = door.suffix.includes(":id") || door.suffix === "/delete";
            const id = !needsId ? "" : ownReach ? await recordOf(mod, { cookies, related }, users, role) : await freshRecord(mod);
            if (door.body) await seedRelated(mod);
            const path = `${base}${door.suffix.replace(":id", id)}`;
            const link = mod.definition.ownerLink;
            const own =
              ownReach && link && (action === "create" || action === "update")
                ? { [link.field]: linkedOf({ cookies, related }, role) }
                : {};
            const body = door.body ? { ...(door.body(mod, id) as Record<string, unknown>), ...own } : undefined;
            const write = door.method !== "GET";
            const before = !allowed && write ? { db: await snapshot(), rows: await rowCounts(mod) } : null;
            const res = await api(h, cookies[role], door.method, path, body);
            const where = `${role} ${door.method} ${path} (${action}: table says ${allowed ? "yes" : "no"}) → ${res.status}`;
            const key = `${name} ${action} ${role}`;
            if (allowed) {
              const ok = res.status !== 401 && res.status !== 403 && res.status < 500;
              note(key, ok, allowed, `${where} ${ok ? "" : JSON.stringify(res.body).slice(0, 200)}`);
              expect.soft(ok, `${where} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(true);
            } else {
              const ok = res.status === 403 && errorMessage(res.body) === FORBIDDEN_MESSAGE;
              note(key, ok, allowed, `${where} ${ok ? "" : JSON.stringify(res.body).slice(0, 200)}`);
              expect.soft(res.status, where).toBe(403);
              expect.soft(errorMessage(res.body), where).toBe(FORBIDDEN_MESSAGE);
            }
            if (before) {
              const after = { db: await snapshot(), rows: await rowCounts(mod) };
              const changed = Object.keys(after.db.hashes).filter((t) => after.db.hashes[t] !== before.db.hashes[t]);
              if (changed.length || after.rows.all !== before.rows.all || after.rows.live !== before.rows.live) {
                note(key, false, allowed, `${where}: refused but changed ${changed.join(", ") || name}`);
              }
              expect.soft(after.rows, `${where}: rows of ${name} after a refusal`).toEqual(before.rows);
              expect.soft(changed, `${where}: tables changed by a refusal`).toEqual([]);
            }
          }
        }
      });
    }
  }
});

describe("role matrix: edge functions (every function × role)", () => {
  it("has functions to check", () => {
    expect(edgeFunctions.size).toBeGreaterThan(0);
  });

  it("the relay asks the table, not a role list: a function needing a managers' permission refuses the others", async () => {
    // Both real functions are open to every role, so the refusal path is proven with a probe
    // registered for this test only (the door reads `permission` from whatever is registered).
    const probe = defineFunction({
      name: "sonda-matriz",
      permission: { resource: "team", action: "update" },
      input: z.object({}),
      example: {},
      handler: async () => ({ ok: true }),
    });
    const registry = edgeFunctions as Map<string, EdgeFunction>;
    registry.set(probe.name, probe as unknown as EdgeFunction);
    try {
      for (const role of ROLES) {
        const allowed = can(role, "team", "update");
        const res = await api(h, cookies[role], "POST", `/functions/v1/${probe.name}`, {});
        const where = `${role} POST /functions/v1/${probe.name} (team · update: table says ${allowed ? "yes" : "no"}) → ${res.status}`;
        if (allowed) expect.soft(res.status, where).toBe(200);
        else {
          expect.soft(res.status, where).toBe(403);
          expect.soft(errorMessage(res.body), where).toBe(FORBIDDEN_MESSAGE);
        }
      }
      expect(ROLES.filter((r) => can(r, "team", "update")).length, "the probe must be refused to someone").toBeLessThan(ROLES.length);
    } finally {
      registry.delete(probe.name);
    }
  });

  for (const [fnName, fn] of edgeFunctions) {
    it(`${fnName} (${fn.permission.resource} · ${fn.permission.action})`, async () => {
      expect(fn.input.safeParse(fn.example).success, `${fnName}: example must be a valid input`).toBe(true);
      for (const role of ROLES) {
        const allowed = can(role, fn.permission.resource, fn.permission.action);
        const before = allowed ? null : await snapshot();
        const res = await api(h, cookies[role], "POST", `/functions/v1/${fnName}`, fn.example);
        const where = `${role} POST /functions/v1/${fnName} (table says ${allowed ? "yes" : "no"}) → ${res.status}`;
        const ok = allowed
          ? res.status !== 401 && res.status !== 403 && res.status < 500
          : res.status === 403 && errorMessage(res.body) === FORBIDDEN_MESSAGE;
        note(`fn ${fnName} ${role}`, ok, allowed, `${where} ${ok ? "" : JSON.stringify(res.body).slice(0, 200)}`);
        if (allowed) expect.soft(ok, `${where} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(true);
        else {
          expect.soft(res.status, where).toBe(403);
          expect.soft(errorMessage(res.body), where).toBe(FORBIDDEN_MESSAGE);
        }
        if (before) expect.soft((await snapshot()).hashes, `${where}: a refusal changed the database`).toEqual(before.hashes);
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Own vs any

/**
 * The cells whose reach is "own" for a member of an organization whose business restricts the
 * table's `business` cells (Configurações do Negócio: a corretor sees only their own imóveis and
 * interesses), read from the table: a new "own" cell (a professional's appointments) is covered
 * without editing this file. In the organization above, which does not restrict, the same roles
 * acted on records the owner created: that is the "any" half of each cell.
 */
function ownCells(): { mod: ResourceModule; role: Role; action: Action }[] {
  const cells: { mod: ResourceModule; role: Role; action: Action }[] = [];
  for (const mod of MODULES)
    for (const role of ROLES)
      for (const action of ACTIONS) {
        const scope = scopeOf(mod.definition.access, role, action);
        if (scope && reachOf(scope, true) === "own") cells.push({ mod, role, action });
      }
  return cells;
}

describe("role matrix: own vs any (every cell whose reach is own × its doors)", () => {
  const org: MatrixOrg & { orgId: string; users: Record<Role, string> } = {
    orgId: "",
    cookies: {} as Record<Role, string>,
    related: {},
    users: {} as Record<Role, string>,
  };
  const ownMarks: string[] = [];

  beforeAll(async () => {
    const owner = await createOwner(h, "Matriz restrita");
    org.orgId = owner.orgId;
    org.cookies.owner = owner.cookie;
    org.users.owner = (await userId(h, owner.email)) as string;
    for (const role of ROLES) {
      if (role === "owner") continue;
      const member = await addMember(h, org.orgId, role);
      org.cookies[role] = member.cookie;
      org.users[role] = member.userId;
    }
    await h.fresh.db.insert(businessSettings).values({ orgId: org.orgId, estoqueNegativo: false, corretorApenasSeus: true });
  });

  afterAll(() => {
    console.log(
      [
        "",
        "Alcance próprio: ✓ age no seu registro; no de outro membro, 404 (ou 403 se o lê), nada muda; listas e totais só com os seus",
        ...ownMarks,
      ].join("\n"),
    );
  });

  /** Live rows of the restricted organization that one of the owner columns gives to `user`. */
  async function ownRows(mod: ResourceModule, user: string): Promise<Record<string, unknown>[]> {
    const rows = (await h.fresh.db.select().from(mod.table)) as Record<string, unknown>[];
    const owners = mod.definition.owners ?? [];
    const link = mod.definition.ownerLink;
    const role = ROLES.find((r) => org.users[r] === user);
    const linked = link && role ? linkedOf(org, role) : undefined;
    return rows.filter(
      (r) => r.orgId === org.orgId && r.excluidoEm == null && (owners.some((k) => r[k] === user) || (link && r[link.field] === linked)),
    );
  }

  it("has own cells to check, each on a resource that declares its owner columns (so this part cannot pass empty)", () => {
    const cells = ownCells();
    expect(cells.length).toBeGreaterThan(0);
    for (const { mod } of cells) {
      const declared = (mod.definition.owners?.length ?? 0) + (mod.definition.ownerLink ? 1 : 0);
      expect(declared, mod.definition.name).toBeGreaterThan(0);
    }
  });

  for (const { mod, role, action } of ownCells()) {
    const name = mod.definition.name;
    const base = `/api/${mod.definition.api}`;
    it(`${name} · ${action} · ${role}: own`, async () => {
      const owners = mod.definition.owners ?? [];
      const me = org.users[role];
      const cookie = org.cookies[role];
      const notFound = notFoundMessage(mod);
      await seedRelated(mod, org);
      const otherRole: Role = role === "owner" ? "admin" : "owner";
      const fields = ownerFields(mod);
      // Mine: the first owner column names me (or I created it); theirs: every owner column names another member.
      const mine = await recordOf(mod, org, org.users, role);
      const theirs = await recordOf(mod, org, org.users, otherRole, true);
      const link = mod.definition.ownerLink;
      const mineLink = link ? { [link.field]: linkedOf(org, role) } : {};
      const mineBody = () => ({
        ...sample(mod, org.related),
        ...(fields[0] !== undefined && fields[0] === owners[0] ? { [fields[0]]: me } : {}),
        ...mineLink,
      });
      // A record they may read anyway is no secret: refused (403); one they cannot read is "não encontrado" (404).
      const readScope = scopeOf(mod.definition.access, role, "read");
      const sees = readScope !== undefined && reachOf(readScope, true) === "any";
      const refusedUnchanged = async (method: "PATCH" | "DELETE" | "POST", path: string, body?: unknown) => {
        const before = await snapshot();
        const res = await api(h, cookie, method, path, body);
        const where = `${role} ${method} ${path} (another member's ${name})`;
        expect.soft(res.status, where).toBe(sees ? 403 : 404);
        expect.soft(errorMessage(res.body), where).toBe(sees ? FORBIDDEN_MESSAGE : notFound);
        const after = await snapshot();
        expect
          .soft(
            Object.keys(after.hashes).filter((t) => after.hashes[t] !== before.hashes[t]),
            `${where}: tables changed`,
          )
          .toEqual([]);
      };

      if (action === "read") {
        expect.soft((await api(h, cookie, "GET", `${base}/${mine}`)).status, `${role} GET own ${name}`).toBe(200);
        const other404 = await api(h, cookie, "GET", `${base}/${theirs}`);
        expect.soft(other404.status, `${role} GET another member's ${name}`).toBe(404);
        expect.soft(errorMessage(other404.body), `${role} GET another member's ${name}`).toBe(notFound);
        // The list, its total and its money totals: only my rows (the whole organization has more).
        const list = await api<{ data: { id: string }[]; total: number; totals?: Record<string, number> }>(h, cookie, "GET", base);
        const everyone = await api<{ total: number }>(h, org.cookies.owner, "GET", base);
        const expected = await ownRows(mod, me);
        const ids = list.body.data.map((r) => r.id);
        expect.soft(ids, `${role} list of ${name}`).toContain(mine);
        expect.soft(ids, `${role} list of ${name}`).not.toContain(theirs);
        expect.soft(list.body.total, `${role} list total of ${name}`).toBe(expected.length);
        expect.soft(everyone.body.total, `owner's total of ${name} (the organization has others' rows)`).toBeGreaterThan(expected.length);
        for (const [key, column] of Object.entries(mod.totals ?? {})) {
          const field = Object.entries(mod.table).find(([, c]) => c === column)?.[0] as string;
          const sum = expected.reduce((s, r) => s + Number(r[field] ?? 0), 0);
          expect.soft(list.body.totals?.[key], `${role} list totals.${key} of ${name}`).toBe(sum);
        }
        // A search and a filter take the other paths of the list engine: still only mine.
        const searched = await api<{ data: { id: string }[]; total: number }>(h, cookie, "GET", `${base}?q=a&sort=criadoEm`);
        expect
          .soft(
            searched.body.data.map((r) => r.id),
            `${role} searched list of ${name}`,
          )
          .not.toContain(theirs);
        expect.soft(searched.body.total, `${role} searched total of ${name}`).toBeLessThanOrEqual(expected.length);
        const options = await api<{ data: { id: string }[] }>(h, cookie, "GET", `${base}/options`);
        const optionIds = options.body.data.map((o) => o.id);
        expect.soft(optionIds, `${role} options of ${name}`).toContain(mine);
        expect.soft(optionIds, `${role} options of ${name}`).not.toContain(theirs);
      } else if (action === "update") {
        const res = await api(h, cookie, "PATCH", `${base}/${mine}`, mineBody());
        expect.soft(res.status, `${role} PATCH own ${name} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
        await refusedUnchanged("PATCH", `${base}/${theirs}`, mineBody());
      } else if (action === "delete") {
        await refusedUnchanged("DELETE", `${base}/${theirs}`);
        const res = await api(h, cookie, "DELETE", `${base}/${mine}`);
        expect.soft(res.status, `${role} DELETE own ${name}`).toBeLessThan(300);
      } else if (action === "create") {
        // No owner named: the new record is the creator's, so they see what they made.
        const body = { ...sample(mod, org.related), ...Object.fromEntries(fields.map((k) => [k, null])), ...mineLink };
        const res = await api<{ data?: { id: string } }>(h, cookie, "POST", base, body);
        expect.soft(res.status, `${role} POST ${name} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(201);
        const id = res.body.data?.id ?? "";
        expect.soft((await api(h, cookie, "GET", `${base}/${id}`)).status, `${role} reads the ${name} they created`).toBe(200);
      } else if (action === "export") {
        const res = await h.app.request(`${base}/export?formato=csv`, { headers: { cookie } });
        const lines = (await res.text()).trim().split("\n").length - 1;
        expect.soft(lines, `${role} export of ${name}: only their rows`).toBe((await ownRows(mod, me)).length);
      } else if (action === "import") {
        const res = await api(h, cookie, "POST", `${base}/import`, { csv: importCsv(mod), mode: "preview" });
        expect.soft(res.status, `${role} import preview of ${name}`).not.toBe(403);
      } else {
        expect.fail(`${name} · ${action} · ${role}: an own ${action} cell has no check here yet — write it`);
      }
      ownMarks.push(`  ${name} · ${action} · ${role}: próprio`);
    });
  }
});
