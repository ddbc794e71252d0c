export const SEGMENTS = ["imobiliaria", "corretor", "comercio", "servicos"] as const;
export type Segment = (typeof SEGMENTS)[number];

/** Roles of a membership; what each may do is the permission table (shared/permissions.ts). */
export const ROLES = ["owner", "admin", "staff", "professional"] as const;
export type Role = (typeof ROLES)[number];

export const COLOR_MODES = ["system", "light", "dark"] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

/**
 * Value lists shared by the database columns and the client-safe zod schemas
 * (`shared/resources/*.ts`). Pure: no Drizzle
 * import, so the browser bundle can use it.
 */

export const CLIENT_KINDS = ["pf", "pj"] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

export const CLIENT_ORIGINS = ["indicacao", "instagram", "facebook", "portal", "site", "passante", "outro"] as const;
export type ClientOrigin = (typeof CLIENT_ORIGINS)[number];

export const COMPANY_TYPES = ["construtora", "incorporadora", "condominio", "fornecedor", "cliente_pj", "parceiro"] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Units a product is counted in. */
export const PRODUCT_UNITS = ["un", "cx", "pct", "kg", "g", "l", "ml", "m", "resma", "milheiro"] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/**
 * Kinds of stock movement: typed by people (entrada, saída, ajuste) and written by later
 * features (venda, consumo em serviço, cancelamento).
 */
export const STOCK_MOVEMENT_KINDS = ["entrada", "saida", "ajuste", "venda", "consumo", "cancelamento"] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
/** The kinds a person records by hand (the others come from sales, services and cancellations). */
export const MANUAL_STOCK_MOVEMENT_KINDS = ["entrada", "saida", "ajuste"] as const;
