import { type SQL, sql } from "drizzle-orm";
import { orderKeys, orders } from "../../../../db/schema/index.ts";
import { orderPricing } from "../../../../shared/finance/order-pricing.ts";
import { EDITABLE_ORDER_STATUSES } from "../../../../shared/finance/order-pipeline.ts";
import { type PedidoInput, type PedidoRow, pedidoDefinition } from "../../../../shared/resources/pedidos.ts";
import { searchKeys, sortKey } from "../../../../shared/search.ts";
import type { ResourceModule } from "../../define.ts";

const t = orders;

const editable = sql.raw(`(${EDITABLE_ORDER_STATUSES.map((s) => `'${s}'`).join(", ")})`);

/** The organização's next order number, read inside the insert itself (ADR 073): SQLite runs one write at a time, and the unique index backs it. */
const nextNumber = (orgId: string): SQL => sql`(select coalesce(max(o.number), 0) + 1 from orders o where o.org_id = ${orgId})`;

/**
 * The order's search keys: the walk-in's name and phone, the client's own keys, and the number
 * (on a create, the same sub-select the number is allocated by, in the same statement).
 */
function keysSql(input: PedidoInput, orgId: string, number: SQL): SQL {
  const own = JSON.stringify(searchKeys({ names: [input.contatoNome], phones: input.contatoTelefone ? [input.contatoTelefone] : [] }));
  const client = input.clienteId
    ? sql`coalesce((select c.search_keys from clients c where c.org_id = ${orgId} and c.id = ${input.clienteId}), '[]')`
    : sql`'[]'`;
  // The number is added outside the sub-select: a correlated column cannot reach into it.
  return sql`json_insert((select json_group_array(k.value) from (select value from json_each(${own}) union select value from json_each(${client})) k), '$[#]', cast(${number} as text))`;
}

/** The items of a write, replaced whole (positions 0…n-1), only when the header's write happened. */
function itemStatements(orgId: string, id: string, input: PedidoInput, written: SQL): SQL[] {
  const pricing = orderPricing(input.itens, input.taxaEntregaCentavos);
  if (!pricing.ok) return []; // the schema refused it already
  const statements: SQL[] = [sql`delete from order_items where org_id = ${orgId} and order_id = ${id} and ${written}`];
  input.itens.forEach((item, position) => {
    const line = pricing.value.lines[position] as { netCentavos: number; quantityMilli: number };
    statements.push(sql`insert into order_items (id, org_id, order_id, position, product_id, service_id, professional_id, description, quantity_milli, unit_price_cents, discount_cents, total_cents)
      select ${crypto.randomUUID()}, ${orgId}, ${id}, ${position}, ${item.produtoId ?? null}, ${item.servicoId ?? null}, ${item.profissionalId ?? null}, ${item.descricao},
        ${line.quantityMilli}, ${item.precoUnitarioCentavos}, ${item.descontoCentavos}, ${line.netCentavos}
      where ${written}`);
  });
  return statements;
}

/**
 * Pedidos, server side (ADR 073). The header and its items are one batch (the generic write,
 * then this module's `alsoOnWrite`); the number is the organização's sequence, allocated in the
 * insert; the amounts come from shared/money (the table's CHECK holds total = subtotal −
 * discount + fee). Items change only while the order is novo or em preparo (the write
 * condition, and a trigger for any other door); the status moves through
 * worker/services/finance/orders.ts, never through a save.
 */
export const pedidosModule: ResourceModule<PedidoRow, PedidoInput> = {
  definition: pedidoDefinition,
  table: t,
  keys: orderKeys,
  titleSql: sql`'Pedido nº ' || ${t.numero}`,
  extras: {
    clienteNome: sql`(select c.name from clients c where c.id = ${t.clienteId} and c.org_id = ${t.orgId})`,
    clienteTelefone: sql`(select coalesce((select json_extract(ph.value, '$.numero') from json_each(c.phones) ph where json_extract(ph.value, '$.whatsapp') = 1 limit 1), json_extract(c.phones, '$[0].numero')) from clients c where c.id = ${t.clienteId} and c.org_id = ${t.orgId})`,
    vendaNumero: sql`(select s.number from sales s where s.id = ${t.vendaId} and s.org_id = ${t.orgId})`,
    itens: sql`json(coalesce((select json_group_array(json_object('id', i.id, 'produtoId', i.product_id, 'servicoId', i.service_id,
      'profissionalId', i.professional_id, 'profissionalNome', (select p.name from professionals p where p.id = i.professional_id and p.org_id = i.org_id), 'descricao', i.description,
      'quantidade', i.quantity_milli / 1000.0, 'precoUnitarioCentavos', i.unit_price_cents, 'descontoCentavos', i.discount_cents, 'totalCentavos', i.total_cents))
      from (select * from order_items x where x.org_id = ${t.orgId} and x.order_id = ${t.id} order by x.position) i), '[]'))`,
    historico: sql`json(coalesce((select json_group_array(json_object('de', h.from_status, 'para', h.to_status,
      'em', strftime('%Y-%m-%dT%H:%M:%fZ', h.changed_at / 1000.0, 'unixepoch'), 'porNome', (select u.name from users u where u.id = h.changed_by)))
      from (select * from order_status_changes y where y.org_id = ${t.orgId} and y.order_id = ${t.id} order by y.changed_at, y.rowid) h), '[]'))`,
  },
  extraSchemas: {
    itens: {
      type: "array",
      description:
        "Os itens na ordem: produtoId ou servicoId (com profissionalId e profissionalNome), descricao, quantidade, precoUnitarioCentavos, descontoCentavos, totalCentavos.",
      items: { type: "object" },
    },
    historico: {
      type: "array",
      description: "Cada mudança de situação: de, para, em (ISO) e porNome; a primeira é a criação (de = null).",
      items: { type: "object" },
    },
  },
  values(input, info) {
    const pricing = orderPricing(input.itens, input.taxaEntregaCentavos);
    const amounts = pricing.ok
      ? {
          subtotalCentavos: pricing.value.subtotalCentavos,
          descontoCentavos: pricing.value.descontoCentavos,
          taxaEntregaCentavos: pricing.value.taxaEntregaCentavos,
          totalCentavos: pricing.value.totalCentavos,
        }
      : {};
    const number = info.mode === "create" ? nextNumber(info.orgId) : sql`${t.numero}`;
    const address =
      input.entrega === "entrega" && input.rua && input.cidade
        ? {
            cep: input.cep ?? null,
            rua: input.rua,
            numero: input.numeroEndereco ?? null,
            complemento: input.complemento ?? null,
            bairro: input.bairro ?? null,
            cidade: input.cidade,
            uf: input.uf ?? null,
          }
        : null;
    return {
      ...(info.mode === "create" ? { numero: number } : {}),
      ...amounts,
      endereco: address,
      previstoPara: new Date(input.previstoPara),
      contatoNome: input.contatoNome ?? null,
      contatoTelefone: input.contatoTelefone ?? null,
      // Sorted by who asked: the client's name, else the walk-in's.
      ordem: input.clienteId
        ? sql`coalesce((select c.name_norm from clients c where c.org_id = ${info.orgId} and c.id = ${input.clienteId}), ${sortKey(input.contatoNome ?? "")})`
        : sortKey(input.contatoNome ?? ""),
      chavesBusca: keysSql(input, info.orgId, number),
    };
  },
  numberColumn: t.numero,
  sorts: { numero: t.numero, previstoPara: t.previstoPara, total: t.totalCentavos },
  filters: {
    status: { column: t.status },
    entrega: { column: t.entrega },
    previstoPara: { column: t.previstoPara },
    cliente: { column: t.clienteId },
    criadoEm: { column: t.criadoEm },
    atualizadoEm: { column: t.atualizadoEm },
  },
  totals: { total: t.totalCentavos },
  relations: [
    { column: t.clienteId, target: "clients", field: "clienteId", message: "Cliente não encontrado. Escolha um cliente cadastrado." },
  ],
  errors: [
    {
      match: "pedido_item_invalido",
      message: "Um item do pedido não é um produto, serviço ou profissional cadastrado.",
      field: "itens",
      status: 422,
    },
    { match: "pedido_fechado", message: "Este pedido já está pronto, entregue ou cancelado: os itens não mudam mais.", status: 409 },
  ],
  writeCondition: (_actor, action) =>
    action === "update"
      ? {
          where: sql`${t.status} in ${editable}`,
          message: "Este pedido já está pronto, entregue ou cancelado: não dá mais para editá-lo.",
        }
      : { where: sql`${t.vendaId} is null`, message: "Um pedido que virou venda não pode ser excluído." },
  alsoOnCreate: (ctx, actor, id) => [
    ctx.db.run(sql`insert into order_status_changes (id, org_id, order_id, from_status, to_status, changed_at, changed_by)
      select ${crypto.randomUUID()}, ${actor.orgId}, ${id}, null, o.status, ${ctx.now.getTime()}, ${actor.userId}
      from orders o where o.org_id = ${actor.orgId} and o.id = ${id}`),
  ],
  alsoOnWrite: (ctx, actor, id, input, written) => itemStatements(actor.orgId, id, input, written).map((s) => ctx.db.run(s)),
  triggers: [
    {
      // Items name the organização's live products, services and professionals only (a professional on a service line), whichever door wrote them.
      name: "order_items_refs_bi",
      sql: `CREATE TRIGGER order_items_refs_bi BEFORE INSERT ON order_items
  WHEN (NEW.product_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = NEW.product_id AND p.org_id = NEW.org_id AND p.deleted_at IS NULL))
    OR (NEW.service_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM services s WHERE s.id = NEW.service_id AND s.org_id = NEW.org_id AND s.deleted_at IS NULL))
    OR (NEW.professional_id IS NOT NULL AND (NEW.service_id IS NULL OR NOT EXISTS (SELECT 1 FROM professionals p WHERE p.id = NEW.professional_id AND p.org_id = NEW.org_id AND p.deleted_at IS NULL)))
    OR NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = NEW.order_id AND o.org_id = NEW.org_id) BEGIN
  SELECT RAISE(ABORT, 'pedido_item_invalido');
END`,
    },
    {
      // A ready, delivered or cancelled order keeps its items (the page's edit is refused before; this holds for every door).
      name: "order_items_open_bi",
      sql: `CREATE TRIGGER order_items_open_bi BEFORE INSERT ON order_items
  WHEN (SELECT o.status FROM orders o WHERE o.id = NEW.order_id) NOT IN ('novo', 'em_preparo') BEGIN
  SELECT RAISE(ABORT, 'pedido_fechado');
END`,
    },
  ],
  example: (related) => ({
    clienteId: related("clients"),
    entrega: "entrega",
    cep: "01310100",
    rua: "Avenida Paulista",
    numeroEndereco: "1000",
    complemento: "Apto 52",
    bairro: "Bela Vista",
    cidade: "São Paulo",
    uf: "SP",
    taxaEntregaCentavos: 800,
    previstoPara: "2026-12-24T10:00:00-03:00",
    observacoes: "Entregar na portaria.",
    itens: [
      {
        produtoId: related("produtos"),
        descricao: "Bolo de cenoura com chocolate",
        quantidade: 1,
        precoUnitarioCentavos: 4500,
        descontoCentavos: 0,
      },
      { descricao: "Vela de aniversário", quantidade: 2, precoUnitarioCentavos: 350, descontoCentavos: 100 },
    ],
  }),
};
