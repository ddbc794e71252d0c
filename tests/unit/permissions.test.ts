/**
 * The permission table's policy, as the product states it, written out here rather than
 * recomputed from the table (shared/permissions.ts presets, worker/auth/permissions.ts AREAS):
 * a change to the table that changes who may do what fails here until the policy below is
 * changed on purpose. The doors (API, pages, edge functions) are checked against the table by
 * the role matrices (tests/api/role-matrix.test.ts, tests/e2e/role-matrix.test.ts).
 */
import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../shared/enums.ts";
import { ACTIONS, type Action } from "../../shared/permissions.ts";
import { AREAS, accessOf, authorize, can, permissionsFor, readable } from "../../worker/auth/permissions.ts";
import { moduleOf, RESOURCE_NAMES } from "../../worker/resources/registry.ts";
import { DomainError } from "../../worker/services/context.ts";

const MANAGERS: readonly Role[] = ["owner", "admin"];
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
    professional: "read",
  },
  produtos: {
    owner: "read create update delete import export",
    admin: "read create update delete import export",
    staff: "read create update delete import",
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
  team: {
    owner: "read create update delete",
    admin: "read create update delete",
    staff: "",
    professional: "",
  },
};

/** Office records: what the office keeps and staff writes (the ledger is not one: it is never edited). */
const OFFICE_RECORDS = ["companies", "clients", "produtos"] as const;

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

  it("professionals read clients, capture and update real estate, and see no other record", () => {
    const broker = ["imoveis", "interesses"];
    for (const name of RESOURCE_NAMES)
      expect(allowedActions("professional", name), name).toEqual(
        name === "clients" ? ["read"] : broker.includes(name) ? ["read", "create", "update"] : [],
      );
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
    expect(readable("admin").sort()).toEqual([...Object.keys(AREAS), ...RESOURCE_NAMES].sort());
    expect(readable("staff").sort()).toEqual(["account", ...RESOURCE_NAMES].sort());
    expect(readable("professional").sort()).toEqual(["account", "clients", "imoveis", "interesses"]);
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
        const roles = access[action];
        expect(Array.isArray(roles), `${name}.${action}`).toBe(true);
        for (const role of roles as unknown[]) expect(ROLES, `${name}.${action}: ${String(role)}`).toContain(role);
        expect(new Set(roles as unknown[]).size, `${name}.${action}: repeated role`).toBe((roles as unknown[]).length);
      }
    }
  });

  it("every area too", () => {
    for (const [area, access] of Object.entries(AREAS)) {
      expect(Object.keys(access).sort(), area).toEqual([...ACTIONS].sort());
      for (const action of ACTIONS) for (const role of access[action]) expect(ROLES, `${area}.${action}`).toContain(role);
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
      }
    }
  });
});
