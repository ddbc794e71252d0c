/**
 * The permission table's policy, as the product states it, written out here rather than
 * recomputed from the table (shared/permissions.ts presets, worker/auth/permissions.ts AREAS):
 * a change to the table that changes who may do what fails here until the policy below is
 * changed on purpose. The doors (API, pages, edge functions) are checked against the table by
 * the role matrices (tests/api/role-matrix.test.ts, tests/e2e/role-matrix.test.ts).
 */
import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../shared/enums.ts";
import { getTableColumns } from "drizzle-orm";
import { ACTIONS, type Action, reachOf, type Scope, scopeOf } from "../../shared/permissions.ts";
import { DEFINITIONS } from "../../shared/resources/definitions.ts";
import {
  AREAS,
  accessOf,
  authorize,
  authorizeAll,
  can,
  mayActOn,
  ownerCondition,
  ownsRow,
  permissionsFor,
  reachFor,
  readable,
} from "../../worker/auth/permissions.ts";
import { moduleOf, RESOURCE_NAMES } from "../../worker/resources/registry.ts";
import { DomainError } from "../../worker/services/context.ts";

const MANAGERS: readonly Role[] = ["owner", "admin"];
const SCOPES: readonly Scope[] = ["any", "own", "business"];
const SETTINGS_AREAS = ["organization", "business-settings", "team"] as const;

/** Who may do what, resource by resource and role by role (space-separated actions; "" = nothing). */
const POLICY: Record<string, Record<Role, string>> = {
  companies: {
    owner: "read create update delete import export",
    admin: "read create update delete import export",
    staff: "read create update delete import",
    professional: "",
  },
  clients: {
    owner: "read create update delete import export lgpd",
    admin: "read create update delete import export lgpd",
    staff: "read create update delete import",
    // The corretor registers a buyer met at a plantão, and edits only those they registered.
    professional: "read create update",
  },
  produtos: {
    owner: "read create update delete import export",
    admin: "read create update delete import export",
    staff: "read create update delete import",
    professional: "",
  },
  // Money (issue 22, ADR 072): the bills, what comes in and the accounts are the managers'.
  "contas-financeiras": {
    owner: "read create update delete export",
    admin: "read create update delete export",
    staff: "",
    professional: "",
  },
  despesas: {
    owner: "read create update delete export",
    admin: "read create update delete export",
    staff: "",
    professional: "",
  },
  receitas: {
    owner: "read create update delete export",
    admin: "read create update delete export",
    staff: "",
    professional: "",
  },
  // The cash ledger: added to and reversed, never edited nor deleted.
  movimentacoes: {
    owner: "read create export",
    admin: "read create export",
    staff: "",
    professional: "",
  },
  "movimentacoes-produtos": {
    owner: "read create delete import export",
    admin: "read create delete import export",
    staff: "read create",
    professional: "",
  },
  // Real estate: the corretor (professional) captures and updates from a phone (BROKER_RECORD).
  imoveis: {
    owner: "read create update delete import export",
    admin: "read create update delete import export",
    staff: "read create update delete import",
    professional: "read create update",
  },
  interesses: {
    owner: "read create update delete import export",
    admin: "read create update delete import export",
    staff: "read create update delete import",
    professional: "read create update",
  },
  // Posts: everyone drafts; drafters edit and delete only their own drafts (the module's write
  // condition), professionals read only their own; owner and admin approve and export.
  posts: {
    owner: "read create update delete export approve",
    admin: "read create update delete export approve",
    staff: "read create update delete",
    professional: "read create update delete",
  },
  // What steers the posts' style (issue 20): the office that writes posts keeps it; export as every record.
  referencias: {
    owner: "read create update delete export",
    admin: "read create update delete export",
    staff: "read create update delete",
    professional: "",
  },
  // What the agenda is built from (issue 21): the office keeps it, managers export, nobody imports;
  // the professional role reads none of it (their agenda and service desk show what they need).
  profissionais: {
    owner: "read create update delete export",
    admin: "read create update delete export",
    staff: "read create update delete",
    professional: "",
  },
  // Agendamentos (issue 21): the office any; the professional linked to a profissional their own
  // agenda (read, book, update); deleting is the office's, the export the managers'; no import.
  agendamentos: {
    owner: "read create update delete export",
    admin: "read create update delete export",
    staff: "read create update delete",
    professional: "read create update",
  },
  // Serviços (issue 21): an office record; the professional role sees its agenda, not the catalogue's admin.
  servicos: {
    owner: "read create update delete import export",
    admin: "read create update delete import export",
    staff: "read create update delete import",
    professional: "",
  },
  // Documentos (issue 22): the office's (owner, admin, staff); never the professional role; no CSV import of files.
  documentos: {
    owner: "read create update delete export",
    admin: "read create update delete export",
    staff: "read create update delete",
    professional: "",
  },
  // Pedidos (issue 22): the counter's work for owner, admin and staff; managers export; no import; no professional.
  pedidos: {
    owner: "read create update delete export",
    admin: "read create update delete export",
    staff: "read create update delete",
    professional: "",
  },
  // Vendas (issue 22, ADR 071): the office sells and reads the receipts; only managers cancel
  // (approve: it reverses stock and money) and export; nobody edits, deletes or imports a sale.
  vendas: {
    owner: "read create export approve",
    admin: "read create export approve",
    staff: "read create",
    professional: "",
  },
  account: {
    owner: "read create update delete",
    admin: "read create update delete",
    staff: "read create update delete",
    professional: "read create update delete",
  },
  organization: {
    owner: "read create update delete",
    admin: "read create update delete",
    staff: "",
    professional: "",
  },
  "business-settings": {
    owner: "read create update delete",
    admin: "read create update delete",
    staff: "",
    professional: "",
  },
  // Horários: the office reads the hours it books by; managers change them (issue 21).
  "business-hours": {
    owner: "read create update delete",
    admin: "read create update delete",
    staff: "read",
    professional: "",
  },
  // The brand (/cores): the business's identity, its managers'; everyone uses it through the art.
  brand: {
    owner: "read create update delete",
    admin: "read create update delete",
    staff: "",
    professional: "",
  },
  team: {
    owner: "read create update delete",
    admin: "read create update delete",
    staff: "",
    professional: "",
  },
  // Whether Facebook and Instagram are connected: the office sees it; managers connect (issue 19).
  "social-connections": {
    owner: "read create update delete",
    admin: "read create update delete",
    staff: "read",
    professional: "",
  },
  // Which account, permissions, Pages, tokens and the Meta app's credentials: managers only.
  "social-settings": {
    owner: "read create update delete",
    admin: "read create update delete",
    staff: "",
    professional: "",
  },
  // Relatórios (issue 23, ADR 083): the money reports are the managers'; only reading opens a report.
  "relatorios-financeiros": {
    owner: "read",
    admin: "read",
    staff: "",
    professional: "",
  },
  // The catalogue (/relatorios): whoever may open one of its reports.
  relatorios: {
    owner: "read",
    admin: "read",
    staff: "",
    professional: "read",
  },
  // Comissões: managers every professional's; the professional role their own (authorize answers "own").
  "relatorio-comissoes": {
    owner: "read",
    admin: "read",
    staff: "",
    professional: "read",
  },
  // Estoque, Agendamentos, Imóveis, Interesses, Posts reports: the managers' (ADR 085).
  "relatorios-operacionais": {
    owner: "read",
    admin: "read",
    staff: "",
    professional: "",
  },
  // /analytics' business numbers (leads, conversion, ticket, returning clients): the managers' (ADR 085).
  analytics: {
    owner: "read",
    admin: "read",
    staff: "",
    professional: "",
  },
  // /analytics' social numbers: also the office, which writes the posts; not the corretor (its own posts only).
  "analytics-social": {
    owner: "read",
    admin: "read",
    staff: "read",
    professional: "",
  },
  // Database and diagnostics: the owner's only (not the office's daily screens).
  system: {
    owner: "read",
    admin: "",
    staff: "",
    professional: "",
  },
};

/** Office records: what the office keeps and staff writes (the ledger is not one: it is never edited). */
const OFFICE_RECORDS = ["companies", "clients", "produtos", "servicos"] as const;

function allowedActions(role: Role, resource: string): Action[] {
  return ACTIONS.filter((a) => can(role, resource, a));
}

function rolesFor(resource: string, action: Action): Role[] {
  return ROLES.filter((r) => can(r, resource, action));
}

describe("permission table: the policy written out", () => {
  it("states the policy of every registered resource and every area", () => {
    const stated = Object.keys(POLICY).sort();
    expect(stated, "a new resource or area: write its policy in POLICY").toEqual([...RESOURCE_NAMES, ...Object.keys(AREAS)].sort());
  });

  for (const [resource, byRole] of Object.entries(POLICY)) {
    for (const role of ROLES) {
      it(`${resource} × ${role}: ${byRole[role] || "nothing"}`, () => {
        const expected = byRole[role].split(" ").filter(Boolean);
        expect(allowedActions(role, resource)).toEqual(ACTIONS.filter((a) => expected.includes(a)));
      });
    }
  }
});

describe("permission table: the product's rules", () => {
  it("bulk export is owner/admin only, for every resource", () => {
    for (const name of RESOURCE_NAMES) expect(rolesFor(name, "export"), name).toEqual(MANAGERS);
    for (const area of Object.keys(AREAS)) expect(rolesFor(area, "export"), area).toEqual([]);
  });

  it("LGPD (a person's data exported or erased) is owner/admin only where the resource holds personal data, nobody's elsewhere", () => {
    for (const name of RESOURCE_NAMES) expect(rolesFor(name, "lgpd"), name).toEqual(moduleOf(name).erase ? MANAGERS : []);
    expect(rolesFor("clients", "lgpd")).toEqual(MANAGERS);
    for (const area of Object.keys(AREAS)) expect(rolesFor(area, "lgpd"), area).toEqual([]);
  });

  it("professionals read and register clients, capture and update real estate, draft their own posts, and see no other record", () => {
    const broker = ["imoveis", "interesses", "clients"];
    for (const name of RESOURCE_NAMES.filter((n) => n !== "posts" && n !== "agendamentos"))
      expect(allowedActions("professional", name), name).toEqual(broker.includes(name) ? ["read", "create", "update"] : []);
    expect(allowedActions("professional", "posts")).toEqual(["read", "create", "update", "delete"]);
    expect(authorize({ role: "professional" }, "posts", "read")).toBe("own");
    // Their own agenda: read, book and update the appointments of the profissional linked to them.
    expect(allowedActions("professional", "agendamentos")).toEqual(["read", "create", "update"]);
    for (const action of ["read", "create", "update"] as const)
      expect(authorize({ role: "professional" }, "agendamentos", action)).toBe("own");
    for (const name of ["companies", "produtos", "movimentacoes-produtos"]) {
      for (const action of ACTIONS) expect(can("professional", name, action), `${name} ${action}`).toBe(false);
    }
  });

  it("staff creates, updates, deletes and imports office records, and never exports", () => {
    for (const name of OFFICE_RECORDS) {
      for (const action of ["read", "create", "update", "delete", "import"] as const) {
        expect(can("staff", name, action), `${name} ${action}`).toBe(true);
      }
    }
    for (const name of [...RESOURCE_NAMES, ...Object.keys(AREAS)]) {
      expect(can("staff", name, "export"), name).toBe(false);
      expect(can("staff", name, "lgpd"), name).toBe(false);
    }
  });

  it("ledger entries (movimentacoes-produtos) are never updated, and deleted only by managers", () => {
    expect(rolesFor("movimentacoes-produtos", "update")).toEqual([]);
    expect(rolesFor("movimentacoes-produtos", "delete")).toEqual(MANAGERS);
  });

  it("settings areas (organization, business settings, team) are owner/admin", () => {
    for (const area of SETTINGS_AREAS) {
      for (const action of ACTIONS)
        expect(
          rolesFor(area, action).every((r) => MANAGERS.includes(r)),
          `${area} ${action}`,
        ).toBe(true);
      expect(rolesFor(area, "read"), area).toEqual(MANAGERS);
      expect(rolesFor(area, "update"), area).toEqual(MANAGERS);
    }
  });

  it('every role reads "account"', () => {
    for (const role of ROLES) expect(can(role, "account", "read"), role).toBe(true);
  });

  it("what each role's navigation may show", () => {
    expect(readable("owner").sort()).toEqual([...Object.keys(AREAS), ...RESOURCE_NAMES].sort());
    expect(readable("admin").sort()).toEqual([...Object.keys(AREAS).filter((a) => a !== "system"), ...RESOURCE_NAMES].sort());
    // The money screens (ADR 072) are the managers'.
    const managersOnly = ["contas-financeiras", "despesas", "receitas", "movimentacoes"];
    expect(readable("staff").sort()).toEqual(
      [
        "account",
        "analytics-social",
        "business-hours",
        "social-connections",
        ...RESOURCE_NAMES.filter((n) => !managersOnly.includes(n)),
      ].sort(),
    );
    expect(readable("professional").sort()).toEqual([
      "account",
      "agendamentos",
      "clients",
      "imoveis",
      "interesses",
      "posts",
      "relatorio-comissoes",
      "relatorios",
    ]);
    expect(authorize({ role: "professional" }, "relatorio-comissoes", "read")).toBe("own");
  });

  it("an unknown resource allows nothing to anyone", () => {
    for (const role of ROLES) for (const action of ACTIONS) expect(can(role, "nao-existe", action)).toBe(false);
    expect(accessOf("nao-existe")).toBeNull();
  });
});

describe("permission table: well-formed", () => {
  it("every registered resource has an access covering every action with valid roles", () => {
    for (const name of RESOURCE_NAMES) {
      const access = moduleOf(name).definition.access as unknown as Record<string, unknown>;
      expect(Object.keys(access).sort(), name).toEqual([...ACTIONS].sort());
      for (const action of ACTIONS) {
        const grants = access[action] as Record<string, unknown>;
        expect(typeof grants, `${name}.${action}`).toBe("object");
        for (const [role, scope] of Object.entries(grants)) {
          expect(ROLES, `${name}.${action}: ${role}`).toContain(role);
          expect(SCOPES, `${name}.${action}.${role}: ${String(scope)}`).toContain(scope);
        }
      }
    }
  });

  it("every area too", () => {
    for (const [area, access] of Object.entries(AREAS)) {
      expect(Object.keys(access).sort(), area).toEqual([...ACTIONS].sort());
      for (const action of ACTIONS)
        for (const [role, scope] of Object.entries(access[action])) {
          expect(ROLES, `${area}.${action}`).toContain(role);
          // Areas are not rows of anyone: their cells are "any" — but a report whose build narrows
          // every statement to the member's own rows (the commissions of their profissional, ADR 083).
          expect(scope, `${area}.${action}.${role}`).toBe(area === "relatorio-comissoes" && role === "professional" ? "own" : "any");
        }
    }
  });

  it("authorize refuses with the pt-BR 403 exactly when can() says no", () => {
    for (const name of [...RESOURCE_NAMES, ...Object.keys(AREAS)]) {
      for (const role of ROLES) {
        for (const action of ACTIONS) {
          const run = () => authorize({ role }, name, action);
          if (can(role, name, action)) expect(run).not.toThrow();
          else {
            let error: unknown;
            try {
              run();
            } catch (e) {
              error = e;
            }
            expect(error, `${name} ${action} ${role}`).toBeInstanceOf(DomainError);
            expect((error as DomainError).status).toBe(403);
            expect((error as DomainError).message).toBe("Você não tem permissão para esta ação.");
          }
        }
      }
    }
  });

  it("what a screen shows follows the same answers", () => {
    for (const name of RESOURCE_NAMES) {
      for (const role of ROLES) {
        const p = permissionsFor(role, name);
        expect(p.canRead, `${name} ${role}`).toBe(can(role, name, "read"));
        expect(p.canCreate).toBe(can(role, name, "create"));
        expect(p.canUpdate).toBe(can(role, name, "update"));
        expect(p.canDelete).toBe(can(role, name, "delete"));
        expect(p.canImport).toBe(can(role, name, "import"));
        expect(p.canExport).toBe(can(role, name, "export"));
        expect(p.canManage).toBe(can(role, name, "lgpd"));
        expect(p.canApprove).toBe(can(role, name, "approve"));
      }
    }
  });
});

/**
 * Own vs any, written out as the product states it: the corretor (professional) reaches every
 * imóvel and interesse unless the business chose "só os próprios" in Configurações do Negócio;
 * every other cell of every resource reaches any record.
 */
const BUSINESS_CELLS: Record<string, string> = {
  imoveis: "professional: read create update",
  interesses: "professional: read create update",
  // Always their own (whatever the business chose): a corretor edits only the clients they registered.
  clients: "professional: update",
  // Always their own drafts; the professional reads only the posts they wrote.
  posts: "staff: update delete; professional: read update delete",
  // Always their own agenda: the appointments whose profissional is linked to them.
  agendamentos: "professional: read create update",
};

describe("permission table: own vs any", () => {
  it("the cells whose reach the business chooses are exactly the stated ones; no other cell is limited", () => {
    for (const name of RESOURCE_NAMES) {
      const access = accessOf(name);
      if (!access) throw new Error(name);
      const found: string[] = [];
      for (const role of ROLES) {
        const actions = ACTIONS.filter((a) => scopeOf(access, role, a) === "business" || scopeOf(access, role, a) === "own");
        if (actions.length) found.push(`${role}: ${actions.join(" ")}`);
      }
      expect(found.join("; "), name).toBe(BUSINESS_CELLS[name] ?? "");
    }
  });

  it("a resource with an own or business cell declares owner columns, each a column of its table holding a member", () => {
    for (const name of RESOURCE_NAMES) {
      const mod = moduleOf(name);
      const limited = ROLES.some((r) => ACTIONS.some((a) => ["own", "business"].includes(scopeOf(mod.definition.access, r, a) ?? "")));
      const owners = mod.definition.owners ?? [];
      const link = mod.definition.ownerLink;
      if (limited) expect(owners.length + (link ? 1 : 0), `${name}: owners`).toBeGreaterThan(0);
      const columns = getTableColumns(mod.table) as Record<string, unknown>;
      // Owned through a linked record: the link's column is the table's, and the row carries the member.
      if (link) {
        expect(columns[link.field], `${name}.${link.field} is not a column`).toBeDefined();
        expect(mod.extras?.[link.rowKey], `${name}: the row carries ${link.rowKey}`).toBeDefined();
      }
      for (const key of owners) {
        expect(columns[key], `${name}.${key} is not a column`).toBeDefined();
        expect(
          key === "criadoPor" || mod.definition.fields.some((f) => f.name === key),
          `${name}.${key}: an owner column is a field of the form or the creator`,
        ).toBe(true);
      }
    }
  });

  it("reachOf: own is always own; business is own only when the business restricts; any is any", () => {
    expect(reachOf("any", false)).toBe("any");
    expect(reachOf("any", true)).toBe("any");
    expect(reachOf("own", false)).toBe("own");
    expect(reachOf("own", true)).toBe("own");
    expect(reachOf("business", false)).toBe("any");
    expect(reachOf("business", true)).toBe("own");
  });

  it("authorize answers the reach of every allowed cell, with and without the business's restriction", () => {
    for (const name of RESOURCE_NAMES) {
      const access = accessOf(name);
      if (!access) throw new Error(name);
      for (const role of ROLES) {
        for (const action of ACTIONS) {
          const scope = scopeOf(access, role, action);
          for (const ownOnly of [false, true]) {
            if (!scope) expect(() => authorize({ role, ownOnly }, name, action)).toThrow(DomainError);
            else expect(authorize({ role, ownOnly }, name, action), `${name} ${action} ${role} ${ownOnly}`).toBe(reachOf(scope, ownOnly));
          }
        }
      }
    }
  });

  it("ownerCondition: none for any reach; one of the owner columns equal to the actor for own reach", () => {
    const mod = moduleOf("imoveis");
    expect(ownerCondition({ role: "professional", userId: "u1" }, "imoveis", "read", mod.table)).toBeUndefined();
    expect(ownerCondition({ role: "owner", userId: "u1", ownOnly: true }, "imoveis", "read", mod.table)).toBeUndefined();
    const own = ownerCondition({ role: "professional", userId: "u1", ownOnly: true }, "imoveis", "read", mod.table);
    expect(own).toBeDefined();
    expect(() => ownerCondition({ role: "professional", userId: "u1", ownOnly: true }, "imoveis", "delete", mod.table)).toThrow(
      DomainError,
    );
  });

  it("a cell's reach is per action: a corretor reads every client and updates only those they registered", () => {
    const mod = moduleOf("clients");
    for (const ownOnly of [false, true]) {
      const corretor = { role: "professional" as const, userId: "u1", ownOnly };
      expect(ownerCondition(corretor, "clients", "read", mod.table), `read, ownOnly ${ownOnly}`).toBeUndefined();
      expect(ownerCondition(corretor, "clients", "create", mod.table), `create, ownOnly ${ownOnly}`).toBeUndefined();
      expect(ownerCondition(corretor, "clients", "update", mod.table), `update, ownOnly ${ownOnly}`).toBeDefined();
      expect(reachFor(corretor, "clients", "read")).toBe("any");
      expect(reachFor(corretor, "clients", "update")).toBe("own");
      expect(reachFor(corretor, "clients", "delete")).toBeUndefined();
      expect(mayActOn(corretor, "clients", "update", { criadoPor: "u1" })).toBe(true);
      expect(mayActOn(corretor, "clients", "update", { criadoPor: "u2" })).toBe(false);
      expect(mayActOn(corretor, "clients", "update", { criadoPor: null })).toBe(false);
      expect(mayActOn(corretor, "clients", "delete", { criadoPor: "u1" })).toBe(false);
      expect(() => authorizeAll(corretor, "clients", "update")).toThrow(DomainError);
    }
    // The office reaches every client.
    const staff = { role: "staff" as const, userId: "u1" };
    expect(ownerCondition(staff, "clients", "update", mod.table)).toBeUndefined();
    expect(mayActOn(staff, "clients", "update", { criadoPor: "u2" })).toBe(true);
    expect(() => authorizeAll(staff, "clients", "update")).not.toThrow();
  });

  it("mayActOn and reachFor follow the business's choice on business cells", () => {
    const free = { role: "professional" as const, userId: "u1", ownOnly: false };
    const restricted = { ...free, ownOnly: true };
    const theirs = { captadorId: "u2", corretorId: "u3" };
    expect(reachFor(free, "imoveis", "update")).toBe("any");
    expect(reachFor(restricted, "imoveis", "update")).toBe("own");
    expect(mayActOn(free, "imoveis", "update", theirs)).toBe(true);
    expect(mayActOn(restricted, "imoveis", "update", theirs)).toBe(false);
    expect(mayActOn(restricted, "imoveis", "update", { ...theirs, corretorId: "u1" })).toBe(true);
    expect(reachFor(free, "nao-existe", "read")).toBeUndefined();
    expect(mayActOn(free, "nao-existe", "read", {})).toBe(false);
  });

  it("ownsRow reads the definition's owner fields", () => {
    expect(ownsRow({ userId: "u1" }, "imoveis", { captadorId: null, corretorId: "u1" })).toBe(true);
    expect(ownsRow({ userId: "u1" }, "imoveis", { captadorId: "u2", corretorId: "u3" })).toBe(false);
    expect(ownsRow({ userId: "u1" }, "companies", { id: "u1" })).toBe(false);
  });

  it("the table reads the pure definitions, the same ones the registry pairs with its modules", () => {
    expect(DEFINITIONS.map((d) => d.name)).toEqual([...RESOURCE_NAMES]);
    for (const d of DEFINITIONS) expect(moduleOf(d.name).definition).toBe(d);
  });
});
