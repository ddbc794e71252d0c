import { ROLES, type Role } from "./enums/account.ts";

/**
 * The permission table: who may do what, for every kind of record and every other area of the
 * product. One question, `can(role, resource, action)`, asked at the start of every service
 * function that acts for someone (worker/auth/permissions.ts); pages, API and edge functions
 * only translate the refusal. Client-safe (screens hide what a role cannot do, from the same
 * answers).
 *
 * - read: lists, records, options for selects;
 * - create / update / delete: forms, bulk delete, undo;
 * - import: CSV import;
 * - export: bulk CSV/XLSX of a list (every row's personal data: owner/admin only);
 * - lgpd: a data subject's export and erasure (owner/admin only).
 */
export const ACTIONS = ["read", "create", "update", "delete", "import", "export", "lgpd"] as const;
export type Action = (typeof ACTIONS)[number];

export type Access = { readonly [A in Action]: readonly Role[] };

const MANAGERS: readonly Role[] = ["owner", "admin"];
const WRITERS: readonly Role[] = ["owner", "admin", "staff"];
const NOBODY: readonly Role[] = [];

/**
 * A business record the team keeps (Empresas, Produtos…): the office writes and imports; only
 * managers take everything out; the professional role sees none of it (the product map gives
 * them their agenda and service desk only).
 */
export const OFFICE_RECORD: Access = {
  read: WRITERS,
  create: WRITERS,
  update: WRITERS,
  delete: WRITERS,
  import: WRITERS,
  export: MANAGERS,
  lgpd: NOBODY,
};

/** People the business serves: as an office record, and professionals read them (their agenda names them). */
export const PERSONAL_RECORD: Access = {
  ...OFFICE_RECORD,
  read: ROLES,
  lgpd: MANAGERS,
};

/**
 * A real-estate record (Imóveis, Interesses em Imóveis): the office as for any record, and the
 * professional role — the corretor of the product map — captures, reads and updates them from a
 * phone, but neither deletes, imports nor takes everything out.
 */
export const BROKER_RECORD: Access = {
  ...OFFICE_RECORD,
  read: ROLES,
  create: ROLES,
  update: ROLES,
};

/**
 * A ledger (stock movements, cash movements): entries are added and reversed by new entries,
 * never edited; deleting one is a manager's correction.
 */
export const LEDGER: Access = {
  read: WRITERS,
  create: WRITERS,
  update: NOBODY,
  delete: MANAGERS,
  import: MANAGERS,
  export: MANAGERS,
  lgpd: NOBODY,
};

/** Settings of the organization (business profile, business settings, team): managers only. */
export const SETTINGS: Access = {
  read: MANAGERS,
  create: MANAGERS,
  update: MANAGERS,
  delete: MANAGERS,
  import: NOBODY,
  export: NOBODY,
  lgpd: NOBODY,
};

/** Every member's own screens (dashboard, profile, preferences): everyone reads and changes their own. */
export const EVERYONE: Access = {
  read: ROLES,
  create: ROLES,
  update: ROLES,
  delete: ROLES,
  import: NOBODY,
  export: NOBODY,
  lgpd: NOBODY,
};

/** What the table answers for a resource's access. */
export function allows(access: Access, role: Role, action: Action): boolean {
  return access[action].includes(role);
}

/** What a screen needs to know to show or hide its buttons. */
export interface Permissions {
  canRead: boolean;
  /** create, update, delete (undo included). */
  canWrite: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  canImport: boolean;
  canExport: boolean;
  /** LGPD export and erasure. */
  canManage: boolean;
}

export function permissionsOf(access: Access, role: Role): Permissions {
  const a = (action: Action) => allows(access, role, action);
  return {
    canRead: a("read"),
    canWrite: a("create") || a("update") || a("delete"),
    canCreate: a("create"),
    canUpdate: a("update"),
    canDelete: a("delete"),
    canImport: a("import"),
    canExport: a("export"),
    canManage: a("lgpd"),
  };
}
