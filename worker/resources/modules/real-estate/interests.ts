import { sql } from "drizzle-orm";
import { propertyInterestKeys, propertyInterests } from "../../../../db/schema/index.ts";
import { PROPERTY_FEATURES, PROPERTY_TYPES } from "../../../../shared/enums.ts";
import { bitMask, type InteresseInput, type InteresseRow, interesseDefinition } from "../../../../shared/resources/interesses.ts";
import { placeKey } from "../../../../shared/real-estate/places.ts";
import type { ResourceModule } from "../../define.ts";
import { propertyAlertTriggers } from "../../../services/real-estate/match-sql.ts";
import { interestCreatedStatements } from "../../../services/real-estate/matching.ts";

const t = propertyInterests;

/**
 * The place keys matching compares, kept inside `locais` for the places trigger: the properties'
 * own key function, so a bairro typed with other accents, case or punctuation still matches.
 */
export function placesWithKeys(input: Pick<InteresseInput, "locais">) {
  return input.locais.map((p) => ({
    ...p,
    cidadeChave: placeKey(p.cidade) ?? "",
    bairroChave: placeKey(p.bairro) ?? "",
  }));
}

// An interest without places gets one row with city key '*' ("anywhere"): matching a property
// then finds every candidate interest by key range (its city, its bairro, anywhere).
const livePlaces = `INSERT OR IGNORE INTO property_interest_places (org_id, interest_id, city_key, district_key)
    SELECT NEW.org_id, NEW.id, json_extract(value, '$.cidadeChave'), coalesce(json_extract(value, '$.bairroChave'), '')
    FROM json_each(NEW.places) WHERE json_extract(value, '$.cidadeChave') IS NOT NULL AND NEW.deleted_at IS NULL;
  INSERT OR IGNORE INTO property_interest_places (org_id, interest_id, city_key, district_key)
    SELECT NEW.org_id, NEW.id, '*', '' WHERE json_array_length(NEW.places) = 0 AND NEW.deleted_at IS NULL`;

/** The team member a broker field names must belong to the organization (users are not a registry resource). */
const notMember = "NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = NEW.broker_id AND m.org_id = NEW.org_id)";
/**
 * Interesses em Imóveis, server side. `locais` is mirrored into `property_interest_places` by
 * triggers in the same statement (matching joins those rows on their primary key); new cards go
 * on top of their kanban column.
 */
export const interessesModule: ResourceModule<InteresseRow, InteresseInput> = {
  definition: interesseDefinition,
  table: t,
  // New interests get their alerts (properties already matching) in the create's own batch.
  alsoOnCreate: interestCreatedStatements,
  keys: propertyInterestKeys,
  titleSql: sql`'Interesse de ' || coalesce((select c.name from clients c where c.id = ${t.clienteId}), 'cliente')`,
  extras: {
    clienteNome: sql`(select c.name from clients c where c.id = ${t.clienteId} and c.org_id = ${t.orgId})`,
    clienteEmail: sql`(select c.email from clients c where c.id = ${t.clienteId} and c.org_id = ${t.orgId})`,
    // The phone to send matches to: the one marked WhatsApp, else the first.
    clienteWhatsapp: sql`(select coalesce((select json_extract(ph.value, '$.numero') from json_each(c.phones) ph where json_extract(ph.value, '$.whatsapp') = 1 limit 1), json_extract(c.phones, '$[0].numero')) from clients c where c.id = ${t.clienteId} and c.org_id = ${t.orgId})`,
    imovelTitulo: sql`(select coalesce(p.title, p.code) from properties p where p.id = ${t.imovelId} and p.org_id = ${t.orgId} and p.deleted_at is null)`,
    corretorNome: sql`(select u.name from users u where u.id = ${t.corretorId})`,
    alertas: sql`(select count(*) from match_alerts a where a.org_id = ${t.orgId} and a.interest_id = ${t.id} and a.seen_at is null)`,
    // A lead's possible match not answered yet (lead-matches.ts): the list marks it "Não verificado".
    leadNaoVerificado: sql`exists (select 1 from inbound_leads l where l.org_id = ${t.orgId} and l.interest_id = ${t.id} and l.match_status = 'pendente')`,
  },
  values(input, info) {
    return {
      tiposMask: bitMask(input.tipos, PROPERTY_TYPES),
      caracteristicasMask: bitMask(input.caracteristicas, PROPERTY_FEATURES),
      locais: placesWithKeys(input),
      // Found and sorted by the client's name: its sort key and search keys.
      ordem: sql`coalesce((select c.name_norm from clients c where c.org_id = ${info.orgId} and c.id = ${input.clienteId}), '')`,
      chavesBusca: sql`coalesce((select c.search_keys from clients c where c.org_id = ${info.orgId} and c.id = ${input.clienteId}), '[]')`,
    };
  },
  sorts: { proximaAcao: t.proximaAcaoEm },
  filters: {
    etapa: { column: t.etapa },
    temperatura: { column: t.temperatura },
    finalidade: { column: t.finalidade },
    corretor: { column: t.corretorId },
    origem: { column: t.origem },
    proximaAcao: {
      // A calendar-date column: compared as text (`aaaa-mm-dd` sorts as dates do).
      where: (values) => {
        const m = /^(\d{4}-\d{2}-\d{2})?\.\.(\d{4}-\d{2}-\d{2})?$/.exec(values[0] ?? "");
        if (!m || (!m[1] && !m[2])) return undefined;
        if (m[1] && m[2]) return sql`${t.proximaAcaoEm} between ${m[1]} and ${m[2]}`;
        return m[1] ? sql`${t.proximaAcaoEm} >= ${m[1]}` : sql`${t.proximaAcaoEm} <= ${m[2]}`;
      },
      index: "property_interests_org_proximaAcao_idx",
    },
    precoMax: { column: t.precoMaxCentavos },
    criadoEm: { column: t.criadoEm },
    atualizadoEm: { column: t.atualizadoEm },
  },
  relations: [
    { column: t.clienteId, target: "clients", field: "clienteId", message: "Cliente não encontrado. Escolha um cliente cadastrado." },
    { column: t.imovelId, target: "imoveis", field: "imovelId", message: "Imóvel não encontrado. Escolha um imóvel cadastrado." },
  ],
  errors: [{ match: "corretor_invalido", message: "Corretor não encontrado. Escolha alguém da equipe.", field: "corretorId", status: 422 }],
  triggers: [
    // On `properties`, kept with matching: a property that became available or cheaper raises its alerts.
    ...propertyAlertTriggers(),
    {
      name: "property_interests_broker_bi",
      sql: `CREATE TRIGGER property_interests_broker_bi BEFORE INSERT ON property_interests
  WHEN NEW.broker_id IS NOT NULL AND ${notMember} BEGIN
  SELECT RAISE(ABORT, 'corretor_invalido');
END`,
    },
    {
      name: "property_interests_broker_bu",
      sql: `CREATE TRIGGER property_interests_broker_bu BEFORE UPDATE OF broker_id ON property_interests
  WHEN NEW.broker_id IS NOT NULL AND NEW.broker_id IS NOT OLD.broker_id AND ${notMember} BEGIN
  SELECT RAISE(ABORT, 'corretor_invalido');
END`,
    },
    {
      name: "property_interests_places_ai",
      sql: `CREATE TRIGGER property_interests_places_ai AFTER INSERT ON property_interests BEGIN
  ${livePlaces};
  UPDATE property_interests SET stage_position = (SELECT coalesce(min(o.stage_position), 1) - 1 FROM property_interests o
    WHERE o.org_id = NEW.org_id AND o.stage = NEW.stage AND o.deleted_at IS NULL AND o.id <> NEW.id) WHERE id = NEW.id;
END`,
    },
    {
      name: "property_interests_places_au",
      sql: `CREATE TRIGGER property_interests_places_au AFTER UPDATE OF places, deleted_at ON property_interests BEGIN
  DELETE FROM property_interest_places WHERE interest_id = OLD.id;
  ${livePlaces};
END`,
    },
    {
      name: "property_interests_places_ad",
      sql: `CREATE TRIGGER property_interests_places_ad AFTER DELETE ON property_interests BEGIN
  DELETE FROM property_interest_places WHERE interest_id = OLD.id;
END`,
    },
  ],
  example: (related) => ({
    clienteId: related("clients"),
    finalidade: "venda",
    tipos: ["apartamento", "cobertura"],
    // One text per place ("bairro, cidade - UF", or a whole city); objects { bairro, cidade, uf } are accepted too.
    locais: ["Pinheiros, São Paulo - SP", "Santo André - SP"],
    precoMinCentavos: 50_000_000,
    precoMaxCentavos: 90_000_000,
    quartosMin: 2,
    suitesMin: 1,
    vagasMin: 1,
    areaMin: 60,
    caracteristicas: ["portaria_24h", "varanda_gourmet"],
    temperatura: "quente",
    etapa: "novo",
    proximaAcaoEm: "2026-12-01",
    origem: "indicacao",
    observacoes: "Quer mudar antes das aulas das crianças.",
  }),
};
