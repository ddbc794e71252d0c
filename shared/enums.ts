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

/** Resources whose live-row count is kept per organization in `record_counts` (by triggers). */
export const COUNTED_RESOURCES = ["clients", "companies"] as const;
export type CountedResource = (typeof COUNTED_RESOURCES)[number];
