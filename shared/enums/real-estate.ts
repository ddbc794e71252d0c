import { defineEnum, type EnumEntry } from "../define-enum.ts";

/** Real estate's lists (issue 12): imóveis, interesses, visitas. */

export const PROPERTY_PURPOSE = defineEnum({
  venda: { label: "Venda" },
  locacao: { label: "Locação" },
  venda_locacao: { label: "Venda e locação" },
});
export const PROPERTY_PURPOSES = PROPERTY_PURPOSE.values;
export type PropertyPurpose = (typeof PROPERTY_PURPOSES)[number];

/**
 * Kinds of property, grouped by use (residencial, comercial, rural). The order is stored as a
 * bit (`1 << index`) in an interest's wanted kinds: append only, never reorder.
 */
export const PROPERTY_TYPE = defineEnum({
  apartamento: { label: "Apartamento" },
  casa: { label: "Casa" },
  sobrado: { label: "Sobrado" },
  cobertura: { label: "Cobertura" },
  kitnet: { label: "Kitnet/Studio" },
  casa_condominio: { label: "Casa em condomínio" },
  terreno: { label: "Terreno/Lote" },
  sala_comercial: { label: "Sala comercial" },
  loja: { label: "Loja" },
  galpao: { label: "Galpão" },
  predio_comercial: { label: "Prédio comercial" },
  chacara: { label: "Chácara" },
  sitio: { label: "Sítio" },
  fazenda: { label: "Fazenda" },
  flat: { label: "Flat" },
});
export const PROPERTY_TYPES = PROPERTY_TYPE.values;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_STATUS = defineEnum({
  rascunho: { label: "Rascunho", tone: "neutral" },
  disponivel: { label: "Disponível", tone: "green" },
  reservado: { label: "Reservado", tone: "yellow" },
  vendido: { label: "Vendido", tone: "blue" },
  alugado: { label: "Alugado", tone: "purple" },
  inativo: { label: "Inativo", tone: "red" },
});
export const PROPERTY_STATUSES = PROPERTY_STATUS.values;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** How much of the address the public page shows (the form lists the most private first). */
export const PUBLIC_ADDRESS = defineEnum({
  bairro: { label: "Só bairro e cidade" },
  rua: { label: "Rua, sem o número" },
  completo: { label: "Endereço completo" },
});
export const ADDRESS_VISIBILITY = PUBLIC_ADDRESS.values;
export type AddressVisibility = (typeof ADDRESS_VISIBILITY)[number];

export const IPTU_PERIOD = defineEnum({
  anual: { label: "Anual" },
  mensal: { label: "Mensal" },
});
export const IPTU_PERIODS = IPTU_PERIOD.values;
export type IptuPeriod = (typeof IPTU_PERIODS)[number];

/** Which kinds of property a feature fits (the form groups them so; terrenos show all). */
export type FeatureUse = "residencial" | "comercial" | "rural";

const feature = (label: string, use: FeatureUse): EnumEntry & { use: FeatureUse } => ({ label, use });

/**
 * Features a property has and an interest wants. Stored as JSON (as typed) and as a bit mask
 * (`1 << index`) so matching counts them in SQL: append only, never reorder (at most 62).
 */
export const PROPERTY_FEATURE = defineEnum({
  piscina: feature("Piscina", "residencial"),
  churrasqueira: feature("Churrasqueira", "residencial"),
  elevador: feature("Elevador", "residencial"),
  portaria_24h: feature("Portaria 24h", "residencial"),
  academia: feature("Academia", "residencial"),
  salao_festas: feature("Salão de festas", "residencial"),
  playground: feature("Playground", "residencial"),
  varanda: feature("Varanda", "residencial"),
  varanda_gourmet: feature("Varanda gourmet", "residencial"),
  ar_condicionado: feature("Ar-condicionado", "residencial"),
  armarios_planejados: feature("Armários planejados", "residencial"),
  area_servico: feature("Área de serviço", "residencial"),
  quintal: feature("Quintal", "residencial"),
  jardim: feature("Jardim", "residencial"),
  lareira: feature("Lareira", "residencial"),
  aceita_pets: feature("Aceita pets", "residencial"),
  vista_mar: feature("Vista para o mar", "residencial"),
  closet: feature("Closet", "residencial"),
  escritorio: feature("Escritório", "residencial"),
  energia_solar: feature("Energia solar", "residencial"),
  recepcao: feature("Recepção", "comercial"),
  copa: feature("Copa", "comercial"),
  doca: feature("Doca", "comercial"),
  pe_direito_alto: feature("Pé-direito alto", "comercial"),
  estacionamento_clientes: feature("Estacionamento para clientes", "comercial"),
  vitrine: feature("Vitrine", "comercial"),
  poco_artesiano: feature("Poço artesiano", "rural"),
  curral: feature("Curral", "rural"),
  pomar: feature("Pomar", "rural"),
  lago: feature("Lago", "rural"),
  casa_caseiro: feature("Casa de caseiro", "rural"),
});
export const PROPERTY_FEATURES = PROPERTY_FEATURE.values;
export type PropertyFeature = (typeof PROPERTY_FEATURES)[number];

export const INTEREST_TEMPERATURE = defineEnum({
  frio: { label: "Frio", tone: "blue" },
  morno: { label: "Morno", tone: "yellow" },
  quente: { label: "Quente", tone: "red" },
});
export const INTEREST_TEMPERATURES = INTEREST_TEMPERATURE.values;
export type InterestTemperature = (typeof INTEREST_TEMPERATURES)[number];

export const INTEREST_STAGE = defineEnum({
  novo: { label: "Novo", tone: "blue" },
  contato: { label: "Contato", tone: "purple" },
  visita_agendada: { label: "Visita agendada", tone: "yellow" },
  proposta: { label: "Proposta", tone: "yellow" },
  fechado: { label: "Fechado", tone: "green" },
  perdido: { label: "Perdido", tone: "neutral" },
});
export const INTEREST_STAGES = INTEREST_STAGE.values;
export type InterestStage = (typeof INTEREST_STAGES)[number];

/** What a buyer or tenant is after (an interest never wants "venda e locação" itself). */
export const INTEREST_PURPOSE = defineEnum({
  venda: { label: "Comprar" },
  locacao: { label: "Alugar" },
});
export const INTEREST_PURPOSES = INTEREST_PURPOSE.values;
export type InterestPurpose = (typeof INTEREST_PURPOSES)[number];

export const INTEREST_ORIGIN = defineEnum({
  manual: { label: "Cadastro manual" },
  site: { label: "Site (página do imóvel)" },
  portal: { label: "Portal" },
  whatsapp: { label: "WhatsApp" },
  indicacao: { label: "Indicação" },
  landing_page: { label: "Landing page" },
  outro: { label: "Outro" },
  // A comment on one of our posts ("Criar interesse"); appended: values keep their order.
  instagram: { label: "Instagram" },
  facebook: { label: "Facebook" },
});
export const INTEREST_ORIGINS = INTEREST_ORIGIN.values;
export type InterestOrigin = (typeof INTEREST_ORIGINS)[number];

export const VISIT_OUTCOME = defineEnum({
  agendada: { label: "Agendada" },
  realizada: { label: "Realizada" },
  cancelada: { label: "Cancelada" },
  nao_compareceu: { label: "Cliente não compareceu" },
});
export const VISIT_OUTCOMES = VISIT_OUTCOME.values;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

/**
 * A lead from outside whose e-mail or phone matches a client already on file: kept on a client
 * of its own until a member says whether it is the same person (anyone can type someone's e-mail).
 */
export const LEAD_MATCH = defineEnum({
  pendente: { label: "Possível correspondência", tone: "yellow" },
  confirmada: { label: "Confirmado: mesmo cliente", tone: "green" },
  recusada: { label: "Outra pessoa", tone: "neutral" },
});
export const LEAD_MATCHES = LEAD_MATCH.values;
export type LeadMatch = (typeof LEAD_MATCHES)[number];

export const MATCH_ALERT_REASONS = ["novo_imovel", "baixa_preco", "novo_interesse"] as const;
export type MatchAlertReason = (typeof MATCH_ALERT_REASONS)[number];
