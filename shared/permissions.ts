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
 * - lgpd: a data subject's export and erasure (owner/admin only);
 * - approve: let what someone drafted go out (a post's approval and schedule), and the moves
 *   only an approver makes (send back, cancel, try again).
 */
export const ACTIONS = ["read", "create", "update", "delete", "import", "export", "lgpd", "approve"] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * How far a role's permission reaches among the organization's records:
 * - `any`: every record;
 * - `own`: only the records whose owner columns (the definition's `owners`) name the member
 *   (a professional's appointments and sales);
 * - `business`: `any`, unless the business chose in Configurações do Negócio that the role sees
 *   only its own records (a corretor's imóveis and interesses): then `own`.
 */
export type Scope = "any" | "own" | "business";

/** What a scope means for one member: `restricted` is the business's choice (Actor.ownOnly). */
export type Reach = "any" | "own";

/** One cell of the table: the roles allowed, each with its scope (a role absent is refused). */
export type Grants = Readonly<Partial<Record<Role, Scope>>>;

export type Access = { readonly [A in Action]: Grants };

/** Every role listed, with scope `any`. */
function anyOf(roles: readonly Role[]): Grants {
  return Object.fromEntries(roles.map((r) => [r, "any"]));
}

const MANAGERS: Grants = anyOf(["owner", "admin"]);
const WRITERS: Grants = anyOf(["owner", "admin", "staff"]);
const NOBODY: Grants = {};
const EVERY_ROLE: Grants = anyOf(ROLES);

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
  approve: NOBODY,
};

/**
 * People the business serves: as an office record, and professionals read every one (their
 * agenda names them), register new ones (a corretor meets a buyer at a plantão) and edit only
 * those they registered (the definition's `owners`); neither delete, import, export nor LGPD.
 */
export const PERSONAL_RECORD: Access = {
  ...OFFICE_RECORD,
  read: EVERY_ROLE,
  create: { ...WRITERS, professional: "any" },
  update: { ...WRITERS, professional: "own" },
  lgpd: MANAGERS,
};

/** The office, and the corretor within the reach the business chose (all records, or their own). */
const OFFICE_AND_BROKER: Grants = { ...WRITERS, professional: "business" };

/**
 * A real-estate record (Imóveis, Interesses em Imóveis): the office as for any record, and the
 * professional role — the corretor of the product map — captures, reads and updates them from a
 * phone, but neither deletes, imports nor takes everything out. Which of them: every one, or
 * (when the business chose so) those they capture or handle (the definition's `owners`).
 */
export const BROKER_RECORD: Access = {
  ...OFFICE_RECORD,
  read: OFFICE_AND_BROKER,
  create: OFFICE_AND_BROKER,
  update: OFFICE_AND_BROKER,
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
  approve: NOBODY,
};

/**
 * What the business publishes in its name (posts to Facebook and Instagram): everyone drafts;
 * the office and the professional edit and delete only what they wrote (and only while it is a
 * draft: the module's write condition); owner and admin see everything, edit, approve and
 * schedule. Nobody deletes what went out (the database refuses; cancel what has not).
 */
export const SOCIAL_POST: Access = {
  read: { ...MANAGERS, staff: "any", professional: "own" },
  create: EVERY_ROLE,
  update: { ...MANAGERS, staff: "own", professional: "own" },
  delete: { ...MANAGERS, staff: "own", professional: "own" },
  import: NOBODY,
  export: MANAGERS,
  lgpd: NOBODY,
  approve: MANAGERS,
};

/**
 * Agendamentos (issue 21): the office books, moves and serves every professional's agenda; the
 * professional role — a member linked to a profissional record (professionals.user_id) — sees,
 * books on and updates only their own agenda (the appointment's profissional is theirs).
 * Cancelling is a status change, so deleting (a mistake) is the office's; nothing is imported
 * (every appointment goes through the overlap guard), and the bulk export is the managers'.
 */
export const APPOINTMENT: Access = {
  read: { ...WRITERS, professional: "own" },
  create: { ...WRITERS, professional: "own" },
  update: { ...WRITERS, professional: "own" },
  delete: WRITERS,
  import: NOBODY,
  export: MANAGERS,
  lgpd: NOBODY,
  approve: NOBODY,
};

/**
 * Documentos (issue 22, ADR 074): contracts, matrículas, RG/CPF… the office uploads, reads, edits
 * and deletes them (owner, admin, staff); the professional role sees none (identity documents are
 * the office's). Files are never imported by CSV; the bulk export (a list of metadata) is the managers'.
 */
export const DOCUMENT: Access = {
  ...OFFICE_RECORD,
  import: NOBODY,
};

/**
 * Vendas (issue 22, ADR 071): the office sells at the counter and reads the receipts (owner,
 * admin, staff); a sale is never edited nor deleted — only cancelled, which reverses stock and
 * money, so cancelling is the managers' (`approve`: the move only an approver makes). The
 * professional role has no access (their commissions come from the service desk). Nothing is
 * imported (a sale goes through the transaction); the bulk export is the managers'.
 */
export const SALE: Access = {
  read: WRITERS,
  create: WRITERS,
  update: NOBODY,
  delete: NOBODY,
  import: NOBODY,
  export: MANAGERS,
  lgpd: NOBODY,
  approve: MANAGERS,
};

/**
 * Money the business owes and is owed (Despesas, Receitas, Contas financeiras, ADR 072): the
 * owner and the admin only — the office sells and takes orders, but the bills, what comes in
 * and the accounts' balances are the managers'. Nothing is imported (each bill goes through the
 * recurrence and the ledger); the bulk export is theirs too.
 */
export const FINANCE: Access = {
  read: MANAGERS,
  create: MANAGERS,
  update: MANAGERS,
  delete: MANAGERS,
  import: NOBODY,
  export: MANAGERS,
  lgpd: NOBODY,
  approve: NOBODY,
};

/**
 * The cash ledger (Movimentações, ADR 072): managers add entradas, saídas and transfers and
 * undo one with an estorno. A row is never edited nor deleted — by anyone: the table says so, so
 * no page or API offers the door (the module and the database's trigger refuse it too).
 */
export const CASH_LEDGER: Access = { ...FINANCE, update: NOBODY, delete: NOBODY };

/** Settings of the organization (business profile, business settings, team): managers only. */
export const SETTINGS: Access = {
  read: MANAGERS,
  create: MANAGERS,
  update: MANAGERS,
  delete: MANAGERS,
  import: NOBODY,
  export: NOBODY,
  lgpd: NOBODY,
  approve: NOBODY,
};

/**
 * The Meta connection's status (Conectar Redes): the office sees whether Facebook and Instagram are
 * connected, as its drafts go there; only managers connect, choose and disconnect. The corretor
 * (professional) drafts from the post screens and is told there when an account must be reconnected.
 */
export const SOCIAL_STATUS: Access = { ...SETTINGS, read: WRITERS };

/**
 * What the agenda follows (Horários, issue 21): the office reads the hours to book and to answer
 * clients; only managers change them. The professional role meets them through the agenda's
 * refusals ("Fora do horário de funcionamento…"), not this screen.
 */
export const AGENDA_RULES: Access = { ...SETTINGS, read: WRITERS };

/**
 * What steers the style of the business's posts (Contas de Referência, issue 20): the office
 * that writes the posts keeps it (owner, admin, staff); the professional role gets the style
 * through the generator and never edits the business's references. Nothing to import; the bulk
 * export is the managers', as for every record.
 */
export const STYLE_REFERENCE: Access = {
  read: WRITERS,
  create: WRITERS,
  update: WRITERS,
  delete: WRITERS,
  import: NOBODY,
  export: MANAGERS,
  lgpd: NOBODY,
  approve: NOBODY,
};

/**
 * What the agenda is built from (Profissionais, Serviços, issue 21): the office keeps it (owner,
 * admin, staff: a receptionist registers a new professional); managers take it out; nothing to
 * import (a handful of rows typed once). The professional role reads none of it: their agenda
 * and service desk show what they need.
 */
export const AGENDA_SETUP: Access = {
  ...OFFICE_RECORD,
  import: NOBODY,
};

/**
 * Pedidos (issue 22, ADR 073): the counter's daily work — owner, admin and staff take, change,
 * move and cancel orders; managers take the list out (customers' names and phones); nothing is
 * imported (items cannot come from a spreadsheet row). The professional role has no access.
 */
export const ORDER_RECORD: Access = {
  ...OFFICE_RECORD,
  import: NOBODY,
};

/**
 * The system's own pages (database, diagnostics): what a developer or the account's owner checks,
 * never the office's daily screens. Read-only, the owner only.
 */
export const SYSTEM: Access = {
  read: anyOf(["owner"]),
  create: NOBODY,
  update: NOBODY,
  delete: NOBODY,
  import: NOBODY,
  export: NOBODY,
  lgpd: NOBODY,
  approve: NOBODY,
};

/**
 * A money report (Relatórios: vendas, fluxo de caixa, DRE, contas a receber e a pagar, issue 23,
 * ADR 083): it reads the business's money, so the managers' only, as the money screens. Opening
 * one is `read`; its files (CSV, XLSX, PDF) are built for whoever may read it — the bulk export
 * of records (`export`) is not a report's door, so it stays closed here as for every area.
 */
export const MONEY_REPORT: Access = {
  read: MANAGERS,
  create: NOBODY,
  update: NOBODY,
  delete: NOBODY,
  import: NOBODY,
  export: NOBODY,
  lgpd: NOBODY,
  approve: NOBODY,
};

/**
 * Comissões por profissional: the managers see every professional's; the professional role sees
 * only their own (the profissional record linked to their login), as their agenda (ADR 083).
 */
export const COMMISSION_REPORT: Access = { ...MONEY_REPORT, read: { ...MANAGERS, professional: "own" } };

/**
 * The operations reports (Estoque, Agendamentos, Imóveis, Interesses, Posts; ADR 085): the
 * business consolidated for its managers, as the money reports. The office keeps reading the
 * records themselves and /analytics' social half.
 */
export const OPERATIONS_REPORT: Access = { ...MONEY_REPORT };

/**
 * Relatórios (the catalogue, /relatorios): whoever may open at least one report of it — the
 * managers, and the professional role (their own commissions). Kept equal to the union of the
 * catalogue's areas (tests/unit/report-catalogue.test.ts): a report another role may open adds
 * that role here.
 */
export const REPORT_CATALOGUE: Access = { ...MONEY_REPORT, read: { ...MANAGERS, professional: "any" } };

/**
 * The business's numbers (/analytics, ADR 085: leads by origin, conversion, average ticket,
 * returning clients): the owner and the admin, who read the money (as Despesas and Receitas).
 */
export const ANALYTICS: Access = {
  read: MANAGERS,
  create: NOBODY,
  update: NOBODY,
  delete: NOBODY,
  import: NOBODY,
  export: NOBODY,
  lgpd: NOBODY,
  approve: NOBODY,
};

/**
 * The social half of /analytics (reach, engagement, the best time to post): also the office,
 * which writes and schedules the posts and reads every one of them (the table's posts · read);
 * not the professional role, which reads only its own posts while these figures are the account's.
 */
export const SOCIAL_ANALYTICS: Access = { ...ANALYTICS, read: WRITERS };

/** Every member's own screens (dashboard, profile, preferences): everyone reads and changes their own. */
export const EVERYONE: Access = {
  read: EVERY_ROLE,
  create: EVERY_ROLE,
  update: EVERY_ROLE,
  delete: EVERY_ROLE,
  import: NOBODY,
  export: NOBODY,
  lgpd: NOBODY,
  approve: NOBODY,
};

/** The cell's scope for a role (one lookup); undefined: refused. */
export function scopeOf(access: Access, role: Role, action: Action): Scope | undefined {
  return access[action][role];
}

/** What the table answers for a resource's access. */
export function allows(access: Access, role: Role, action: Action): boolean {
  return access[action][role] !== undefined;
}

/** The roles a cell allows, in ROLES order (API reference, harnesses). */
export function rolesAllowed(access: Access, action: Action): Role[] {
  return ROLES.filter((role) => allows(access, role, action));
}

/** A scope for one member: `restricted` when the business chose "only their own" for `business` cells. */
export function reachOf(scope: Scope, restricted: boolean): Reach {
  return scope === "own" || (scope === "business" && restricted) ? "own" : "any";
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
  /** Approve what others drafted (and the approver's moves). */
  canApprove: boolean;
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
    canApprove: a("approve"),
  };
}
