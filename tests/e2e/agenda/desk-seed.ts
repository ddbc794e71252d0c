import { eq } from "drizzle-orm";
import { appointmentServices, appointments, memberships, professionals, serviceProducts, services } from "../../../db/schema/index.ts";
import { clientSchema } from "../../../shared/resources/clients.ts";
import { produtoSchema } from "../../../shared/resources/produtos.ts";
import { dayIn, instantIn } from "../../../shared/time-zone.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { defaultAccountsStatement } from "../../../worker/services/finance/default-accounts.ts";
import { createRegisteredUser, e2eDb, e2eServiceContext } from "../support/accounts.ts";

/**
 * The desk's day for the e2e tests (ADR 061, 078): an owner with the default accounts, Joana
 * Manicure's "Manicure" (R$ 45, consumes 0,5 un of "Esmalte vermelho", R$ 25, 5 in stock), Rita
 * Alves confirmed today and Otávio Ausente pending after her.
 */
export async function seedDesk(baseURL: string) {
  const ZONE = "America/Sao_Paulo";
  const owner = await createRegisteredUser({ name: "Paula Salão" });
  const db = e2eDb();
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
  if (!m) throw new Error("no membership");
  const orgId = m.orgId;
  // The accounts registration creates (ADR 072): the desk's sale lands its Pix in the Banco.
  await defaultAccountsStatement(db, orgId, new Date(), owner.id);
  const actor = { orgId, userId: owner.id, role: "owner" as const };
  const ctx = e2eServiceContext(baseURL);
  const created = async (resource: string, input: unknown) => String((await createRecord(ctx, actor, resource, input)).id);
  const clientId = await created("clients", clientSchema.parse({ tipo: "pf", nome: "Rita Alves" }));
  const productId = await created(
    "produtos",
    produtoSchema.parse({ sku: "ESM-VRM", nome: "Esmalte vermelho", unidade: "un", precoCentavos: 2500 }),
  );
  await createRecord(ctx, actor, "movimentacoes-produtos", { produtoId: productId, tipo: "entrada", quantidade: 5 });

  const now = new Date();
  const proId = crypto.randomUUID();
  const serviceId = crypto.randomUUID();
  const appointmentId = crypto.randomUUID();
  const missedId = crypto.randomUUID();
  const otherClient = await created("clients", clientSchema.parse({ tipo: "pf", nome: "Otávio Ausente" }));
  // Today in the organização's zone, whatever the hour the suite runs.
  const start = Math.max(instantIn(dayIn(now, ZONE), "00:05", ZONE).getTime(), now.getTime() - 60 * 60_000);
  await db.batch([
    db
      .insert(professionals)
      .values({ id: proId, orgId, nome: "Joana Manicure", ordem: "joana manicure", cor: "#be185d", criadoEm: now, atualizadoEm: now }),
    db.insert(services).values({
      id: serviceId,
      orgId,
      nome: "Manicure",
      ordem: "manicure",
      duracaoMin: 45,
      precoCentavos: 4500,
      criadoEm: now,
      atualizadoEm: now,
    }),
    db.insert(serviceProducts).values({ orgId, servicoId: serviceId, produtoId: productId, quantidade: 0.5 }),
    db.insert(appointments).values({
      id: appointmentId,
      orgId,
      clienteId: clientId,
      profissionalId: proId,
      inicio: new Date(start),
      fim: new Date(start + 45 * 60_000),
      status: "confirmado",
      totalCentavos: 4500,
      ordem: "rita alves",
      criadoEm: now,
      atualizadoEm: now,
    }),
    db.insert(appointments).values({
      id: missedId,
      orgId,
      clienteId: otherClient,
      profissionalId: proId,
      inicio: new Date(start + 45 * 60_000),
      fim: new Date(start + 90 * 60_000),
      status: "pendente",
      totalCentavos: 0,
      ordem: "otavio ausente",
      criadoEm: now,
      atualizadoEm: now,
    }),
    db.insert(appointmentServices).values({
      id: crypto.randomUUID(),
      orgId,
      agendamentoId: appointmentId,
      servicoId: serviceId,
      nome: "Manicure",
      duracaoMin: 45,
      precoCentavos: 4500,
    }),
  ]);
  return { owner, db, orgId, clientId, productId, proId, serviceId, appointmentId, missedId };
}
