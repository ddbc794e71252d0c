import { type SQL, sql } from "drizzle-orm";
import { properties, propertyKeys } from "../../../../db/schema/index.ts";
import { PROPERTY_FEATURES, PROPERTY_TYPES, type PropertyType } from "../../../../shared/enums.ts";
import {
  CODE_PREFIX,
  type ImovelInput,
  type ImovelRow,
  imovelDefinition,
  PROPERTY_TYPE_OPTIONS,
} from "../../../../shared/resources/imoveis.ts";
import { optionLabel } from "../../../../shared/resources/schema-helpers.ts";
import { cityKey, searchKeys, sortKey, words } from "../../../../shared/search.ts";
import type { ResourceModule } from "../../define.ts";
import { placeKey } from "../../../../shared/real-estate/places.ts";

/**
 * Imóveis, server side. The database keeps what must hold for every door (form, API, drafts,
 * seed): the code is generated when blank, every status change is written to
 * property_status_history with who and when, every price change of a listed property to
 * property_price_changes, `publicadoEm` is set the first time it leaves
 * rascunho, and captador/corretor must be members of the organization.
 */

/** A place's key as matching compares it (shared with interests): lower-case, no accents, no punctuation. */
export { placeKey };

/** `#b:` keys serve the bairro filter from the search-key index (no search term reaches `#`). */
export function districtKey(value: string): string {
  return `#b:${words(value).join(" ")}`;
}

/** Stands for the code in a slug until the database generates the code (replaced by the trigger). */
const CODE_SLOT = "~";

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => "abcdefghijkmnpqrstuvwxyz23456789"[b % 32]).join("");
}

/** "apartamento-3-quartos-pinheiros-ap0012-k3m9xq": readable, unique, unguessable. */
export function propertySlug(input: Pick<ImovelInput, "tipo" | "quartos" | "bairro" | "codigo">, suffix = randomSuffix()): string {
  const parts = [
    input.tipo ? optionLabel(PROPERTY_TYPE_OPTIONS, input.tipo).split("/")[0] : "imovel",
    input.quartos ? `${input.quartos} ${input.quartos === 1 ? "quarto" : "quartos"}` : "",
    input.bairro ?? "",
  ];
  const kebab = words(parts.join(" ")).join("-").slice(0, 80) || "imovel";
  const code = input.codigo ? words(input.codigo).join("-") : CODE_SLOT;
  return `${kebab}-${code}-${suffix}`;
}

/** Bits of the chosen features (`2 ** index`: up to 62 fit in SQLite's integer). */
export function featureMask(features: readonly string[]): number {
  let mask = 0;
  for (const f of new Set(features)) {
    const i = (PROPERTY_FEATURES as readonly string[]).indexOf(f);
    if (i >= 0) mask += 2 ** i;
  }
  return mask;
}

export function typeBit(tipo: PropertyType | null | undefined): number {
  return tipo ? 2 ** PROPERTY_TYPES.indexOf(tipo) : 0;
}

/** Every derived column of a property from its fields (forms, API and draft autosave). */
export function derivedValues(input: Partial<ImovelInput>, mode: "create" | "update"): Record<string, unknown> {
  const bairro = input.bairro ?? null;
  const keys = searchKeys({ names: [input.titulo, input.codigo, input.bairro, input.cidade, input.rua], city: input.cidade });
  if (bairro && placeKey(bairro)) keys.push(districtKey(bairro));
  const slug = propertySlug({ tipo: input.tipo, quartos: input.quartos, bairro: input.bairro, codigo: input.codigo });
  return {
    codigo: input.codigo ?? "",
    // Rebuilt while never published; frozen once public, so shared links keep working.
    slug: mode === "create" ? slug : (sql`case when ${properties.publicadoEm} is null then ${slug} else ${properties.slug} end` as SQL),
    tipoBit: typeBit(input.tipo),
    caracteristicas: input.caracteristicas ?? [],
    caracteristicasMask: featureMask(input.caracteristicas ?? []),
    precoCentavos: input.valorVendaCentavos ?? input.valorLocacaoCentavos ?? null,
    bairroChave: placeKey(input.bairro),
    cidadeChave: placeKey(input.cidade),
    ordem: sortKey(input.titulo || input.codigo || ""),
    chavesBusca: JSON.stringify(keys),
  };
}

const PREFIX_CASE = `CASE NEW.type ${Object.entries(CODE_PREFIX)
  .map(([type, prefix]) => `WHEN '${type}' THEN '${prefix}'`)
  .join(" ")} ELSE 'IM' END`;
/** The next code of the kind: prefix + the highest live number of that prefix + 1, four digits. */
const NEXT_CODE = `(SELECT p.prefix || printf('%04d', coalesce((SELECT max(cast(substr(x.code, 3) AS integer)) FROM properties x
    WHERE x.org_id = NEW.org_id AND x.deleted_at IS NULL AND x.code GLOB p.prefix || '[0-9]*'), 0) + 1) FROM (SELECT ${PREFIX_CASE} AS prefix) p)`;
// The generated code also joins the search keys (found by "ap0012") and takes its place in the slug.
const SET_CODE = `UPDATE properties SET code = ${NEXT_CODE}, slug = replace(slug, '${CODE_SLOT}', lower(${NEXT_CODE})),
    search_keys = json_insert(search_keys, '$[#]', lower(${NEXT_CODE})) WHERE id = NEW.id`;
const HISTORY = (from: string, at: string, by: string) =>
  `INSERT INTO property_status_history (id, org_id, property_id, from_status, to_status, at, by)
    VALUES (lower(hex(randomblob(16))), NEW.org_id, NEW.id, ${from}, NEW.status, ${at}, ${by})`;
/** A price change of a property already on the market (a rascunho's edits are not the market's). */
const PRICE_CHANGE = `INSERT INTO property_price_changes (id, org_id, property_id, sale_from_cents, sale_to_cents, rent_from_cents, rent_to_cents, at, by)
    VALUES (lower(hex(randomblob(16))), NEW.org_id, NEW.id, OLD.sale_price_cents, NEW.sale_price_cents, OLD.rent_price_cents, NEW.rent_price_cents, NEW.updated_at, NEW.updated_by)`;
const PUBLISHED =
  "UPDATE properties SET published_at = NEW.updated_at WHERE id = NEW.id AND published_at IS NULL AND NEW.status <> 'rascunho'";
const notMember = (column: string) =>
  `NEW.${column} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = NEW.${column} AND m.org_id = NEW.org_id)`;

export const imoveisModule: ResourceModule<ImovelRow, ImovelInput> = {
  definition: imovelDefinition,
  table: properties,
  keys: propertyKeys,
  titleSql: sql`coalesce(${properties.titulo}, 'Imóvel ' || ${properties.codigo})`,
  extras: {
    empreendimentoNome: sql`(select coalesce(nullif(e.trade_name, ''), e.legal_name) from companies e where e.id = ${properties.empreendimentoId} and e.org_id = ${properties.orgId} and e.deleted_at is null)`,
    proprietarioNome: sql`(select c.name from clients c where c.id = ${properties.proprietarioId} and c.org_id = ${properties.orgId} and c.deleted_at is null)`,
    captadorNome: sql`(select name from users where users.id = ${properties.captadorId})`,
    corretorNome: sql`(select name from users where users.id = ${properties.corretorId})`,
  },
  values(input, info) {
    // A full save replaces the form: nothing of an older draft state is left behind.
    return { ...derivedValues(input, info.mode), rascunhoEstado: null };
  },
  sorts: { preco: properties.precoCentavos, area: properties.areaUtil, publicadoEm: properties.publicadoEm },
  filters: {
    finalidade: { column: properties.finalidade },
    tipo: { column: properties.tipo },
    bairro: { key: districtKey },
    cidade: { key: cityKey },
    preco: { column: properties.precoCentavos },
    quartos: { column: properties.quartos },
    vagas: { column: properties.vagas },
    status: { column: properties.status },
    corretor: { column: properties.corretorId },
    criadoEm: { column: properties.criadoEm },
    atualizadoEm: { column: properties.atualizadoEm },
  },
  lookup: {
    exact: {
      column: properties.codigo,
      accepts: (ref) => /^[0-9A-Za-z][0-9A-Za-z._/-]*$/.test(ref.trim()),
      normalize: (ref) => ref.trim().toUpperCase(),
    },
    names: [properties.titulo],
  },
  relations: [
    {
      column: properties.proprietarioId,
      target: "clients",
      field: "proprietarioId",
      message: "Proprietário não encontrado. Escolha um cliente cadastrado.",
    },
    {
      column: properties.empreendimentoId,
      target: "companies",
      field: "empreendimentoId",
      message: "Empreendimento não encontrado. Escolha uma empresa cadastrada.",
    },
  ],
  errors: [
    { match: "properties.org_id, properties.code", message: "Já existe um imóvel com este código.", field: "codigo", status: 409 },
    { match: "imovel_corretor_fora_da_equipe", message: "Escolha um corretor da sua equipe.", field: "corretorId", status: 422 },
    { match: "imovel_captador_fora_da_equipe", message: "Escolha um captador da sua equipe.", field: "captadorId", status: 422 },
  ],
  triggers: [
    {
      name: "properties_code_ai",
      sql: `CREATE TRIGGER properties_code_ai AFTER INSERT ON properties WHEN NEW.code = '' BEGIN\n  ${SET_CODE};\nEND`,
    },
    {
      name: "properties_code_au",
      sql: `CREATE TRIGGER properties_code_au AFTER UPDATE OF code ON properties WHEN NEW.code = '' BEGIN\n  ${SET_CODE};\nEND`,
    },
    {
      name: "properties_status_ai",
      sql: `CREATE TRIGGER properties_status_ai AFTER INSERT ON properties BEGIN\n  ${HISTORY("NULL", "NEW.created_at", "NEW.created_by")};\n  ${PUBLISHED};\nEND`,
    },
    {
      name: "properties_status_au",
      sql: `CREATE TRIGGER properties_status_au AFTER UPDATE OF status ON properties WHEN OLD.status IS NOT NEW.status BEGIN\n  ${HISTORY("OLD.status", "NEW.updated_at", "NEW.updated_by")};\n  ${PUBLISHED};\nEND`,
    },
    {
      name: "properties_price_au",
      sql: `CREATE TRIGGER properties_price_au AFTER UPDATE OF sale_price_cents, rent_price_cents ON properties
  WHEN OLD.status <> 'rascunho' AND (OLD.sale_price_cents IS NOT NEW.sale_price_cents OR OLD.rent_price_cents IS NOT NEW.rent_price_cents) BEGIN\n  ${PRICE_CHANGE};\nEND`,
    },
    {
      name: "properties_team_bi",
      sql: `CREATE TRIGGER properties_team_bi BEFORE INSERT ON properties BEGIN
  SELECT RAISE(ABORT, 'imovel_corretor_fora_da_equipe') WHERE ${notMember("broker_id")};
  SELECT RAISE(ABORT, 'imovel_captador_fora_da_equipe') WHERE ${notMember("captured_by")};
END`,
    },
    {
      name: "properties_team_bu",
      sql: `CREATE TRIGGER properties_team_bu BEFORE UPDATE OF broker_id, captured_by ON properties BEGIN
  SELECT RAISE(ABORT, 'imovel_corretor_fora_da_equipe') WHERE ${notMember("broker_id")} AND NEW.broker_id IS NOT OLD.broker_id;
  SELECT RAISE(ABORT, 'imovel_captador_fora_da_equipe') WHERE ${notMember("captured_by")} AND NEW.captured_by IS NOT OLD.captured_by;
END`,
    },
  ],
  example: (related, unique = "") => ({
    codigo: `AP0101${unique ? `-${unique}` : ""}`,
    finalidade: "venda",
    tipo: "apartamento",
    titulo: "Apartamento de 3 quartos com varanda gourmet em Pinheiros",
    descricao: "Andar alto, sol da manhã, duas vagas e lazer completo a 400 m do metrô Faria Lima.",
    valorVendaCentavos: 1_450_000_00,
    condominioCentavos: 1_380_00,
    iptuCentavos: 4_200_00,
    iptuPeriodo: "anual",
    areaUtil: 98.5,
    areaTotal: 142,
    quartos: 3,
    suites: 1,
    banheiros: 2,
    vagas: 2,
    andar: 12,
    anoConstrucao: 2014,
    aceitaFinanciamento: true,
    cep: "05422-030",
    rua: "Rua dos Pinheiros",
    numero: "870",
    bairro: "Pinheiros",
    cidade: "São Paulo",
    uf: "SP",
    enderecoPublico: "bairro",
    // The form's checkboxes, one dotted key each (the API also answers with the list).
    "caracteristicas.piscina": true,
    "caracteristicas.churrasqueira": true,
    "caracteristicas.elevador": true,
    "caracteristicas.portaria_24h": true,
    "caracteristicas.varanda_gourmet": true,
    proprietarioId: related("clients"),
    empreendimentoId: related("companies"),
    exclusividade: false,
    chaves: "Na portaria, com o Sr. Antônio",
    status: "disponivel",
  }),
};
