import { defineEnum } from "../define-enum.ts";

/** The office records' lists: clients, companies, products and stock movements. */

export const CLIENT_KIND = defineEnum({
  pf: { label: "Pessoa física" },
  pj: { label: "Pessoa jurídica" },
});
export const CLIENT_KINDS = CLIENT_KIND.values;
export type ClientKind = (typeof CLIENT_KINDS)[number];

export const CLIENT_ORIGIN = defineEnum({
  indicacao: { label: "Indicação" },
  instagram: { label: "Instagram" },
  facebook: { label: "Facebook" },
  portal: { label: "Portal" },
  site: { label: "Site" },
  passante: { label: "Passante" },
  outro: { label: "Outro" },
});
export const CLIENT_ORIGINS = CLIENT_ORIGIN.values;
export type ClientOrigin = (typeof CLIENT_ORIGINS)[number];

export const COMPANY_TYPE = defineEnum({
  construtora: { label: "Construtora" },
  incorporadora: { label: "Incorporadora" },
  condominio: { label: "Condomínio" },
  fornecedor: { label: "Fornecedor" },
  cliente_pj: { label: "Cliente PJ" },
  parceiro: { label: "Parceiro" },
});
export const COMPANY_TYPES = COMPANY_TYPE.values;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Units a product is counted in. */
export const PRODUCT_UNIT = defineEnum({
  un: { label: "Unidade (un)" },
  cx: { label: "Caixa (cx)" },
  pct: { label: "Pacote (pct)" },
  kg: { label: "Quilo (kg)" },
  g: { label: "Grama (g)" },
  l: { label: "Litro (l)" },
  ml: { label: "Mililitro (ml)" },
  m: { label: "Metro (m)" },
  resma: { label: "Resma" },
  milheiro: { label: "Milheiro" },
});
export const PRODUCT_UNITS = PRODUCT_UNIT.values;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/**
 * Kinds of stock movement: typed by people (entrada, saída, ajuste) and written by later
 * features (venda, consumo em serviço, cancelamento).
 */
export const STOCK_MOVEMENT_KIND = defineEnum({
  entrada: { label: "Entrada", tone: "green" },
  saida: { label: "Saída", tone: "red" },
  ajuste: { label: "Ajuste", tone: "yellow" },
  venda: { label: "Venda", tone: "blue" },
  consumo: { label: "Consumo em serviço", tone: "purple" },
  cancelamento: { label: "Cancelamento", tone: "neutral" },
});
export const STOCK_MOVEMENT_KINDS = STOCK_MOVEMENT_KIND.values;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
/** The kinds a person records by hand (the others come from sales, services and cancellations). */
export const MANUAL_STOCK_MOVEMENT_KIND = STOCK_MOVEMENT_KIND.pick(["entrada", "saida", "ajuste"]);
export const MANUAL_STOCK_MOVEMENT_KINDS = MANUAL_STOCK_MOVEMENT_KIND.values;
