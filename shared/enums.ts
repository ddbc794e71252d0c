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

// Real estate (issue 12): imóveis, interesses, visitas.

export const PROPERTY_PURPOSES = ["venda", "locacao", "venda_locacao"] as const;
export type PropertyPurpose = (typeof PROPERTY_PURPOSES)[number];

/**
 * Kinds of property, grouped by use (residencial, comercial, rural). The order is stored as a
 * bit (`1 << index`) in an interest's wanted kinds: append only, never reorder.
 */
export const PROPERTY_TYPES = [
  "apartamento",
  "casa",
  "sobrado",
  "cobertura",
  "kitnet",
  "casa_condominio",
  "terreno",
  "sala_comercial",
  "loja",
  "galpao",
  "predio_comercial",
  "chacara",
  "sitio",
  "fazenda",
  "flat",
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_STATUSES = ["rascunho", "disponivel", "reservado", "vendido", "alugado", "inativo"] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** How much of the address the public page shows. */
export const ADDRESS_VISIBILITY = ["completo", "rua", "bairro"] as const;
export type AddressVisibility = (typeof ADDRESS_VISIBILITY)[number];

export const IPTU_PERIODS = ["mensal", "anual"] as const;
export type IptuPeriod = (typeof IPTU_PERIODS)[number];

/**
 * Features a property has and an interest wants. Stored as JSON (as typed) and as a bit mask
 * (`1 << index`) so matching counts them in SQL: append only, never reorder (at most 62).
 */
export const PROPERTY_FEATURES = [
  // residencial
  "piscina",
  "churrasqueira",
  "elevador",
  "portaria_24h",
  "academia",
  "salao_festas",
  "playground",
  "varanda",
  "varanda_gourmet",
  "ar_condicionado",
  "armarios_planejados",
  "area_servico",
  "quintal",
  "jardim",
  "lareira",
  "aceita_pets",
  "vista_mar",
  "closet",
  "escritorio",
  "energia_solar",
  // comercial
  "recepcao",
  "copa",
  "doca",
  "pe_direito_alto",
  "estacionamento_clientes",
  "vitrine",
  // rural
  "poco_artesiano",
  "curral",
  "pomar",
  "lago",
  "casa_caseiro",
] as const;
export type PropertyFeature = (typeof PROPERTY_FEATURES)[number];

export const INTEREST_TEMPERATURES = ["frio", "morno", "quente"] as const;
export type InterestTemperature = (typeof INTEREST_TEMPERATURES)[number];

export const INTEREST_STAGES = ["novo", "contato", "visita_agendada", "proposta", "fechado", "perdido"] as const;
export type InterestStage = (typeof INTEREST_STAGES)[number];

/** What a buyer or tenant is after (an interest never wants "venda e locação" itself). */
export const INTEREST_PURPOSES = ["venda", "locacao"] as const;
export type InterestPurpose = (typeof INTEREST_PURPOSES)[number];

export const INTEREST_ORIGINS = ["manual", "site", "portal", "whatsapp", "indicacao", "landing_page", "outro"] as const;
export type InterestOrigin = (typeof INTEREST_ORIGINS)[number];

export const VISIT_OUTCOMES = ["agendada", "realizada", "cancelada", "nao_compareceu"] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

export const MATCH_ALERT_REASONS = ["novo_imovel", "baixa_preco", "novo_interesse"] as const;
export type MatchAlertReason = (typeof MATCH_ALERT_REASONS)[number];
