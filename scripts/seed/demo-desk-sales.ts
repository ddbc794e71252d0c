import { asc, desc, eq, gt, gte, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { appointmentServices, appointments, businessSettings, memberships, products } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import type { SaleDraft } from "../../shared/finance/sale-draft.ts";
import { priceSale } from "../../shared/money/sale-pricing.ts";
import { DEFAULT_TIME_ZONE } from "../../shared/time-zone.ts";
import { deskSaleDraft } from "../../worker/services/agenda/desk-sale.ts";
import { type Actor, DomainError } from "../../worker/services/context.ts";
import { completeSale } from "../../worker/services/finance/sales/index.ts";
import { seedContext } from "./demo-landing.ts";

/**
 * The service desk's charges (ADR 078) in the demo: the last two weeks' concluded appointments
 * were charged at the desk like at the counter — Pix + dinheiro with change, crédito in 3×, 10%
 * off with a product the client took home, or one method for the whole total — through the same
 * draft the desk builds (`deskSaleDraft`) and the sale transaction, at the minute each finished.
 * So /sales lists them with "Atendimento", /movimentacoes has their money and /receitas their
 * installments. Deterministic: the appointments in the order they finished, the pattern in turn.
 */

const DAYS = 14;
const DAY_MS = 86_400_000;

type Charge = Pick<Parameters<typeof deskSaleDraft>[0], "sold" | "discount" | "payments">;

/** Cash handed over rounded up to the next R$ 10,00 (at least R$ 10,00 above nothing): the change. */
const handed = (due: number) => Math.ceil((due + 1) / 1000) * 1000;

function chargeOf(turn: number, servicesTotal: number, product: { id: string; preco: number } | undefined): Charge {
  const none = { sold: [], discount: null };
  if (turn % 4 === 0) {
    const pix = Math.floor(servicesTotal / 2);
    return {
      ...none,
      payments: [
        { method: "pix", amountCentavos: pix },
        { method: "dinheiro", amountCentavos: handed(servicesTotal - pix) },
      ],
    };
  }
  if (turn % 4 === 1) return { ...none, payments: [{ method: "credito", amountCentavos: servicesTotal, installments: 3 }] };
  if (turn % 4 === 2 && product) {
    const sold = [{ produtoId: product.id, quantityMilli: 1000, precoCentavos: product.preco }];
    const discount = { kind: "percentual" as const, basisPoints: 1000 };
    const priced = priceSale(
      [
        { unitPriceCentavos: servicesTotal, quantityMilli: 1000 },
        { unitPriceCentavos: product.preco, quantityMilli: 1000 },
      ],
      discount,
    );
    const total = priced.ok ? priced.value.totalCentavos : servicesTotal + product.preco;
    return { sold, discount, payments: [{ method: "pix", amountCentavos: total }] };
  }
  return { ...none, payments: [{ method: turn % 8 === 3 ? "debito" : "dinheiro", amountCentavos: servicesTotal }] };
}

/** Charges the last two weeks' concluded appointments; answers how many sales were made. */
export async function seedDemoDeskSales(db: Database, orgId: string, now = new Date()): Promise<number> {
  const scope = orgScope(db, orgId);
  const a = appointments;
  const [[settings], [owner], done, [product]] = await db.batch([
    db.select({ zone: businessSettings.fusoHorario }).from(businessSettings).where(scope.where(businessSettings)),
    db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(scope.where(memberships, eq(memberships.role, "owner")))
      .limit(1),
    db
      .select({ id: a.id, clienteId: a.clienteId, profissionalId: a.profissionalId, concluidoEm: a.concluidoEm })
      .from(a)
      .where(scope.where(a, eq(a.status, "concluido"), isNull(a.excluidoEm), gte(a.concluidoEm, new Date(now.getTime() - DAYS * DAY_MS))))
      .orderBy(asc(a.concluidoEm), asc(a.id)),
    db
      .select({ id: products.id, preco: products.precoCentavos })
      .from(products)
      .where(
        scope.where(
          products,
          isNull(products.excluidoEm),
          eq(products.ativo, true),
          gt(products.precoCentavos, 0),
          gt(products.estoque, 5),
        ),
      )
      .orderBy(desc(products.estoque), asc(products.id))
      .limit(1),
  ]);
  if (!owner || !done.length) return 0;
  const actor: Actor = { orgId, userId: owner.userId, role: "owner", timeZone: settings?.zone ?? DEFAULT_TIME_ZONE };
  const performed = await db
    .select({
      agendamentoId: appointmentServices.agendamentoId,
      servicoId: appointmentServices.servicoId,
      preco: appointmentServices.precoCentavos,
    })
    .from(appointmentServices)
    .where(
      scope.where(
        appointmentServices,
        inArray(
          appointmentServices.agendamentoId,
          done.map((d) => d.id),
        ),
      ),
    )
    .orderBy(asc(appointmentServices.agendamentoId), asc(appointmentServices.posicao));
  let made = 0;
  for (const [turn, appointment] of done.entries()) {
    const services = performed
      .filter((p) => p.agendamentoId === appointment.id && p.servicoId && p.preco > 0)
      .map((p) => ({ servicoId: p.servicoId as string, precoCentavos: p.preco }));
    const total = services.reduce((sum, s) => sum + s.precoCentavos, 0);
    if (!services.length || !appointment.concluidoEm) continue;
    const charge = chargeOf(turn, total, product);
    const priced = priceSale(
      [
        ...services.map((s) => ({ unitPriceCentavos: s.precoCentavos, quantityMilli: 1000 })),
        ...charge.sold.map((s) => ({ unitPriceCentavos: s.precoCentavos, quantityMilli: s.quantityMilli })),
      ],
      charge.discount,
    );
    if (!priced.ok) continue;
    const draft: SaleDraft = deskSaleDraft({
      appointmentId: appointment.id,
      clientId: appointment.clienteId,
      professionalId: appointment.profissionalId,
      services,
      ...charge,
      expectedTotalCentavos: priced.value.totalCentavos,
    });
    try {
      await completeSale(seedContext(db, appointment.concluidoEm), actor, draft);
      made++;
    } catch (error) {
      // A product out of stock that day (negative stock is off): that client took nothing home.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return made;
}
