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
import { ACTIONS, type Action, rolesAllowed } from "../../shared/permissions.ts";
import { can, FORBIDDEN_MESSAGE } from "../../worker/auth/permissions.ts";
import { edgeFunctions } from "../../worker/functions/index.ts";
import { defineFunction, type EdgeFunction } from "../../worker/functions/registry.ts";
import type { ResourceModule } from "../../worker/resources/define.ts";
import { moduleOf, RESOURCES } from "../../worker/resources/registry.ts";
import { type FakeViaCep, startFakeViaCep } from "../fakes/viacep-server.ts";
import { createHarness, createOwner, type Harness } from "./harness.ts";
import { addMember, api, errorMessage } from "./records.ts";

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

/** A valid body of the resource, pointing at live records of the organization. */
function sample(mod: ResourceModule): Record<string, unknown> {
  return mod.example((segment) => {
    const id = related[segment];
    if (!id) throw new Error(`no related ${segment} record: relations of ${mod.definition.name} not seeded`);
    return id;
  }, uniqueValue());
}

/** The records `mod` points at, created once (depth first: a movement needs a product). */
async function seedRelated(mod: ResourceModule): Promise<void> {
  for (const relation of mod.relations ?? []) {
    const target = moduleOf(relation.target);
    if (related[target.definition.api]) continue;
    await seedRelated(target);
    related[target.definition.api] = await createAsOwner(target);
  }
}

async function createAsOwner(mod: ResourceModule): Promise<string> {
  const res = await api<{ data?: { id: string } }>(h, cookies.owner, "POST", `/api/${mod.definition.api}`, sample(mod));
  if (res.status !== 201 || !res.body.data)
    throw new Error(`could not create a ${mod.definition.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** A fresh live record for one request (its related records already there). */
async function freshRecord(mod: ResourceModule): Promise<string> {
  await seedRelated(mod);
  return createAsOwner(mod);
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
  for (const role of ROLES) if (role !== "owner") cookies[role] = (await addMember(h, orgId, role)).cookie;
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
          for (const door of doors) {
            const id = door.suffix.includes(":id") || door.suffix === "/delete" ? await freshRecord(mod) : "";
            if (door.body) await seedRelated(mod);
            const path = `${base}${door.suffix.replace(":id", id)}`;
            const body = door.body?.(mod, id);
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
