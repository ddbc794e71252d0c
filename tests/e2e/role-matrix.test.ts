/**
 * Role matrix, door "page": for every resource of the registry × every role, the screens of
 * each action answer 403 exactly when the permission table (`can(role, resource, action)`)
 * refuses, 200 otherwise (never a 5xx). The pages are found in app/routes.ts under the
 * resource's `basePath`, not listed here: a resource whose screens are not there yet is skipped
 * with a warning, and one whose screens land is covered without editing this file.
 *
 * - `basePath` and `basePath/:id` → read; `/create` → create; `/:id/edit` → update (when the
 *   table lets someone update); `/import` → import; `/export?formato=csv` → export;
 *   `/:id/dados` → lgpd (the data subject's export).
 * - The forms that delete (the list's selection and the record page, intent "excluir") and erase
 *   (the record page's LGPD "apagar", where the resource holds personal data): from a role the
 *   table refuses, 403 and nothing changed; from a role it allows, done (so the refusal is not
 *   a malformed request).
 */
import { pagePaths, type RouteEntry } from "./support/routes.ts";
import { e2eServiceContext } from "./support/accounts.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import routes from "../../app/routes.ts";
import { businessSettings } from "../../db/schema/index.ts";
import { ROLES, type Role } from "../../shared/enums.ts";
import { type Action, reachOf, rolesAllowed, scopeOf } from "../../shared/permissions.ts";
import { can } from "../../worker/auth/permissions.ts";
import type { ResourceModule } from "../../worker/resources/define.ts";
import { createRecord } from "../../worker/resources/records.ts";
import { moduleOf, RESOURCES } from "../../worker/resources/registry.ts";
import type { ServiceContext } from "../../worker/services/context.ts";
import { e2eDb } from "./support/accounts.ts";
import { listPageOf, prerequisitesIn } from "./support/prerequisites.ts";
import { addTeamMember, createTeam, type Team } from "./support/team.ts";
import { layoutFor } from "../../app/modules/layouts.ts";

const base = () => inject("baseURL");
const MODULES = RESOURCES as unknown as readonly ResourceModule[];
const PAGE_FORBIDDEN = "Você não tem permissão para acessar esta página.";

const PAGES = new Set(pagePaths(routes as RouteEntry[]));

/** The screens of one action, under the resource's basePath (`:id` is a live record). */
const SCREENS: { suffix: string; action: Action; query?: string }[] = [
  { suffix: "", action: "read" },
  { suffix: "/:id", action: "read" },
  { suffix: "/create", action: "create" },
  { suffix: "/:id/edit", action: "update" },
  { suffix: "/import", action: "import" },
  { suffix: "/export", action: "export", query: "?formato=csv" },
  { suffix: "/:id/dados", action: "lgpd" },
];

/** The pages of a resource this test checks, and those under its basePath it does not know. */
function screensOf(mod: ResourceModule) {
  const basePath = mod.definition.basePath;
  // Any other page under a record (`/:id/fotos`, `/:id/portal`…) is a tab of it: read.
  const tabs = [...PAGES]
    .filter((p) => p.startsWith(`${basePath}/:id/`) && /^\/:id\/[a-z-]+$/.test(p.slice(basePath.length)))
    .map((p) => p.slice(basePath.length))
    .filter((suffix) => !SCREENS.some((s) => s.suffix === suffix))
    .map((suffix) => ({ suffix, action: "read" as Action }));
  const screens: typeof SCREENS = [...SCREENS, ...tabs];
  const known = screens.filter(
    (s) => PAGES.has(`${basePath}${s.suffix}`) && (s.action !== "update" || rolesAllowed(mod.definition.access, "update").length > 0),
  );
  const unknown = [...PAGES].filter((p) => p.startsWith(`${basePath}/`) && !screens.some((s) => `${basePath}${s.suffix}` === p));
  return { known, unknown };
}

/**
 * The pages' forms that delete or erase: the list's selection and the record page ("excluir"),
 * and the record page's LGPD erasure ("apagar", typed confirmation) for resources holding
 * personal data. Each posted as a browser without JavaScript would.
 */
interface WriteForm {
  label: string;
  /** `:id`: the record the form acts on. */
  path: string;
  action: Action;
  fields: (id: string) => string[][];
}

function writeFormsOf(mod: ResourceModule): WriteForm[] {
  const basePath = mod.definition.basePath;
  const forms: WriteForm[] = [
    {
      label: `POST ${basePath} excluir`,
      path: basePath,
      action: "delete",
      fields: (id) => [
        ["intent", "excluir"],
        ["ids", id],
        ["redirectTo", basePath],
      ],
    },
  ];
  if (PAGES.has(`${basePath}/:id`)) {
    forms.push({ label: `POST ${basePath}/:id excluir`, path: `${basePath}/:id`, action: "delete", fields: () => [["intent", "excluir"]] });
    if (mod.erase) {
      forms.push({
        label: `POST ${basePath}/:id apagar`,
        path: `${basePath}/:id`,
        action: "lgpd",
        fields: () => [
          ["intent", "apagar"],
          ["confirmacao", "APAGAR"],
        ],
      });
    }
  }
  return forms;
}

// ---------------------------------------------------------------------------------------------

let orgId: string;
let ownerId: string;
const cookies = {} as Record<Role, string>;
/** A live record of each resource (by name), and the records they point at (by API segment). */
const records: Record<string, string> = {};
const related: Record<string, string> = {};
/** Per resource: each member's linked record (their profissional, for an `ownerLink`), from its prerequisites. */
const linked: Record<string, Partial<Record<Role, string>>> = {};

const serviceCtx = (): ServiceContext => e2eServiceContext(base());

/** A signed-in member: their user id and session cookie pair. */
interface Member {
  id: string;
  cookie: string;
}

/**
 * An organization of the matrix: its members (by role), those who act on the resources whose rows
 * are a member's through a linked record (`linkers`), the records others point at (by API
 * segment), and per resource each linker's linked record.
 */
interface MatrixOrg {
  orgId: string;
  users: Record<Role, string>;
  cookies: Record<Role, string>;
  linkers: Record<Role, Member>;
  related: Record<string, string>;
  linked: Record<string, Partial<Record<Role, string>>>;
}

/**
 * Who acts for each role on a resource with an `ownerLink` (an appointment is theirs through
 * their profissional): a member linked to a record of it. Where being linked changes the
 * member's layout (a professional linked to a profissional gets the agenda's slim shell, ADR
 * 063, and every other page redirects there), a member of their own, so the team's member keeps
 * the layout the rest of the matrix checks; else the team's member.
 */
async function linkersOf(team: Team, emailPrefix: string): Promise<Record<Role, Member>> {
  const linkers = {} as Record<Role, Member>;
  for (const role of ROLES) {
    const narrowed = layoutFor({ role, professionalId: "vinculado" }) !== layoutFor({ role });
    linkers[role] = narrowed
      ? await addTeamMember(team.orgId, role, `${emailPrefix}-vinculado`, `Pessoa ${role} vinculada`)
      : { id: team.users[role], cookie: team.cookies[role] };
  }
  return linkers;
}

/** The member who acts for `role` on `mod`'s pages: a linker where its rows are theirs through a linked record. */
function memberOf(mod: ResourceModule, org: MatrixOrg, role: Role): Member {
  return mod.definition.ownerLink ? org.linkers[role] : { id: org.users[role], cookie: org.cookies[role] };
}

/**
 * The resource's prerequisites in the organization, made once: its own records replace those
 * sampled earlier (a service sampled before is not one the agenda's professionals perform).
 * Returns the members' linked records (none for most resources).
 */
async function prepared(mod: ResourceModule, org: MatrixOrg): Promise<Partial<Record<Role, string>>> {
  const name = mod.definition.name;
  if (!org.linked[name]) {
    const members = Object.fromEntries(ROLES.map((role) => [role, org.linkers[role].id]));
    const found = await prerequisitesIn(org.orgId, name, members);
    Object.assign(org.related, found?.related ?? {});
    org.linked[name] = found?.linked ?? {};
  }
  return org.linked[name] ?? {};
}

/**
 * A record saved from the module's example (as `by`): its prerequisites first, then the records
 * its relations point at; `extra` over the example.
 */
async function saveExample(
  mod: ResourceModule,
  org: MatrixOrg,
  by: { userId: string; role: Role },
  extra: Record<string, unknown> = {},
): Promise<{ id: string; body: Record<string, unknown> }> {
  await prepared(mod, org);
  for (const relation of mod.relations ?? []) {
    const target = moduleOf(relation.target);
    org.related[target.definition.api] ??= (await saveExample(target, org, { userId: org.users.owner, role: "owner" })).id;
  }
  // An example whose unique value happened to take a slot already taken (an appointment): another one.
  for (let attempt = 0; ; attempt++) {
    const body = { ...mod.example((segment) => org.related[segment] as string, crypto.randomUUID().slice(0, 8).toUpperCase()), ...extra };
    try {
      const { id } = await createRecord(serviceCtx(), { orgId: org.orgId, ...by }, mod.definition.name, mod.definition.schema.parse(body));
      if (!id) throw new Error(`could not create a ${mod.definition.name}`);
      return { id: String(id), body };
    } catch (error) {
      if (attempt >= 3 || (error as { status?: number }).status !== 409) throw error;
    }
  }
}

/** Whether an owner column is the record's creator (`criadoPor`, not a form field): then "theirs" is what they created. */
function ownedByCreator(mod: ResourceModule): boolean {
  return (mod.definition.owners ?? []).some((key) => !mod.definition.fields.some((f) => f.name === key));
}

/** The members' user ids of the first organization, and who acts on its linked resources. */
const users = {} as Record<Role, string>;
const linkers = {} as Record<Role, Member>;
const main = (): MatrixOrg => ({ orgId, users, cookies, linkers, related, linked });

/** A record of the first organization, as the owner; `by`: created by that member. */
async function seed(mod: ResourceModule, by?: { userId: string; role: Role }, extra: Record<string, unknown> = {}): Promise<string> {
  return (await saveExample(mod, main(), by ?? { userId: ownerId, role: "owner" }, extra)).id;
}

/** The extra fields that make a record `role`'s through its `ownerLink` (their linked record), or none. */
async function linkTo(mod: ResourceModule, org: MatrixOrg, role: Role): Promise<Record<string, unknown>> {
  const link = mod.definition.ownerLink;
  if (!link) return {};
  const record = (await prepared(mod, org))[role];
  if (!record) throw new Error(`${mod.definition.name}: no record linked to the ${role} (tests/api/resource-prerequisites.ts)`);
  return { [link.field]: record };
}

/**
 * A record of the first organization that is `role`'s, for a cell whose reach is own: its
 * linked record names them (an appointment of their profissional), or they create it (the owner
 * column is the creator); null when the resource has neither (any record will do).
 */
async function seedOwnedBy(mod: ResourceModule, role: Role): Promise<string | null> {
  if (mod.definition.ownerLink) return seed(mod, undefined, await linkTo(mod, main(), role));
  return ownedByCreator(mod) ? seed(mod, { userId: users[role], role }) : null;
}

async function isLive(mod: ResourceModule, id: string): Promise<boolean> {
  const [row] = (await e2eDb().select().from(mod.table).where(eq(mod.table.id, id))) as { excluidoEm: unknown }[];
  return Boolean(row) && (row?.excluidoEm === null || row?.excluidoEm === undefined);
}

/** Rows of the resource in the organization: all of them (erasure removes one), and the live ones. */
async function rowCounts(mod: ResourceModule): Promise<{ all: number; live: number }> {
  const rows = (await e2eDb().select().from(mod.table).where(eq(mod.table.orgId, orgId))) as { excluidoEm: unknown }[];
  return { all: rows.length, live: rows.filter((r) => r.excluidoEm === null || r.excluidoEm === undefined).length };
}

beforeAll(async () => {
  const team = await createTeam("Dona Matriz", "matriz");
  orgId = team.orgId;
  ownerId = team.users.owner as string;
  Object.assign(cookies, team.cookies);
  Object.assign(users, team.users);
  Object.assign(linkers, await linkersOf(team, "matriz"));
  for (const mod of MODULES) {
    if (PAGES.has(mod.definition.basePath)) records[mod.definition.name] = await seed(mod);
  }
});

// ---------------------------------------------------------------------------------------------

type Mark = "✓" | "✗" | "!" | "—";
const matrix = new Map<string, Mark>();
const disagreements: string[] = [];

function printMatrix(): void {
  const rows: [string, string, string[]][] = [];
  for (const mod of MODULES) {
    const name = mod.definition.name;
    if (!PAGES.has(mod.definition.basePath)) {
      rows.push([name, "—", ["(sem páginas em app/routes.ts)"]]);
      continue;
    }
    for (const screen of screensOf(mod).known) {
      const page = `${mod.definition.basePath}${screen.suffix}`;
      rows.push([name, `GET ${page}${screen.query ?? ""} (${screen.action})`, ROLES.map((r) => matrix.get(`${name} ${page} ${r}`) ?? "?")]);
    }
    for (const form of writeFormsOf(mod)) {
      rows.push([name, `${form.label} (${form.action})`, ROLES.map((r) => matrix.get(`${name} ${form.label} ${r}`) ?? "?")]);
    }
  }
  const width = (i: 0 | 1) => Math.max(...rows.map((r) => [...r[i]].length)) + 2;
  const pad = (text: string, n: number) => text + " ".repeat(Math.max(0, n - [...text].length));
  const lines = [
    "",
    "Matriz de permissões — porta página (✓ 200/redireciona, ✗ 403, ! página discordou da tabela, — a página não oferece)",
  ];
  lines.push(`${pad("recurso", width(0))}${pad("página", width(1))}${ROLES.map((r) => pad(r, 13)).join("")}`);
  for (const [name, page, cells] of rows)
    lines.push(`${pad(name, width(0))}${pad(page, width(1))}${cells.map((c) => pad(c, 13)).join("")}`);
  lines.push(disagreements.length ? `Discordâncias:\n  ${disagreements.join("\n  ")}` : "Nenhuma página discordou da tabela.");
  console.log(lines.join("\n"));
}

describe("role matrix: pages (every resource × page × role)", () => {
  it("finds the resources' pages in app/routes.ts (so the matrix cannot pass empty)", () => {
    expect(PAGES.size).toBeGreaterThan(5);
    const covered = MODULES.filter((mod) => PAGES.has(mod.definition.basePath));
    expect(covered.length, "no resource has its list page in app/routes.ts").toBeGreaterThan(0);
    for (const mod of MODULES) {
      if (!PAGES.has(mod.definition.basePath)) {
        console.warn(`[role-matrix] ${mod.definition.name}: sem páginas em app/routes.ts (${mod.definition.basePath}) — ignorado por ora`);
        continue;
      }
      const { unknown } = screensOf(mod);
      if (unknown.length) {
        console.warn(`[role-matrix] ${mod.definition.name}: páginas sem ação conhecida, não verificadas: ${unknown.join(", ")}`);
      }
    }
  });

  for (const mod of MODULES) {
    const name = mod.definition.name;
    const basePath = mod.definition.basePath;

    it(`${name}: each page answers 403 exactly when the table refuses, 200 otherwise`, async (ctx) => {
      if (!PAGES.has(basePath)) {
        console.warn(`[role-matrix] ${name}: páginas ainda não estão em app/routes.ts — ignorado`);
        ctx.skip();
      }
      const { known } = screensOf(mod);
      const id = records[name] as string;
      for (const screen of known) {
        const page = `${basePath}${screen.suffix}`;
        for (const role of ROLES) {
          // A cell whose reach is own even where the business does not restrict: the page of a record of theirs.
          const scope = scopeOf(mod.definition.access, role, screen.action);
          const ownReach = scope !== undefined && reachOf(scope, false) === "own" && page.includes(":id");
          const recordId = (ownReach && (await seedOwnedBy(mod, role))) || id;
          const url = `${page.replace(":id", recordId)}${screen.query ?? ""}`;
          const allowed = can(role, name, screen.action);
          const res = await fetch(`${base()}${url}`, { headers: { cookie: memberOf(mod, main(), role).cookie }, redirect: "manual" });
          const text = await res.text();
          const where = `${role} GET ${url} (${screen.action}: table says ${allowed ? "yes" : "no"}) → ${res.status}`;
          const ok = allowed ? res.status === 200 : res.status === 403 && text.includes(PAGE_FORBIDDEN);
          matrix.set(`${name} ${page} ${role}`, ok ? (allowed ? "✓" : "✗") : "!");
          if (!ok) disagreements.push(where);
          expect.soft(res.status, where).toBeLessThan(500);
          expect.soft(res.status, where).toBe(allowed ? 200 : 403);
          if (!allowed) expect.soft(text, `${where}: the pt-BR refusal`).toContain(PAGE_FORBIDDEN);
        }
      }
      // The record the pages were shown is still there (no GET changed anything).
      expect(await isLive(mod, id)).toBe(true);
    });

    it(`${name}: the pages' delete and erase forms are refused (403, nothing changed) to roles the table refuses`, async (ctx) => {
      if (!PAGES.has(basePath)) ctx.skip();
      for (const form of writeFormsOf(mod)) {
        // The doors are those the pages offer: the list's, where its rows can be selected for it
        // (`name="excluir"` checkboxes; a calendar has none); the record page's, its confirmation
        // at `?excluir`/`?apagar` (an Imóvel's page has tabs and no Excluir: its list deletes). A
        // door not offered must refuse everyone and change nothing.
        const intent = form.fields("x").find(([k]) => k === "intent")?.[1] ?? "";
        const asOwner = async (path: string) => (await fetch(`${base()}${path}`, { headers: { cookie: cookies.owner } })).text();
        const offered =
          form.path === basePath
            ? (await asOwner(basePath)).includes(`name="${intent}"`)
            : (await asOwner(`${form.path.replace(":id", await seed(mod))}?${intent}`)).includes(`value="${intent}"`);
        for (const role of ROLES) {
          if (!offered) {
            const target = await seed(mod);
            const before = await rowCounts(mod);
            const res = await fetch(`${base()}${form.path.replace(":id", target)}`, {
              method: "POST",
              redirect: "manual",
              headers: { cookie: memberOf(mod, main(), role).cookie, origin: base(), "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams(form.fields(target)),
            });
            const where = `${role} ${form.label} (not offered by the page) → ${res.status}`;
            matrix.set(`${name} ${form.label} ${role}`, "—");
            expect.soft(res.status, where).toBeGreaterThanOrEqual(400);
            expect.soft(res.status, where).toBeLessThan(500);
            expect.soft(await isLive(mod, target), `${where}: the record must stay`).toBe(true);
            expect.soft(await rowCounts(mod), `${where}: rows of ${name}`).toEqual(before);
            continue;
          }
          const allowed = can(role, name, form.action);
          // A cell whose reach is own (a drafter deletes their drafts): a record of theirs, as the GET pages do.
          const scope = scopeOf(mod.definition.access, role, form.action);
          const ownReach = scope !== undefined && reachOf(scope, false) === "own";
          const target = (ownReach && (await seedOwnedBy(mod, role))) || (await seed(mod));
          const before = await rowCounts(mod);
          const path = form.path.replace(":id", target);
          const res = await fetch(`${base()}${path}`, {
            method: "POST",
            redirect: "manual",
            headers: { cookie: memberOf(mod, main(), role).cookie, origin: base(), "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(form.fields(target)),
          });
          const text = await res.text();
          const where = `${role} ${form.label.replace(":id", target)} (${form.action}: table says ${allowed ? "yes" : "no"}) → ${res.status}`;
          const live = await isLive(mod, target);
          const after = await rowCounts(mod);
          const ok = allowed
            ? res.status < 400 && !live
            : res.status === 403 && text.includes(PAGE_FORBIDDEN) && live && after.all === before.all && after.live === before.live;
          matrix.set(`${name} ${form.label} ${role}`, ok ? (allowed ? "✓" : "✗") : "!");
          if (!ok)
            disagreements.push(`${where}; record ${live ? "kept" : "gone"}, rows ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
          expect.soft(res.status, where).toBeLessThan(500);
          if (allowed) {
            expect.soft(res.status, where).toBeLessThan(400);
            expect.soft(live, `${where}: the record is deleted`).toBe(false);
          } else {
            expect.soft(res.status, where).toBe(403);
            expect.soft(text, `${where}: the pt-BR refusal`).toContain(PAGE_FORBIDDEN);
            expect.soft(live, `${where}: the record must stay`).toBe(true);
            expect.soft(after, `${where}: rows of ${name}`).toEqual(before);
          }
        }
      }
    });
  }
});

afterAll(() => {
  printMatrix();
});

// ---------------------------------------------------------------------------------------------
// Own vs any

/**
 * The cells whose reach is "own" in an organization whose business restricts the table's
 * `business` cells (Configurações do Negócio), read from the table: for each such cell with
 * pages, the member's own record's pages answer 200 and another member's 404 ("não encontrado":
 * its existence is not revealed) — or 403 where they read every record anyway (a corretor's
 * view of a teammate's client) — and the list page shows theirs, never the other's. The
 * organization above does not restrict: its matrix is the "any" half of the same cells.
 */
describe("role matrix: pages, own vs any (every cell whose reach is own × its pages)", () => {
  const own: MatrixOrg & { ownerId: string } = {
    orgId: "",
    ownerId: "",
    users: {} as Record<Role, string>,
    cookies: {} as Record<Role, string>,
    linkers: {} as Record<Role, Member>,
    related: {},
    linked: {},
  };
  const cells = MODULES.flatMap((mod) =>
    ROLES.flatMap((role) =>
      (["read", "update"] as const)
        .filter((action) => {
          const scope = scopeOf(mod.definition.access, role, action);
          return scope !== undefined && reachOf(scope, true) === "own";
        })
        .map((action) => ({ mod, role, action })),
    ),
  );

  function seedIn(
    mod: ResourceModule,
    extra: Record<string, unknown> = {},
    by: { userId: string; role: Role } = { userId: own.ownerId, role: "owner" },
  ): Promise<{ id: string; body: Record<string, unknown> }> {
    return saveExample(mod, own, by, extra);
  }

  beforeAll(async () => {
    const team = await createTeam("Dona Restrita", "restrita");
    own.orgId = team.orgId;
    own.ownerId = team.users.owner as string;
    Object.assign(own.users, team.users);
    Object.assign(own.cookies, team.cookies);
    Object.assign(own.linkers, await linkersOf(team, "restrita"));
    const db = e2eDb();
    await db.insert(businessSettings).values({ orgId: own.orgId, estoqueNegativo: false, corretorApenasSeus: true });
  });

  it("has own cells with pages to check (so this part cannot pass empty)", () => {
    expect(cells.filter((c) => PAGES.has(c.mod.definition.basePath)).length).toBeGreaterThan(0);
  });

  for (const { mod, role, action } of cells) {
    const name = mod.definition.name;
    const basePath = mod.definition.basePath;
    it(`${name} · ${action} · ${role}: own record's pages 200, another member's 404 (403 if readable), the list only theirs`, async (ctx) => {
      if (!PAGES.has(basePath)) ctx.skip();
      const owners = mod.definition.owners ?? [];
      const otherRole: Role = role === "owner" ? "admin" : "owner";
      const me = memberOf(mod, own, role);
      const other = memberOf(mod, own, otherRole).id;
      const fields = owners.filter((k) => mod.definition.fields.some((f) => f.name === k));
      // Mine: the first owner field names me, or (the owner being the creator) I create it, or its
      // linked record is mine (an appointment of my profissional); theirs: another member's.
      const creator = (r: Role) => (ownedByCreator(mod) ? { userId: memberOf(mod, own, r).id, role: r } : undefined);
      const mineNamed = fields[0] === owners[0] ? { [owners[0] as string]: me.id } : {};
      const mineRecord = await seedIn(mod, { ...mineNamed, ...(await linkTo(mod, own, role)) }, creator(role));
      const theirsNamed = Object.fromEntries(fields.map((k) => [k, other]));
      const theirsRecord = await seedIn(mod, { ...theirsNamed, ...(await linkTo(mod, own, otherRole)) }, creator(otherRole));
      const [mine, theirs] = [mineRecord.id, theirsRecord.id];
      // A record they may read anyway is no secret: refused (403); one they cannot read is "não encontrado" (404).
      const readScope = scopeOf(mod.definition.access, role, "read");
      const sees = action !== "read" && readScope !== undefined && reachOf(readScope, true) === "any";
      const get = (url: string) => fetch(`${base()}${url}`, { headers: { cookie: me.cookie }, redirect: "manual" });
      for (const screen of screensOf(mod).known.filter((s) => s.action === action && s.suffix.includes(":id"))) {
        const page = `${basePath}${screen.suffix}`;
        const mineRes = await get(page.replace(":id", mine));
        expect.soft(mineRes.status, `${role} GET ${page} (their own ${name})`).toBe(200);
        const theirsRes = await get(page.replace(":id", theirs));
        const where = `${role} GET ${page} (another member's ${name}) → ${theirsRes.status}`;
        expect.soft(theirsRes.status, where).toBe(sees ? 403 : 404);
        if (sees) expect.soft(await theirsRes.text(), `${where}: the pt-BR refusal`).toContain(PAGE_FORBIDDEN);
        else expect.soft(await theirsRes.text(), `${where}: says it was not found`).toMatch(/não encontrad[oa]/i);
      }
      if (action === "read") {
        // The list page that shows each record (a calendar: the day it starts).
        const mineList = listPageOf(mod, mineRecord.body);
        const theirsList = listPageOf(mod, theirsRecord.body);
        const list = await get(mineList);
        expect.soft(list.status, `${role} GET ${mineList}`).toBe(200);
        expect.soft(await list.text(), `${role} GET ${mineList}: their own ${name} is listed`).toContain(mine);
        const others = await get(theirsList);
        expect.soft(others.status, `${role} GET ${theirsList}`).toBe(200);
        expect.soft(await others.text(), `${role} GET ${theirsList}: another member's ${name} is not`).not.toContain(theirs);
        // The same page shows it to the owner: its absence above is the reach's doing, not the page's.
        const everyone = await fetch(`${base()}${theirsList}`, { headers: { cookie: own.cookies.owner }, redirect: "manual" });
        expect.soft(await everyone.text(), `owner GET ${theirsList}: another member's ${name} is listed`).toContain(theirs);
      }
    });
  }
});
