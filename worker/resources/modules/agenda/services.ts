import { type SQL, sql } from "drizzle-orm";
import { serviceKeys, services } from "../../../../db/schema/index.ts";
import {
  commissionValueOf,
  SERVICE_PRODUCTS_MAX,
  type ServicoInput,
  type ServicoRow,
  servicoDefinition,
} from "../../../../shared/resources/servicos.ts";
import { categoryKey, searchKeys, sortKey } from "../../../../shared/search.ts";
import type { ResourceModule } from "../../define.ts";

const t = services;

/**
 * The professionals who perform the service: the list replaced whole, in the service's batch.
 * A professional of another organização (or a deleted one) has no id here, so the insert is
 * refused by the table (NOT NULL) and answered in pt-BR: the check and the write are one statement.
 */
function professionalStatements(orgId: string, serviceId: string, ids: readonly string[], written: SQL): SQL[] {
  const kept = ids.length
    ? sql`professional_id not in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`1`;
  return [
    sql`delete from professional_services where org_id = ${orgId} and service_id = ${serviceId} and ${kept} and ${written}`,
    ...ids.map(
      (id) => sql`insert into professional_services (org_id, professional_id, service_id)
        select ${orgId}, (select p.id from professionals p where p.org_id = ${orgId} and p.id = ${id} and p.deleted_at is null), ${serviceId}
        where ${written}
        on conflict (org_id, professional_id, service_id) do nothing`,
    ),
  ];
}

/** Serviços, server side. The products consumed are written by worker/services/agenda/service-products.ts. */
export const servicosModule: ResourceModule<ServicoRow, ServicoInput> = {
  definition: servicoDefinition,
  table: t,
  keys: serviceKeys,
  titleSql: sql`${t.nome}`,
  extras: {
    comissaoPercentual: sql`(case when ${t.comissaoTipo} = 'percentual' then ${t.comissaoValor} / 100.0 end)`,
    comissaoFixoCentavos: sql`(case when ${t.comissaoTipo} = 'fixo' then ${t.comissaoValor} end)`,
    profissionalIds: sql`json((select json_group_array(x.id) from (select p.id from professional_services ps
      join professionals p on p.org_id = ps.org_id and p.id = ps.professional_id and p.deleted_at is null
      where ps.org_id = ${t.orgId} and ps.service_id = ${t.id} order by p.sort_name, p.id) x))`,
    produtos: sql`json((select json_group_array(json_object('produtoId', x.id, 'nome', x.name, 'sku', x.sku, 'unidade', x.unit,
      'quantidade', x.quantity_milli / 1000.0, 'estoque', x.stock_milli / 1000.0, 'custoCentavos', x.cost_cents))
      from (select p.id, p.name, p.sku, p.unit, sp.quantity_milli, p.stock_milli, p.cost_cents from service_products sp
        join products p on p.org_id = sp.org_id and p.id = sp.product_id and p.deleted_at is null
        where sp.org_id = ${t.orgId} and sp.service_id = ${t.id} order by p.name_norm, p.id) x))`,
    custoProdutosCentavos: sql`(select coalesce(round(sum(sp.quantity_milli * p.cost_cents) / 1000.0), 0) from service_products sp
      join products p on p.org_id = sp.org_id and p.id = sp.product_id and p.deleted_at is null
      where sp.org_id = ${t.orgId} and sp.service_id = ${t.id})`,
  },
  extraSchemas: {
    comissaoPercentual: { type: ["number", "null"], description: "A comissão em % (quando `comissaoTipo` é percentual)." },
    comissaoFixoCentavos: { type: ["integer", "null"], description: "A comissão em centavos (quando `comissaoTipo` é fixo)." },
    profissionalIds: { type: "array", items: { type: "string" }, description: "Os profissionais que realizam o serviço (ids)." },
    produtos: {
      type: "array",
      description: "Os produtos consumidos a cada serviço realizado (saem do estoque como “consumo em serviço”).",
      items: {
        type: "object",
        required: ["produtoId", "nome", "sku", "unidade", "quantidade", "estoque", "custoCentavos"],
        properties: {
          produtoId: { type: "string" },
          nome: { type: "string" },
          sku: { type: "string" },
          unidade: { type: "string" },
          quantidade: { type: "number", description: "Na unidade do produto (até 3 casas decimais)." },
          estoque: { type: "number", description: "O estoque atual do produto." },
          custoCentavos: { type: "integer", description: "O custo unitário do produto." },
        },
      },
    },
    custoProdutosCentavos: { type: "integer", description: "O custo dos produtos consumidos em um serviço (centavos)." },
  },
  values(input) {
    const keys = searchKeys({ names: [input.nome] });
    if (input.categoria) keys.push(categoryKey(input.categoria));
    return {
      ordem: sortKey(input.nome),
      comissaoValor: commissionValueOf(input),
      chavesBusca: JSON.stringify(keys),
    };
  },
  sorts: { duracao: t.duracaoMin, preco: t.precoCentavos },
  filters: {
    categoria: { key: categoryKey },
    duracao: { column: t.duracaoMin },
    preco: { column: t.precoCentavos },
    ativo: { column: t.ativo },
    criadoEm: { column: t.criadoEm },
    atualizadoEm: { column: t.atualizadoEm },
  },
  import: {
    required: "nome",
    aliases: {
      servico: "nome",
      "nome do servico": "nome",
      descricao: "descricao",
      grupo: "categoria",
      duracao: "duracaoMin",
      "duracao (min)": "duracaoMin",
      "duracao em minutos": "duracaoMin",
      minutos: "duracaoMin",
      tempo: "duracaoMin",
      preco: "precoCentavos",
      valor: "precoCentavos",
      "comissao (%)": "comissaoPercentual",
      "comissao %": "comissaoPercentual",
      "comissao (r$)": "comissaoFixoCentavos",
      "agendamento online": "agendaOnline",
      online: "agendaOnline",
    },
    // A spreadsheet that gives a commission says which kind by its column.
    complete: (values) => ({
      ...values,
      comissaoTipo: values.comissaoTipo?.trim()
        ? values.comissaoTipo
        : values.comissaoPercentual?.trim()
          ? "percentual"
          : values.comissaoFixoCentavos?.trim()
            ? "fixo"
            : undefined,
    }),
  },
  lookup: { names: [t.nome] },
  errors: [
    {
      match: "NOT NULL constraint failed: professional_services.professional_id",
      message: "Profissional não encontrado. Escolha profissionais cadastrados.",
      field: "profissionalIds",
      status: 422,
    },
    {
      match: "NOT NULL constraint failed: service_products.product_id",
      message: "Produto não encontrado. Escolha um produto cadastrado.",
      field: "produtoId",
      status: 422,
    },
    {
      match: "NOT NULL constraint failed: service_products.org_id",
      message: `Um serviço consome no máximo ${SERVICE_PRODUCTS_MAX} produtos diferentes.`,
      field: "produtoId",
      status: 422,
    },
    { match: "services_duration_range", message: "A duração deve ficar entre 5 min e 12h.", field: "duracaoMin", status: 422 },
  ],
  alsoOnWrite(ctx, actor, id, input, written) {
    return professionalStatements(actor.orgId, id, input.profissionalIds, written).map((statement) => ctx.db.run(statement));
  },
  example: () => ({
    nome: "Corte feminino",
    categoria: "Cabelo",
    duracaoMin: "60",
    precoCentavos: 12000,
    comissaoTipo: "percentual",
    comissaoPercentual: 40,
    agendaOnline: true,
    ativo: true,
    profissionalIds: [],
    descricao: "Lavagem, corte e finalização com escova.",
  }),
};
