import { z } from "zod";
import {
  INTEREST_ORIGIN,
  INTEREST_PURPOSE,
  INTEREST_STAGE,
  INTEREST_TEMPERATURE,
  type InterestOrigin,
  type InterestPurpose,
  type InterestStage,
  type InterestTemperature,
  PROPERTY_FEATURE,
  PROPERTY_TYPE,
} from "../enums/real-estate.ts";
import { formatBRL, formatDate } from "../format.ts";
import { BROKER_RECORD } from "../permissions.ts";
import { normalizeText } from "../search.ts";
import { blankToUndefined, intValue, isCleanText, messages, moneyCentavos, numberValue, optionalString } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { moneyColumn } from "./columns.ts";
import { type OptionList, optionalDate, optionalId, optionalOption, requiredOption, UF_OPTIONS, unflatten } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, FilterOption, ResourceDefinition } from "./types.ts";
import { ID_RE } from "../id.ts";
import { formatPlace, type InterestPlace, parsePlace, placeIdentity } from "../real-estate/places.ts";

/**
 * Interesses em Imóveis: a client's interest in one property or a search profile (what the
 * matching compares with the available properties). Client-safe.
 */

export const INTEREST_STAGE_OPTIONS: readonly FilterOption[] = INTEREST_STAGE.options;

export const INTEREST_TEMPERATURE_OPTIONS: readonly FilterOption[] = INTEREST_TEMPERATURE.options;

export const INTEREST_PURPOSE_OPTIONS: readonly FilterOption[] = INTEREST_PURPOSE.options;

export const INTEREST_ORIGIN_OPTIONS: readonly FilterOption[] = INTEREST_ORIGIN.options;

/** The OR of `1 << index` of each value in `all` (the order the enums promise never changes). */
export function bitMask(values: readonly string[], all: readonly string[]): number {
  let mask = 0;
  for (const value of values) {
    const i = all.indexOf(value);
    // Multiplication, not <<: JavaScript's shifts are 32-bit and the features may pass 31.
    if (i >= 0) mask += 2 ** i;
  }
  return mask;
}

export { formatPlace, type InterestPlace, parsePlace } from "../real-estate/places.ts";

const UFS = new Set(UF_OPTIONS.map((o) => o.value));

const MAX_PLACES = 20;

/** Places from the form (one per line), a JSON API array of `{ bairro?, cidade, uf? }`, or a CSV cell ("a; b"). */
function places(field: string): z.ZodType<InterestPlace[], unknown> {
  const text = z
    .string()
    .max(80, messages.max(field, 80))
    .refine((s) => isCleanText(s), messages.characters(field));
  const place = z.object({
    bairro: text.optional(),
    cidade: text.min(1, messages.required(field)),
    uf: z.enum([...UFS] as [string, ...string[]]).optional(),
  });
  return z.preprocess(
    (v, ctx) => {
      const b = blankToUndefined(v);
      if (b === undefined) return [];
      // The form's place picker sends one text per place (a repeated field); the API an array of objects.
      const lines = typeof b === "string" ? b.split(/[\n;]/) : Array.isArray(b) && b.every((x) => typeof x === "string") ? b : null;
      if (!lines) return b;
      const out: InterestPlace[] = [];
      for (const line of lines as string[]) {
        const parsed = parsePlace(line);
        if (parsed === "uf") ctx.addIssue({ code: "custom", message: `O campo ${field} tem uma UF desconhecida: "${line.trim()}"` });
        else if (parsed) out.push(parsed);
      }
      return out;
    },
    z
      .array(place, { error: () => messages.default(field) })
      .max(MAX_PLACES, `O campo ${field} aceita no máximo ${MAX_PLACES} locais`)
      .transform((list) => {
        // The same place twice (accents and case ignored) counts once.
        const seen = new Set<string>();
        return list.filter((p) => {
          const key = placeIdentity(p);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      }),
  ) as z.ZodType<InterestPlace[], unknown>;
}

/** Several of the list's values, by value or by pt-BR label ("Portaria 24h"), from an array, JSON or "a, b". */
function optionList<const V extends readonly [string, ...string[]]>(field: string, list: OptionList<V>): z.ZodType<V[number][], unknown> {
  const all = list.values;
  const byText = new Map<string, string>();
  for (const { value, label } of list.options) {
    byText.set(normalizeText(value), value);
    byText.set(normalizeText(label), value);
  }
  return z.preprocess(
    (v) => {
      let b = blankToUndefined(v);
      if (typeof b === "string" && b.trim().startsWith("[")) {
        try {
          b = JSON.parse(b);
        } catch {
          return b;
        }
      }
      if (b === undefined) return [];
      const list = typeof b === "string" ? b.split(/[,;]/) : b;
      if (!Array.isArray(list)) return list;
      const out = list
        .map((item) => (typeof item === "string" ? (byText.get(normalizeText(item)) ?? item.trim()) : item))
        .filter((item) => item !== "");
      return [...new Set(out)];
    },
    z
      .array(
        z.enum(all as unknown as [string, ...string[]], {
          // Names what was refused (an API caller or an import sees which value of the list is wrong).
          error: (issue) =>
            typeof issue.input === "string" && issue.input.length <= 60
              ? `O campo ${field} não aceita “${issue.input}”: use um dos valores da lista.`
              : messages.one_of(field),
        }),
        {
          error: () => messages.default(field),
        },
      )
      .max(all.length),
  ) as z.ZodType<V[number][], unknown>;
}

const optionalMoney = (field: string) =>
  z.preprocess(
    (v) => (blankToUndefined(v) === undefined ? undefined : v),
    moneyCentavos(field, { min: 0, max: 1_000_000_000_00 }).optional(),
  );
const optionalCount = (field: string) =>
  z.preprocess((v) => (blankToUndefined(v) === undefined ? undefined : v), intValue(field, { min: 0, max: 50 }).optional());

export const LOST_REASON_REQUIRED = "Informe o motivo da perda.";

/** One schema for the form, the action, the API and the kanban's moves. Money in centavos. */
export const interesseSchema = z.preprocess(
  unflatten,
  z
    .object({
      clienteId: z.preprocess(
        (v) => blankToUndefined(v),
        z.string({ error: () => messages.required("Cliente") }).regex(ID_RE, messages.default("Cliente")),
      ),
      imovelId: optionalId("Imóvel"),
      finalidade: optionalOption("Finalidade", INTEREST_PURPOSE),
      tipos: optionList("Tipos", PROPERTY_TYPE),
      locais: places("Locais"),
      precoMinCentavos: optionalMoney("Preço mínimo"),
      precoMaxCentavos: optionalMoney("Preço máximo"),
      quartosMin: optionalCount("Quartos (mínimo)"),
      suitesMin: optionalCount("Suítes (mínimo)"),
      vagasMin: optionalCount("Vagas (mínimo)"),
      areaMin: z.preprocess(
        (v) => (blankToUndefined(v) === undefined ? undefined : v),
        numberValue("Área mínima", { min: 0, max: 10_000_000 }).optional(),
      ),
      caracteristicas: optionList("Características desejadas", PROPERTY_FEATURE),
      temperatura: z.preprocess((v) => blankToUndefined(v) ?? "morno", requiredOption("Temperatura", INTEREST_TEMPERATURE)),
      etapa: z.preprocess((v) => blankToUndefined(v) ?? "novo", requiredOption("Etapa", INTEREST_STAGE)),
      motivoPerda: optionalString("Motivo da perda", { max: 300 }),
      corretorId: optionalId("Corretor"),
      proximaAcaoEm: optionalDate("Próxima ação"),
      origem: z.preprocess((v) => blankToUndefined(v) ?? "manual", requiredOption("Origem", INTEREST_ORIGIN)),
      observacoes: optionalString("Observações", { max: 2000, multiline: true }),
    })
    .superRefine((v, ctx) => {
      if (v.etapa === "perdido" && !v.motivoPerda) ctx.addIssue({ code: "custom", path: ["motivoPerda"], message: LOST_REASON_REQUIRED });
      if (!v.imovelId && !v.finalidade)
        ctx.addIssue({
          code: "custom",
          path: ["finalidade"],
          message: "Escolha a finalidade (comprar ou alugar) ou um imóvel específico.",
        });
      if (v.precoMinCentavos !== undefined && v.precoMaxCentavos !== undefined && v.precoMinCentavos > v.precoMaxCentavos)
        ctx.addIssue({ code: "custom", path: ["precoMaxCentavos"], message: "O preço máximo deve ser maior que o mínimo." });
    })
    // A reason belongs to a lost interest only.
    .transform((v) => (v.etapa === "perdido" ? v : { ...v, motivoPerda: undefined })),
);

export type InteresseInput = z.output<typeof interesseSchema>;

/** An interest as lists, the page, the kanban and the API show it. Dates are ISO strings. */
export interface InteresseRow {
  id: string;
  clienteId: string;
  clienteNome: string | null;
  clienteEmail: string | null;
  /** The client's WhatsApp (national digits): the phone marked WhatsApp, else the first. */
  clienteWhatsapp: string | null;
  imovelId: string | null;
  imovelTitulo: string | null;
  finalidade: InterestPurpose | null;
  tipos: string[];
  tiposMask: number;
  locais: InterestPlace[];
  precoMinCentavos: number | null;
  precoMaxCentavos: number | null;
  quartosMin: number | null;
  suitesMin: number | null;
  vagasMin: number | null;
  areaMin: number | null;
  caracteristicas: string[];
  caracteristicasMask: number;
  temperatura: InterestTemperature;
  etapa: InterestStage;
  posicaoEtapa: number;
  motivoPerda: string | null;
  corretorId: string | null;
  corretorNome: string | null;
  proximaAcaoEm: string | null;
  origem: InterestOrigin;
  mensagem: string | null;
  observacoes: string | null;
  /** Unseen match alerts of this interest. */
  alertas: number;
  /**
   * 1 when a lead from outside opened it with the e-mail or phone of another client on file and
   * nobody has confirmed yet whether it is the same person (the lead's words are unverified).
   */
  leadNaoVerificado: number;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

/** "até R$ 800.000,00", "R$ 300.000,00 a R$ 500.000,00", "" for none. */
export function formatPriceRange(row: Pick<InteresseRow, "precoMinCentavos" | "precoMaxCentavos">): string {
  const { precoMinCentavos: min, precoMaxCentavos: max } = row;
  if (min && max) return `${formatBRL(min)} a ${formatBRL(max)}`;
  if (max) return `até ${formatBRL(max)}`;
  if (min) return `a partir de ${formatBRL(min)}`;
  return "";
}

/** What the interest is after, in one line: "Comprar · Apartamento, Casa · Pinheiros, São Paulo - SP · até R$ 800.000,00". */
export function interestSummary(row: InteresseRow): string {
  if (row.imovelId && row.imovelTitulo) return `Imóvel: ${row.imovelTitulo}`;
  const parts = [
    INTEREST_PURPOSE.label(row.finalidade),
    row.tipos.map((t) => PROPERTY_TYPE.label(t)).join(", "),
    row.locais.map(formatPlace).join("; "),
    formatPriceRange(row),
    row.quartosMin ? `${row.quartosMin}+ quartos` : "",
  ];
  return parts.filter(Boolean).join(" · ");
}

export const interesseColumns: readonly ColumnDef<InteresseRow>[] = [
  {
    key: "nome",
    label: "Cliente",
    text: (r) => r.clienteNome ?? "",
    cell: { kind: "link", href: (r) => `/clients/${r.clienteId}` },
    sort: "text",
    defaultVisible: true,
  },
  { key: "perfil", label: "Procura", text: interestSummary, defaultVisible: true },
  {
    key: "etapa",
    label: "Etapa",
    text: (r) => INTEREST_STAGE.label(r.etapa),
    cell: { kind: "badge", tone: (r) => INTEREST_STAGE.tone(r.etapa) },
    filter: { type: "multi-enum", options: INTEREST_STAGE_OPTIONS },
    defaultVisible: true,
  },
  {
    key: "temperatura",
    label: "Temperatura",
    text: (r) => INTEREST_TEMPERATURE.label(r.temperatura),
    cell: { kind: "badge", tone: (r) => INTEREST_TEMPERATURE.tone(r.temperatura) },
    filter: { type: "multi-enum", options: INTEREST_TEMPERATURE_OPTIONS },
    defaultVisible: true,
  },
  {
    key: "finalidade",
    label: "Finalidade",
    text: (r) => INTEREST_PURPOSE.label(r.finalidade),
    filter: { type: "enum", options: INTEREST_PURPOSE_OPTIONS },
    defaultVisible: false,
  },
  moneyColumn<InteresseRow>("precoMax", "Preço máximo", (r) => r.precoMaxCentavos ?? 0, { visible: false }),
  {
    key: "corretor",
    label: "Corretor",
    text: (r) => r.corretorNome ?? "",
    // Options are the team, filled in by the list's loader (the definition cannot know them).
    filter: { type: "enum", options: [] },
    defaultVisible: true,
  },
  {
    key: "proximaAcao",
    label: "Próxima ação",
    text: (r) => (r.proximaAcaoEm ? formatDate(`${r.proximaAcaoEm}T12:00:00Z`) : ""),
    value: (r) => r.proximaAcaoEm,
    sort: "text",
    filter: { type: "date-range" },
    defaultVisible: true,
  },
  {
    key: "lead",
    label: "Lead",
    text: (r) => (r.leadNaoVerificado ? "Não verificado" : ""),
    cell: { kind: "badge", tone: () => "yellow" },
    defaultVisible: true,
  },
  {
    key: "origem",
    label: "Origem",
    text: (r) => INTEREST_ORIGIN.label(r.origem),
    filter: { type: "multi-enum", options: INTEREST_ORIGIN_OPTIONS },
    defaultVisible: false,
  },
  {
    key: "alertas",
    label: "Novos matches",
    text: (r) => (r.alertas ? String(r.alertas) : ""),
    align: "right",
    defaultVisible: false,
  },
  ...auditColumns<InteresseRow>(false),
];

export const interesseFields: readonly FieldDef[] = [
  { name: "clienteId", label: "Cliente", kind: "relation", relation: "clients", required: true, section: "Interesse" },
  {
    name: "imovelId",
    label: "Imóvel específico",
    kind: "relation",
    relation: "properties",
    section: "Interesse",
    hint: "Deixe em branco para um perfil de busca: o Alicerce mostra os imóveis que combinam.",
  },
  {
    name: "temperatura",
    label: "Temperatura",
    kind: "select",
    required: true,
    options: INTEREST_TEMPERATURE_OPTIONS,
    section: "Interesse",
  },
  { name: "etapa", label: "Etapa", kind: "select", required: true, options: INTEREST_STAGE_OPTIONS, section: "Interesse" },
  {
    name: "motivoPerda",
    label: "Motivo da perda",
    kind: "text",
    // Required only for "perdido" (the schema's refinement says so); not required for the JSON Schema.
    section: "Interesse",
    showWhen: { field: "etapa", values: ["perdido"] },
  },
  { name: "corretorId", label: "Corretor", kind: "select", section: "Interesse" },
  { name: "proximaAcaoEm", label: "Próxima ação", kind: "date", section: "Interesse" },
  { name: "origem", label: "Origem", kind: "select", required: true, options: INTEREST_ORIGIN_OPTIONS, section: "Interesse" },
  {
    name: "finalidade",
    label: "Finalidade",
    kind: "select",
    options: INTEREST_PURPOSE_OPTIONS,
    section: "O que procura",
    hint: "Obrigatória quando o interesse não é num imóvel específico.",
  },
  {
    name: "tipos",
    label: "Tipos de imóvel",
    kind: "choices",
    options: PROPERTY_TYPE.options,
    section: "O que procura",
    hint: "Os tipos do cadastro de imóveis. Nenhum marcado: qualquer tipo.",
  },
  {
    name: "locais",
    label: "Bairros e cidades",
    kind: "places",
    section: "O que procura",
    hint: "Escolha entre os bairros dos seus imóveis ou digite um bairro, “bairro, cidade - UF” ou um CEP. Nenhum: qualquer lugar.",
  },
  { name: "precoMinCentavos", label: "Preço mínimo", kind: "money", section: "O que procura" },
  {
    name: "precoMaxCentavos",
    label: "Preço máximo (teto)",
    kind: "money",
    section: "O que procura",
    hint: "Imóveis até 10% acima do teto também aparecem, com aviso.",
  },
  { name: "quartosMin", label: "Quartos (mínimo)", kind: "number", section: "O que procura" },
  { name: "suitesMin", label: "Suítes (mínimo)", kind: "number", section: "O que procura" },
  { name: "vagasMin", label: "Vagas (mínimo)", kind: "number", section: "O que procura" },
  { name: "areaMin", label: "Área útil mínima (m²)", kind: "number", step: "0.01", section: "O que procura" },
  {
    name: "caracteristicas",
    label: "Características desejadas",
    kind: "choices",
    options: PROPERTY_FEATURE.options,
    section: "O que procura",
    hint: "As do cadastro de imóveis: quem tem mais delas aparece primeiro.",
  },
  { name: "observacoes", label: "Observações", kind: "textarea", section: "Observações" },
];

export const interesseDefinition: ResourceDefinition<InteresseRow, InteresseInput> = {
  name: "interesses",
  basePath: "/property_clients",
  api: "property_clients",
  access: BROKER_RECORD,
  owners: ["corretorId"],
  labels: {
    singular: "interesse",
    plural: "interesses",
    listTitle: "Interesses em Imóveis",
    newTitle: "Novo Interesse",
    editTitle: "Editar Interesse",
    newButton: "Novo interesse",
    empty: "Nenhum interesse cadastrado ainda.",
    emptyHint: "Cadastre o que cada cliente procura: o Alicerce mostra os imóveis que combinam.",
    searchPlaceholder: "Buscar pelo nome do cliente",
    deleted: "Interesse excluído.",
    restored: "Interesse restaurado.",
  },
  columns: interesseColumns,
  fields: interesseFields,
  schema: interesseSchema,
  defaultSort: { key: "atualizadoEm", dir: "desc" },
  pageSize: 25,
  subtitle: (row) =>
    [INTEREST_STAGE.label(row.etapa), INTEREST_TEMPERATURE.label(row.temperatura), interestSummary(row)].filter(Boolean).join(" · "),
  title: (row) => `Interesse de ${row.clienteNome ?? "cliente"}`,
  screens: {
    // The kanban list and the interest's page with its matches are own route modules.
    plain: [],
    listDescription: "O que cada cliente procura, por etapa. Os imóveis que combinam aparecem em cada interesse.",
    newDescription:
      "O que o cliente procura: um imóvel específico ou um perfil de busca. Os imóveis que combinam aparecem na página do interesse.",
    submitLabel: "Salvar interesse",
    formId: "form-interesse",
    newValues: { temperatura: "morno", etapa: "novo", origem: "manual" },
    presets: { cliente: "clienteId", imovel: "imovelId" },
  },
  nav: { group: "Imóveis", order: 30 },
};
