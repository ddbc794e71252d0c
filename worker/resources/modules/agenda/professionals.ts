import { sql } from "drizzle-orm";
import { professionalKeys, professionals } from "../../../../db/schema/index.ts";
import { type ProfissionalInput, type ProfissionalRow, profissionalDefinition } from "../../../../shared/resources/profissionais.ts";
import { searchKeys, sortKey } from "../../../../shared/search.ts";
import type { ResourceModule } from "../../define.ts";

/**
 * Profissionais, server side (ADR 064). The services they perform are `professional_services`
 * rows, replaced whole on every save in the write's batch; each id is looked up among the
 * organização's live services in the same statement, so another organização's id (or a deleted
 * one) leaves the row without a service and the table refuses it (NOT NULL): nothing is saved.
 * The login link must name a member of the organização (a trigger, from the registry). Weekly
 * availability and time off are written by worker/services/agenda/professional-*.ts.
 */

/** The professional's live services, in name order (a subquery: no parameters, once per isolate). */
const liveServices = sql`select s.id, s.name from professional_services ps
  join services s on s.id = ps.service_id and s.org_id = ps.org_id and s.deleted_at is null
  where ps.org_id = ${professionals.orgId} and ps.professional_id = ${professionals.id}
  order by s.sort_name`;

/** A member of the organização, active (the link's condition, in the triggers). */
const MEMBER = `EXISTS (SELECT 1 FROM memberships m WHERE m.org_id = NEW.org_id AND m.user_id = NEW.user_id AND m.deactivated_at IS NULL)`;
const NOT_MEMBER = "professionals_user_not_member";

/** The services chosen, each one of the organização's live ones or NULL (refused by the table). */
function serviceLinks(orgId: string, id: string, ids: readonly string[], written: ReturnType<typeof sql>) {
  const statements = [sql`delete from professional_services where org_id = ${orgId} and professional_id = ${id} and ${written}`];
  if (ids.length) {
    statements.push(sql`insert into professional_services (org_id, professional_id, service_id)
      select ${orgId}, ${id}, (select s.id from services s where s.org_id = ${orgId} and s.id = j.value and s.deleted_at is null)
      from json_each(${JSON.stringify(ids)}) j where ${written}`);
  }
  return statements;
}

export const profissionaisModule: ResourceModule<ProfissionalRow, ProfissionalInput> = {
  definition: profissionalDefinition,
  table: professionals,
  keys: professionalKeys,
  titleSql: sql`${professionals.nome}`,
  extras: {
    usuarioNome: sql`(select u.name from memberships m join users u on u.id = m.user_id where m.org_id = ${professionals.orgId} and m.user_id = ${professionals.usuarioId})`,
    comissaoPercentual: sql`(case when ${professionals.comissaoTipo} = 'percentual' then ${professionals.comissaoValor} / 100.0 end)`,
    comissaoFixa: sql`(case when ${professionals.comissaoTipo} = 'fixo' then ${professionals.comissaoValor} end)`,
    servicoIds: sql`json(coalesce((select json_group_array(id) from (${liveServices})), '[]'))`,
    servicoNomes: sql`(select group_concat(name, ', ') from (${liveServices}))`,
  },
  extraSchemas: {
    servicoIds: { type: "array", items: { type: "string" }, description: "Os serviços que realiza (ids), em ordem de nome." },
  },
  values(input) {
    const keys = searchKeys({ names: [input.nome], email: input.email, phones: input.telefone ? [input.telefone] : [] });
    return {
      ordem: sortKey(input.nome),
      comissaoValor: input.comissaoValor ?? null,
      chavesBusca: JSON.stringify(keys),
    };
  },
  filters: {
    ativo: { column: professionals.ativo },
    criadoEm: { column: professionals.criadoEm },
    atualizadoEm: { column: professionals.atualizadoEm },
  },
  lookup: { names: [professionals.nome] },
  // A new professional works the business hours until their availability is set (an empty week books nothing).
  alsoOnCreate: (ctx, actor, id) => [
    ctx.db.run(sql`update professionals set weekly = coalesce((select h.weekly from business_hours h where h.org_id = ${actor.orgId}), weekly)
      where org_id = ${actor.orgId} and id = ${id}`),
  ],
  alsoOnWrite: (ctx, actor, id, input, written) => serviceLinks(actor.orgId, id, input.servicoIds, written).map((s) => ctx.db.run(s)),
  errors: [
    {
      match: "NOT NULL constraint failed: professional_services.service_id",
      message: "Serviço não encontrado. Escolha serviços cadastrados em Serviços.",
      field: "servicoIds",
      status: 422,
    },
    {
      match: "professionals.org_id, professionals.user_id",
      message: "Este membro já tem acesso como outro profissional.",
      field: "usuarioId",
      status: 409,
    },
    { match: NOT_MEMBER, message: "Escolha um membro ativo da equipe.", field: "usuarioId", status: 422 },
    { match: "professionals_color_hex", message: "O campo Cor na agenda deve ser uma cor no formato #RRGGBB", field: "cor", status: 422 },
  ],
  triggers: [
    {
      name: "professionals_user_member_bi",
      sql: `CREATE TRIGGER professionals_user_member_bi BEFORE INSERT ON professionals
  WHEN NEW.user_id IS NOT NULL AND NOT ${MEMBER} BEGIN
  SELECT RAISE(ABORT, '${NOT_MEMBER}');
END`,
    },
    {
      name: "professionals_user_member_bu",
      sql: `CREATE TRIGGER professionals_user_member_bu BEFORE UPDATE OF user_id ON professionals
  WHEN NEW.user_id IS NOT NULL AND NEW.user_id IS NOT OLD.user_id AND NOT ${MEMBER} BEGIN
  SELECT RAISE(ABORT, '${NOT_MEMBER}');
END`,
    },
  ],
  example: (_related, unique = "") => ({
    nome: unique ? `Ana Souza ${unique}` : "Ana Souza",
    cor: "#2563eb",
    telefone: "(11) 91234-5678",
    email: `ana${unique ? `.${unique.toLowerCase()}` : ""}@salaobela.com.br`,
    comissaoTipo: "percentual",
    comissaoPercentual: 40,
    servicoIds: [],
    agendaOnline: true,
    ativo: true,
    observacoes: "Especialista em coloração. Não atende aos domingos.",
  }),
};
