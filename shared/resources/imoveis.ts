import { z } from "zod";
import {
  type FeatureUse,
  IPTU_PERIOD,
  PROPERTY_FEATURE,
  PROPERTY_FEATURES,
  PROPERTY_PURPOSE,
  PROPERTY_STATUS,
  PROPERTY_TYPE,
  PUBLIC_ADDRESS,
  type PropertyFeature,
  type PropertyPurpose,
  type PropertyStatus,
  type PropertyType,
} from "../enums/real-estate.ts";
import { formatDate, formatNumber } from "../format.ts";
import { formatListingPrice, formatListingPrices } from "../real-estate/listing-price.ts";
import { BROKER_RECORD } from "../permissions.ts";
import { PHOTO_WIDTHS, photoUrl } from "../real-estate/photo-url.ts";
import { checkbox, intValue, messages, moneyCentavos, numberValue, optional, optionalString } from "../validation.ts";
import { type AddressRow, addressFields, addressShape, auditColumns } from "./address.ts";
import { moneyColumn } from "./columns.ts";
import { optionalDate, optionalId, optionalOption } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, FilterOption, ResourceDefinition } from "./types.ts";

/** Imóveis: what a corretor captures, publishes and sells or rents. Client-safe. */

export const PROPERTY_PURPOSE_OPTIONS: readonly FilterOption[] = PROPERTY_PURPOSE.options;

export const PROPERTY_TYPE_OPTIONS: readonly FilterOption[] = PROPERTY_TYPE.options;

export const PROPERTY_STATUS_OPTIONS: readonly FilterOption[] = PROPERTY_STATUS.options;

export const ADDRESS_VISIBILITY_OPTIONS: readonly FilterOption[] = PUBLIC_ADDRESS.options;

export const IPTU_PERIOD_OPTIONS: readonly FilterOption[] = IPTU_PERIOD.options;

/** Kinds whose listing needs bedrooms (homes). */
export const RESIDENTIAL_TYPES: readonly PropertyType[] = [
  "apartamento",
  "casa",
  "sobrado",
  "cobertura",
  "kitnet",
  "casa_condominio",
  "flat",
];
const COMMERCIAL_TYPES: readonly PropertyType[] = ["sala_comercial", "loja", "galpao", "predio_comercial"];
const RURAL_TYPES: readonly PropertyType[] = ["chacara", "sitio", "fazenda"];

const featuresFor = (use: FeatureUse): readonly FilterOption[] =>
  PROPERTY_FEATURE.options.filter((o) => PROPERTY_FEATURE.entries[o.value].use === use);

/** Características by use, with pt-BR labels: each group shows for the kinds it fits (and for terrenos, all). */
export const FEATURE_GROUPS: readonly { title: string; types: readonly PropertyType[]; features: readonly FilterOption[] }[] = [
  { title: "Características — residencial", types: [...RESIDENTIAL_TYPES, "terreno"], features: featuresFor("residencial") },
  { title: "Características — comercial", types: [...COMMERCIAL_TYPES, "terreno"], features: featuresFor("comercial") },
  { title: "Características — rural", types: [...RURAL_TYPES, "terreno"], features: featuresFor("rural") },
];

export const FEATURE_OPTIONS: readonly FilterOption[] = FEATURE_GROUPS.flatMap((g) => g.features);

/** A property as lists, the detail page, the export and the API show it. Money in centavos, areas in m². */
export interface ImovelRow extends AddressRow {
  id: string;
  codigo: string;
  slug: string;
  finalidade: PropertyPurpose | null;
  tipo: PropertyType | null;
  subtipo: string | null;
  titulo: string | null;
  descricao: string | null;
  valorVendaCentavos: number | null;
  valorLocacaoCentavos: number | null;
  precoCentavos: number | null;
  condominioCentavos: number | null;
  iptuCentavos: number | null;
  iptuPeriodo: "mensal" | "anual" | null;
  areaUtil: number | null;
  areaTotal: number | null;
  areaTerreno: number | null;
  quartos: number | null;
  suites: number | null;
  banheiros: number | null;
  vagas: number | null;
  andar: number | null;
  anoConstrucao: number | null;
  mobiliado: boolean;
  aceitaPermuta: boolean;
  aceitaFinanciamento: boolean;
  enderecoPublico: "completo" | "rua" | "bairro";
  caracteristicas: PropertyFeature[];
  empreendimentoId: string | null;
  empreendimentoNome: string | null;
  proprietarioId: string | null;
  proprietarioNome: string | null;
  captadorId: string | null;
  captadorNome: string | null;
  corretorId: string | null;
  corretorNome: string | null;
  exclusividade: boolean;
  exclusividadeAte: string | null;
  chaves: string | null;
  status: PropertyStatus;
  publicadoEm: string | null;
  portal: boolean;
  destaque: boolean;
  capaChave: string | null;
  fotos: number;
  rascunhoEstado: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

const MAX_MONEY = 1_000_000_000_00;
const money = (field: string) => optional(moneyCentavos(field, { min: 0, max: MAX_MONEY }));
const count = (field: string, max: number) => optional(intValue(field, { min: 0, max }));
/** m² with up to two decimals ("72,5"). */
const area = (field: string) =>
  optional(numberValue(field, { min: 0, max: 100_000_000 })).refine(
    (v) => v === undefined || Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
    `O campo ${field} aceita no máximo duas casas decimais`,
  );
const CODE = /^[0-9A-Za-z][0-9A-Za-z._/-]*$/;

/** The form's feature checkboxes: one field each, `caracteristicas.piscina`. */
export const FEATURE_FIELD_PREFIX = "caracteristicas.";
const featureShape = Object.fromEntries(PROPERTY_FEATURES.map((f) => [`${FEATURE_FIELD_PREFIX}${f}`, checkbox()])) as Record<
  `caracteristicas.${PropertyFeature}`,
  ReturnType<typeof checkbox>
>;

/** The ticked features of a form or API body (`caracteristicas.piscina: true`), in catalogue order. */
export function featuresOf(values: Record<string, unknown>): PropertyFeature[] {
  return PROPERTY_FEATURES.filter((f) => values[`${FEATURE_FIELD_PREFIX}${f}`] === true);
}

/**
 * Every field, with its type and limits and nothing required: a draft saves whatever of it is
 * valid. The full schema adds what a record needs (`propertySchema`).
 */
export const propertyShape = {
  codigo: optionalString("Código", { max: 30 })
    .pipe(z.string().regex(CODE, "O campo Código deve conter letras, números, ponto, barra ou hífen").optional())
    .transform((s) => s?.toUpperCase()),
  finalidade: optionalOption("Finalidade", PROPERTY_PURPOSE),
  tipo: optionalOption("Tipo", PROPERTY_TYPE),
  subtipo: optionalString("Subtipo", { max: 60 }),
  titulo: optionalString("Título", { max: 100 }),
  descricao: optionalString("Descrição", { max: 3000, multiline: true }),
  valorVendaCentavos: money("Valor de venda"),
  valorLocacaoCentavos: money("Valor do aluguel"),
  condominioCentavos: money("Condomínio"),
  iptuCentavos: money("IPTU"),
  iptuPeriodo: optionalOption("Período do IPTU", IPTU_PERIOD),
  areaUtil: area("Área útil"),
  areaTotal: area("Área total"),
  areaTerreno: area("Área do terreno"),
  quartos: count("Quartos", 99),
  suites: count("Suítes", 99),
  banheiros: count("Banheiros", 99),
  vagas: count("Vagas", 999),
  andar: optional(intValue("Andar", { min: -5, max: 200 })),
  anoConstrucao: optional(intValue("Ano de construção", { min: 1800, max: 2100 })),
  mobiliado: checkbox(),
  aceitaPermuta: checkbox(),
  aceitaFinanciamento: checkbox(),
  ...addressShape,
  enderecoPublico: optionalOption("Endereço público", PUBLIC_ADDRESS).transform((v) => v ?? "bairro"),
  ...featureShape,
  empreendimentoId: optionalId("Empreendimento"),
  proprietarioId: optionalId("Proprietário"),
  captadorId: optionalId("Captador"),
  corretorId: optionalId("Corretor responsável"),
  exclusividade: checkbox(),
  exclusividadeAte: optionalDate("Exclusividade até"),
  chaves: optionalString("Chaves", { max: 200 }),
  status: optionalOption("Status", PROPERTY_STATUS).transform((v) => v ?? "rascunho"),
  destaque: checkbox(),
};

type Shape = typeof propertyShape;
export type PropertyDraftInput = { [K in keyof Shape]?: z.output<Shape[K]> } & { caracteristicas?: PropertyFeature[] };

/** One line of the publish checklist: what a listing needs, done or not, and the field to fix it in. */
export interface ChecklistItem {
  key: string;
  label: string;
  /** The form field to go to (or "fotos": the photos tab). */
  field: string;
  done: boolean;
  /** pt-BR, for the form's error under the field. */
  message: string;
}

type ChecklistValues = Pick<
  PropertyDraftInput,
  | "finalidade"
  | "tipo"
  | "titulo"
  | "valorVendaCentavos"
  | "valorLocacaoCentavos"
  | "bairro"
  | "cidade"
  | "uf"
  | "quartos"
  | "areaUtil"
  | "areaTotal"
  | "areaTerreno"
>;

/**
 * What a listing needs: finalidade, tipo, título, the price its finalidade asks for, where it
 * is, bedrooms for homes, an area and (when `photos` is given) at least one photo.
 */
export function listingChecklist(v: ChecklistValues, photos: number | null): ChecklistItem[] {
  const has = (x: unknown) => x !== undefined && x !== null && x !== "" && x !== 0;
  const sale = v.finalidade === "venda" || v.finalidade === "venda_locacao";
  const rent = v.finalidade === "locacao" || v.finalidade === "venda_locacao";
  const place = !has(v.bairro) ? "bairro" : !has(v.cidade) ? "cidade" : "uf";
  const items: ChecklistItem[] = [
    { key: "finalidade", label: "Finalidade", field: "finalidade", done: has(v.finalidade), message: messages.required("Finalidade") },
    { key: "tipo", label: "Tipo", field: "tipo", done: has(v.tipo), message: messages.required("Tipo") },
    { key: "titulo", label: "Título", field: "titulo", done: has(v.titulo), message: messages.required("Título") },
    {
      key: "preco",
      label: rent && !sale ? "Valor do aluguel" : sale && rent ? "Valores de venda e de aluguel" : "Valor de venda",
      field: sale && !has(v.valorVendaCentavos) ? "valorVendaCentavos" : rent ? "valorLocacaoCentavos" : "valorVendaCentavos",
      done: has(v.finalidade) && (!sale || has(v.valorVendaCentavos)) && (!rent || has(v.valorLocacaoCentavos)),
      message:
        sale && !has(v.valorVendaCentavos)
          ? "Informe o valor de venda"
          : rent
            ? "Informe o valor do aluguel"
            : "Escolha a finalidade e informe o preço",
    },
    {
      key: "local",
      label: "Bairro, cidade e UF",
      field: place,
      done: has(v.bairro) && has(v.cidade) && has(v.uf),
      message: messages.required(place === "bairro" ? "Bairro" : place === "cidade" ? "Cidade" : "UF"),
    },
  ];
  if (!v.tipo || RESIDENTIAL_TYPES.includes(v.tipo)) {
    items.push({ key: "quartos", label: "Quartos", field: "quartos", done: has(v.quartos), message: messages.required("Quartos") });
  }
  items.push({
    key: "area",
    label: "Área",
    field: v.tipo === "terreno" ? "areaTerreno" : "areaUtil",
    done: has(v.areaUtil) || has(v.areaTotal) || has(v.areaTerreno),
    message: "Informe ao menos uma área (útil, total ou do terreno)",
  });
  if (photos !== null)
    items.push({ key: "fotos", label: "Ao menos uma foto", field: "fotos", done: photos > 0, message: "Envie ao menos uma foto" });
  return items;
}

/**
 * The form, the action, the API: valid fields, and a draft may stay incomplete; any other
 * status needs what a listing needs (`missingRequirements`).
 */
export const propertySchema = z
  .object(propertyShape)
  .superRefine((input, ctx) => {
    if (input.exclusividade && !input.exclusividadeAte) {
      ctx.addIssue({ code: "custom", path: ["exclusividadeAte"], message: "Informe até quando vale a exclusividade" });
    }
    if (input.status === "rascunho") return;
    for (const item of listingChecklist(input, null)) {
      if (!item.done) ctx.addIssue({ code: "custom", path: [item.field], message: item.message });
    }
  })
  .transform((input) => ({ ...input, caracteristicas: featuresOf(input) }));

export type ImovelInput = z.output<typeof propertySchema>;

/** The code's prefix per kind (AP0012, CA0003); "IM" before the kind is known. */
export const CODE_PREFIX: Record<PropertyType, string> = {
  apartamento: "AP",
  casa: "CA",
  sobrado: "SO",
  cobertura: "CO",
  kitnet: "KI",
  casa_condominio: "CC",
  flat: "FL",
  terreno: "TE",
  sala_comercial: "SA",
  loja: "LO",
  galpao: "GA",
  predio_comercial: "PR",
  chacara: "CH",
  sitio: "SI",
  fazenda: "FA",
};

/** "72,5 m²". */
export function formatArea(value: number | null): string {
  return value === null ? "" : `${formatNumber(value, { maximumFractionDigits: 2 })} m²`;
}

/** "R$ 850.000,00" or "R$ 4.500,00/mês" (rent), both for venda e locação. */
export function priceText(row: Pick<ImovelRow, "finalidade" | "valorVendaCentavos" | "valorLocacaoCentavos">): string {
  return formatListingPrices(row);
}

/** "3 quartos · 2 vagas · 72 m²". */
export function factsText(row: Pick<ImovelRow, "quartos" | "vagas" | "areaUtil" | "areaTotal" | "areaTerreno">): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    row.quartos ? plural(row.quartos, "quarto", "quartos") : "",
    row.vagas ? plural(row.vagas, "vaga", "vagas") : "",
    formatArea(row.areaUtil ?? row.areaTotal ?? row.areaTerreno),
  ]
    .filter(Boolean)
    .join(" · ");
}

/** A place filter's choices are typed: "pinheiros". */
export const imovelColumns: readonly ColumnDef<ImovelRow>[] = [
  {
    key: "codigo",
    label: "Código",
    text: (r) => r.codigo,
    // The cover's smallest size: a thumbnail in the table, the cards' photo (other widths by name).
    cell: { kind: "image", src: (r) => (r.capaChave ? photoUrl(r.capaChave, PHOTO_WIDTHS[0]) : null) },
    defaultVisible: true,
  },
  { key: "nome", label: "Título", text: (r) => r.titulo ?? "(sem título)", sort: "text", defaultVisible: true },
  {
    key: "finalidade",
    label: "Finalidade",
    text: (r) => PROPERTY_PURPOSE.label(r.finalidade),
    filter: { type: "multi-enum", options: PROPERTY_PURPOSE_OPTIONS },
    defaultVisible: true,
  },
  {
    key: "tipo",
    label: "Tipo",
    text: (r) => PROPERTY_TYPE.label(r.tipo),
    filter: { type: "multi-enum", options: PROPERTY_TYPE_OPTIONS },
    defaultVisible: true,
  },
  { key: "bairro", label: "Bairro", text: (r) => r.bairro ?? "", filter: { type: "text" }, defaultVisible: true },
  { key: "cidade", label: "Cidade", text: (r) => r.cidade ?? "", filter: { type: "text" }, defaultVisible: false },
  {
    ...moneyColumn<ImovelRow>("preco", "Preço", (r) => r.precoCentavos, { sortable: true, filterable: true }),
    text: (r) => formatListingPrice(r.precoCentavos, r.finalidade),
  },
  {
    key: "quartos",
    label: "Quartos",
    text: (r) => (r.quartos === null ? "" : String(r.quartos)),
    value: (r) => r.quartos,
    align: "right",
    filter: { type: "number-range" },
    defaultVisible: true,
  },
  {
    key: "vagas",
    label: "Vagas",
    text: (r) => (r.vagas === null ? "" : String(r.vagas)),
    value: (r) => r.vagas,
    align: "right",
    filter: { type: "number-range" },
    defaultVisible: false,
  },
  {
    key: "area",
    label: "Área útil",
    text: (r) => formatArea(r.areaUtil),
    value: (r) => r.areaUtil,
    align: "right",
    sort: "number",
    defaultVisible: true,
  },
  {
    key: "status",
    label: "Status",
    text: (r) => PROPERTY_STATUS.label(r.status),
    cell: { kind: "badge", tone: (r) => PROPERTY_STATUS.tone(r.status) },
    filter: { type: "multi-enum", options: PROPERTY_STATUS_OPTIONS },
    defaultVisible: true,
  },
  {
    key: "corretor",
    label: "Corretor",
    text: (r) => r.corretorNome ?? "",
    // The team's names come from the list's loader (users are not a resource).
    filter: { type: "enum", options: [] },
    defaultVisible: false,
  },
  {
    key: "publicadoEm",
    label: "Publicado em",
    text: (r, zone) => (r.publicadoEm ? formatDate(r.publicadoEm, zone) : ""),
    value: (r) => r.publicadoEm,
    sort: "date",
    defaultVisible: false,
  },
  ...auditColumns<ImovelRow>(false),
];

const featureFields: FieldDef[] = FEATURE_GROUPS.flatMap((group) =>
  group.features.map((f) => ({
    name: `caracteristicas.${f.value}`,
    label: f.label,
    kind: "checkbox" as const,
    section: group.title,
  })),
);

export const imovelFields: readonly FieldDef[] = [
  { name: "titulo", label: "Título do anúncio", kind: "text", required: true, section: "Imóvel", hint: "Até 100 caracteres." },
  { name: "finalidade", label: "Finalidade", kind: "select", required: true, options: PROPERTY_PURPOSE_OPTIONS, section: "Imóvel" },
  { name: "tipo", label: "Tipo", kind: "select", required: true, options: PROPERTY_TYPE_OPTIONS, section: "Imóvel" },
  { name: "subtipo", label: "Subtipo", kind: "text", section: "Imóvel", hint: "Ex.: garden, duplex, de vila." },
  {
    name: "codigo",
    label: "Código",
    kind: "text",
    section: "Imóvel",
    hint: "Deixe em branco para gerar (AP0012, CA0003…).",
    autoComplete: "off",
  },
  { name: "status", label: "Status", kind: "select", options: PROPERTY_STATUS_OPTIONS, section: "Imóvel" },
  { name: "descricao", label: "Descrição", kind: "textarea", section: "Imóvel" },
  {
    name: "valorVendaCentavos",
    label: "Valor de venda",
    kind: "money",
    section: "Valores",
    showWhen: { field: "finalidade", values: ["venda", "venda_locacao"] },
  },
  {
    name: "valorLocacaoCentavos",
    label: "Valor do aluguel (mês)",
    kind: "money",
    section: "Valores",
    showWhen: { field: "finalidade", values: ["locacao", "venda_locacao"] },
  },
  { name: "condominioCentavos", label: "Condomínio (mês)", kind: "money", section: "Valores" },
  { name: "iptuCentavos", label: "IPTU", kind: "money", section: "Valores" },
  { name: "iptuPeriodo", label: "Período do IPTU", kind: "select", options: IPTU_PERIOD_OPTIONS, section: "Valores" },
  { name: "aceitaFinanciamento", label: "Aceita financiamento", kind: "checkbox", section: "Valores" },
  { name: "aceitaPermuta", label: "Aceita permuta", kind: "checkbox", section: "Valores" },
  { name: "areaUtil", label: "Área útil/privativa (m²)", kind: "number", step: "0.01", section: "Áreas e cômodos" },
  { name: "areaTotal", label: "Área total (m²)", kind: "number", step: "0.01", section: "Áreas e cômodos" },
  { name: "areaTerreno", label: "Área do terreno (m²)", kind: "number", step: "0.01", section: "Áreas e cômodos" },
  { name: "quartos", label: "Quartos", kind: "number", section: "Áreas e cômodos" },
  { name: "suites", label: "Suítes", kind: "number", section: "Áreas e cômodos" },
  { name: "banheiros", label: "Banheiros", kind: "number", section: "Áreas e cômodos" },
  { name: "vagas", label: "Vagas", kind: "number", section: "Áreas e cômodos" },
  { name: "andar", label: "Andar", kind: "number", section: "Áreas e cômodos" },
  { name: "anoConstrucao", label: "Ano de construção", kind: "number", section: "Áreas e cômodos" },
  { name: "mobiliado", label: "Mobiliado", kind: "checkbox", section: "Áreas e cômodos" },
  ...addressFields,
  {
    name: "enderecoPublico",
    label: "O que mostrar do endereço no anúncio",
    kind: "select",
    options: ADDRESS_VISIBILITY_OPTIONS,
    section: "Endereço",
  },
  ...featureFields,
  { name: "proprietarioId", label: "Proprietário", kind: "relation", relation: "clients", section: "Captação" },
  { name: "empreendimentoId", label: "Empreendimento/construtora", kind: "relation", relation: "companies", section: "Captação" },
  { name: "captadorId", label: "Captador", kind: "select", section: "Captação" },
  { name: "corretorId", label: "Corretor responsável", kind: "select", section: "Captação" },
  { name: "exclusividade", label: "Exclusividade", kind: "checkbox", section: "Captação" },
  { name: "exclusividadeAte", label: "Exclusividade até", kind: "date", section: "Captação" },
  { name: "chaves", label: "Chaves (onde estão)", kind: "text", section: "Captação", hint: "Nunca aparece no anúncio." },
  { name: "destaque", label: "Destaque na landing page", kind: "checkbox", section: "Divulgação" },
];

export const imovelDefinition: ResourceDefinition<ImovelRow, ImovelInput> = {
  name: "imoveis",
  basePath: "/properties",
  api: "properties",
  access: BROKER_RECORD,
  owners: ["captadorId", "corretorId"],
  labels: {
    singular: "imóvel",
    plural: "imóveis",
    listTitle: "Imóveis",
    newTitle: "Novo Imóvel",
    editTitle: "Editar Imóvel",
    newButton: "Novo imóvel",
    empty: "Nenhum imóvel por aqui ainda.",
    emptyHint: "Cadastre o primeiro imóvel — ou comece um rascunho no celular, na visita.",
    searchPlaceholder: "Buscar por título, código, rua ou bairro",
    deleted: "Imóvel excluído.",
    restored: "Imóvel restaurado.",
  },
  columns: imovelColumns,
  fields: imovelFields,
  schema: propertySchema,
  defaultSort: { key: "criadoEm", dir: "desc" },
  pageSize: 24,
  subtitle: (row) =>
    [row.codigo, PROPERTY_TYPE.label(row.tipo), [row.bairro, row.cidade].filter(Boolean).join(", ")].filter(Boolean).join(" · "),
  title: (row) => row.titulo ?? `Imóvel ${row.codigo}`,
  screens: {
    // Every screen has behaviour of its own (the view switch, the tabs, the share image): own route modules.
    plain: [],
    listDescription: "Os imóveis da sua carteira. Rascunhos ficam em Rascunhos de Imóveis até serem publicados.",
    newDescription:
      "Para anunciar: finalidade, tipo, título, preço, bairro, cidade, área (e quartos, se for residencial). Sem pressa? Comece um rascunho.",
    submitLabel: "Salvar imóvel",
    formId: "form-imovel",
    newValues: { status: "disponivel", enderecoPublico: "bairro", cidade: "" },
  },
  nav: { group: "Imóveis", order: 10 },
};
