import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import { orderItems, orders, products, professionals, services } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import type { OrderStatus } from "../../shared/finance/order-pipeline.ts";
import type { PedidoInput } from "../../shared/resources/pedidos.ts";
import { dayIn, instantIn } from "../../shared/time-zone.ts";
import type { Actor, ServiceContext } from "../../worker/services/context.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";
import { completeSale } from "../../worker/services/finance/sales/complete-sale.ts";

/**
 * The demo's Pedidos (issue 22, ADR 073): what the imobiliária's clients order from its shop and
 * services — welcome kits and doormats for new tenants, "Vende-se" signs with their installation,
 * copied keys, a photo session — in every status of the pipeline, deterministic (days and times
 * relative to `now` in the organização's zone). Written as the app writes them: the registry
 * module's values (number, totals, search keys), its items and its history; the moves the team
 * made are history rows by the member who made them. Three delivered orders were paid and became
 * sales through the sales transaction (Pix, cash, and a walk-in's cash whose name the sale keeps);
 * one is still unpaid. Service lines name who performs them (their commission reaches the sale).
 */

const ZONE = "America/Sao_Paulo";
const DAY = 86_400_000;

interface DemoLine {
  /** A product by SKU, a service by name, or a free line. */
  sku?: string;
  service?: string;
  /** A service line's professional, by name (the commission follows the line to the sale). */
  professional?: string;
  descricao?: string;
  quantidade: number;
  precoCentavos?: number;
  descontoCentavos?: number;
}

interface DemoOrder {
  /** Index into the demo clients, or a walk-in's name and phone. */
  client?: number;
  walkIn?: { nome: string; telefone: string };
  /** Days from today (negative: past) and the local time of "para quando". */
  day: number;
  time: string;
  /** How long before "para quando" it was taken (days). */
  takenDaysBefore: number;
  entrega?: {
    cep: string;
    rua: string;
    numero: string;
    complemento?: string;
    bairro: string;
    cidade: string;
    uf: string;
    taxaCentavos: number;
  };
  lines: DemoLine[];
  status: OrderStatus;
  observacoes?: string;
  /** A delivered order paid this way became a sale. */
  pago?: "pix" | "dinheiro";
}

const PINHEIROS = { cep: "05422030", rua: "Rua dos Pinheiros", bairro: "Pinheiros", cidade: "São Paulo", uf: "SP" };
const VILA_MADALENA = { cep: "05435000", rua: "Rua Harmonia", bairro: "Sumarezinho", cidade: "São Paulo", uf: "SP" };
const PERDIZES = { cep: "05014000", rua: "Rua Cardoso de Almeida", bairro: "Perdizes", cidade: "São Paulo", uf: "SP" };

export const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    client: 0,
    day: 2,
    time: "10:00",
    takenDaysBefore: 1,
    entrega: { ...PINHEIROS, numero: "1240", complemento: "Apto 82", taxaCentavos: 1500 },
    lines: [
      { sku: "BRD-KIT-MOR", quantidade: 1 },
      { sku: "BRD-CAP-PER", quantidade: 1 },
    ],
    status: "novo",
    observacoes: "Presente para a inquilina que assina o contrato na sexta. Entregar na portaria.",
  },
  {
    walkIn: { nome: "Sr. Valdir (síndico)", telefone: "11987012345" },
    day: 3,
    time: "14:30",
    takenDaysBefore: 0,
    lines: [{ sku: "CHV-COP-YALE", quantidade: 6 }],
    status: "novo",
    observacoes: "Cópias para o portão do condomínio; ele traz a chave original na retirada.",
  },
  {
    client: 3,
    day: 5,
    time: "09:00",
    takenDaysBefore: 2,
    entrega: { ...PERDIZES, numero: "880", taxaCentavos: 0 },
    lines: [
      { sku: "PLC-VND-9060", quantidade: 2 },
      {
        service: "Instalação de placa “Aluga-se”",
        professional: "Marcos Tadeu Ribeiro",
        descricao: "Instalação das placas na fachada",
        quantidade: 1,
        descontoCentavos: 1500,
      },
    ],
    status: "novo",
  },
  {
    client: 5,
    day: 1,
    time: "11:00",
    takenDaysBefore: 3,
    entrega: { ...VILA_MADALENA, numero: "57", taxaCentavos: 1200 },
    lines: [
      { sku: "BRD-KIT-MOR", quantidade: 2, descontoCentavos: 900 },
      { descricao: "Cartão escrito à mão", quantidade: 2, precoCentavos: 0 },
    ],
    status: "em_preparo",
  },
  {
    client: 7,
    day: 0,
    time: "17:00",
    takenDaysBefore: 2,
    lines: [
      { sku: "PLC-ALG-6040", quantidade: 3 },
      { sku: "GRF-FLD-A4", quantidade: 100 },
    ],
    status: "em_preparo",
    observacoes: "Folders com o QR code do anúncio no portal.",
  },
  {
    walkIn: { nome: "Patrícia Moura", telefone: "11976543210" },
    day: 0,
    time: "16:00",
    takenDaysBefore: 1,
    lines: [{ sku: "CHV-IDT-100", quantidade: 10 }],
    status: "pronto",
  },
  {
    client: 2,
    day: 0,
    time: "18:30",
    takenDaysBefore: 4,
    entrega: { ...PINHEIROS, numero: "310", complemento: "Casa 2", taxaCentavos: 1500 },
    lines: [
      { sku: "BRD-CAP-PER", quantidade: 1 },
      { sku: "CHV-COP-TETRA", quantidade: 2 },
    ],
    status: "pronto",
    observacoes: "Ligar antes: a cliente sai às 19h.",
  },
  {
    client: 1,
    day: -2,
    time: "10:00",
    takenDaysBefore: 3,
    lines: [{ service: "Sessão de fotos profissional", professional: "Sofia Kawamura", quantidade: 1, descontoCentavos: 3000 }],
    status: "entregue",
    pago: "pix",
  },
  {
    client: 4,
    day: -5,
    time: "15:00",
    takenDaysBefore: 2,
    entrega: { ...PERDIZES, numero: "1502", complemento: "Bloco B, apto 41", taxaCentavos: 1000 },
    lines: [{ sku: "BRD-KIT-MOR", quantidade: 1 }],
    status: "entregue",
    pago: "dinheiro",
  },
  {
    walkIn: { nome: "Carlos Henrique Dias", telefone: "11965432109" },
    day: -8,
    time: "11:30",
    takenDaysBefore: 1,
    lines: [
      { sku: "PLC-VND-6040", quantidade: 1 },
      { sku: "CHV-COP-YALE", quantidade: 3 },
    ],
    status: "entregue",
  },
  {
    client: 6,
    day: -3,
    time: "09:30",
    takenDaysBefore: 2,
    lines: [{ sku: "BRD-CAP-PER", quantidade: 2 }],
    status: "cancelado",
    observacoes: "A cliente desistiu: o contrato de locação não foi assinado.",
  },
  {
    // A walk-in who paid at the counter: the sale and its receipt carry her name and phone.
    walkIn: { nome: "Renata Bastos", telefone: "11954321098" },
    day: -1,
    time: "15:30",
    takenDaysBefore: 2,
    lines: [
      {
        service: "Vídeo para redes sociais",
        professional: "Sofia Kawamura",
        descricao: "Vídeo do apartamento para o Instagram",
        quantidade: 1,
      },
      { descricao: "Legendas e trilha licenciada", quantidade: 1, precoCentavos: 4000 },
    ],
    status: "entregue",
    pago: "dinheiro",
  },
];

/** The steps from novo to a status (cancelado: after a step in preparo). */
function path(status: OrderStatus): OrderStatus[] {
  const forward: OrderStatus[] = ["em_preparo", "pronto", "entregue"];
  if (status === "cancelado") return ["em_preparo", "cancelado"];
  if (status === "novo") return [];
  return forward.slice(0, forward.indexOf(status) + 1);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** Writes the demo orders (one batch) after the shop's products and services exist; answers their ids. */
export async function seedDemoOrders(
  db: Database,
  orgId: string,
  members: { ownerId: string; staffId: string },
  clientIds: readonly string[],
  now: Date,
): Promise<string[]> {
  const mod = moduleOf("pedidos");
  const scope = orgScope(db, orgId);
  const skus = [...new Set(DEMO_ORDERS.flatMap((o) => o.lines.flatMap((l) => (l.sku ? [l.sku] : []))))];
  const names = [...new Set(DEMO_ORDERS.flatMap((o) => o.lines.flatMap((l) => (l.service ? [l.service] : []))))];
  const people = [...new Set(DEMO_ORDERS.flatMap((o) => o.lines.flatMap((l) => (l.professional ? [l.professional] : []))))];
  const [productRows, serviceRows, professionalRows] = await db.batch([
    db
      .select({ id: products.id, sku: products.sku, nome: products.nome, preco: products.precoCentavos })
      .from(products)
      .where(and(eq(products.orgId, orgId), inArray(products.sku, skus))),
    db
      .select({ id: services.id, nome: services.nome, preco: services.precoCentavos })
      .from(services)
      .where(and(eq(services.orgId, orgId), inArray(services.nome, names))),
    db
      .select({ id: professionals.id, nome: professionals.nome })
      .from(professionals)
      .where(and(eq(professionals.orgId, orgId), inArray(professionals.nome, people))),
  ]);
  const byPerson = new Map(professionalRows.map((p) => [p.nome, p.id]));
  const bySku = new Map(productRows.map((p) => [p.sku, p]));
  const byName = new Map(serviceRows.map((s) => [s.nome, s]));
  const today = dayIn(now, ZONE);
  const statements: BatchItem<"sqlite">[] = [];
  const ids: string[] = [];
  DEMO_ORDERS.forEach((order, n) => {
    const when = instantIn(addDays(today, order.day), order.time, ZONE);
    // Taken the day(s) before, in the morning; never after now.
    const taken = new Date(
      Math.min(when.getTime() - order.takenDaysBefore * DAY - 2 * 3_600_000, now.getTime() - (DEMO_ORDERS.length - n) * 60_000),
    );
    const itens = order.lines.map((line) => {
      const product = line.sku ? bySku.get(line.sku) : undefined;
      const service = line.service ? byName.get(line.service) : undefined;
      const professional = line.professional ? byPerson.get(line.professional) : undefined;
      if ((line.sku && !product) || (line.service && !service) || (line.professional && !professional))
        throw new Error(`demo-orders: ${line.sku ?? line.service ?? line.professional} não está no demo`);
      return {
        ...(product ? { produtoId: product.id } : {}),
        ...(service ? { servicoId: service.id } : {}),
        ...(professional ? { profissionalId: professional } : {}),
        descricao: line.descricao ?? product?.nome ?? service?.nome ?? "Item",
        quantidade: line.quantidade,
        precoUnitarioCentavos: line.precoCentavos ?? product?.preco ?? service?.preco ?? 0,
        descontoCentavos: line.descontoCentavos ?? 0,
      };
    });
    const input = mod.definition.schema.parse({
      clienteId: order.client !== undefined ? clientIds[order.client % clientIds.length] : undefined,
      contatoNome: order.walkIn?.nome,
      contatoTelefone: order.walkIn?.telefone,
      entrega: order.entrega ? "entrega" : "retirada",
      ...(order.entrega
        ? {
            cep: order.entrega.cep,
            rua: order.entrega.rua,
            numeroEndereco: order.entrega.numero,
            complemento: order.entrega.complemento,
            bairro: order.entrega.bairro,
            cidade: order.entrega.cidade,
            uf: order.entrega.uf,
            taxaEntregaCentavos: order.entrega.taxaCentavos,
          }
        : {}),
      previstoPara: when.toISOString(),
      observacoes: order.observacoes,
      itens,
    }) as PedidoInput;
    const values = insertValues(mod, scope, input as unknown as Record<string, unknown>, members.ownerId, taken);
    const id = values.id as string;
    ids.push(id);
    const creator: Actor = { orgId, userId: members.ownerId, role: "owner" } as Actor;
    const ctx = { db, now: taken } as unknown as ServiceContext;
    statements.push(db.insert(orders).values(values as never));
    statements.push(...(mod.alsoOnWrite?.(ctx, creator, id, input, sql`1`, { mode: "create", now: taken, orgId }) ?? []));
    statements.push(...(mod.alsoOnCreate?.(ctx, creator, id) ?? []));
    // The team's moves, spread between the order and "para quando" (the staff member prepares).
    const steps = path(order.status);
    let from: OrderStatus = "novo";
    steps.forEach((to, i) => {
      const at = Math.min(taken.getTime() + (i + 1) * 3_600_000, now.getTime() - (steps.length - i) * 60_000);
      statements.push(
        db.run(sql`insert into order_status_changes (id, org_id, order_id, from_status, to_status, changed_at, changed_by)
          values (${crypto.randomUUID()}, ${orgId}, ${id}, ${from}, ${to}, ${at}, ${members.staffId})`),
      );
      from = to;
    });
    if (steps.length)
      statements.push(
        db
          .update(orders)
          .set({ status: order.status, atualizadoPor: members.staffId, atualizadoEm: new Date(now.getTime() - 60_000) })
          .where(scope.where(orders, eq(orders.id, id))),
      );
  });
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  await sellDelivered(db, orgId, members.ownerId, ids, now);
  return ids;
}

/**
 * Delivered orders that were paid became sales, as "Gerar venda" does it: the point of sale's
 * draft with the order's lines (the fee as a free line) and its orderId, completed by the sales
 * transaction (ADR 071), which links the order in the same batch. Dated when each was delivered.
 */
async function sellDelivered(db: Database, orgId: string, ownerId: string, ids: readonly string[], now: Date): Promise<void> {
  const paid = DEMO_ORDERS.flatMap((order, i) => (order.status === "entregue" && order.pago ? [{ order, id: ids[i] as string }] : []));
  for (const { order, id } of paid) {
    const scope = orgScope(db, orgId);
    const [head] = await db
      .select({
        clienteId: orders.clienteId,
        contatoNome: orders.contatoNome,
        contatoTelefone: orders.contatoTelefone,
        fee: orders.taxaEntregaCentavos,
        total: orders.totalCentavos,
        quando: orders.previstoPara,
      })
      .from(orders)
      .where(scope.where(orders, eq(orders.id, id)));
    const lines = await db
      .select()
      .from(orderItems)
      .where(scope.where(orderItems, eq(orderItems.pedidoId, id)))
      .orderBy(asc(orderItems.posicao));
    if (!head) continue;
    const items = lines.map((l) => ({
      productId: l.produtoId,
      serviceId: l.servicoId,
      professionalId: l.profissionalId,
      description: l.descricao,
      quantityMilli: Math.round(l.quantidade * 1000),
      unitPriceCentavos: l.precoUnitarioCentavos,
      discount: l.descontoCentavos ? { kind: "valor" as const, centavos: l.descontoCentavos } : null,
    }));
    if (head.fee)
      items.push({
        productId: null,
        serviceId: null,
        professionalId: null,
        description: "Taxa de entrega",
        quantityMilli: 1000,
        unitPriceCentavos: head.fee,
        discount: null,
      });
    const at = new Date(Math.min(head.quando?.getTime() ?? now.getTime(), now.getTime() - 120_000));
    const ctx = { db, now: at, waitUntil: () => {}, origin: "", ip: "127.0.0.1", userAgent: null, config: {} } as unknown as ServiceContext;
    const actor: Actor = { orgId, userId: ownerId, role: "owner", timeZone: ZONE };
    await completeSale(ctx, actor, {
      draftId: crypto.randomUUID(),
      clientId: head.clienteId,
      customerName: head.contatoNome,
      customerPhone: head.contatoTelefone,
      items,
      payments: [{ method: order.pago, amountCentavos: head.total }],
      expectedTotalCentavos: head.total,
      orderId: id,
    });
  }
}
