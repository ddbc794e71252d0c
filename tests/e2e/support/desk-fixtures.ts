/**
 * The service desk's fixtures (/atendimento, ADR 061) for the e2e fuzzers, written straight to the
 * e2e database: the agenda's own prerequisites (support/prerequisites.ts, tests/api/resource-prerequisites.ts
 * — hours round the clock, a service, one profissional per role; the harness links them), a second service, products
 * the first one consumes (one plentiful, one scarce), and another organização's appointment,
 * service and product; then, per run, one fresh appointment in every situation the desk meets,
 * each in a slot of its own (so undoing a no-show finds its time free unless the run says not).
 */
import type { Database } from "../../../db/client.ts";
import { appointmentServices, appointments, clients, products, serviceProducts } from "../../../db/schema/index.ts";
import type { AppointmentStatus } from "../../../shared/enums/agenda.ts";
import { addProfessional, addService } from "../../api/agenda/agenda-fixtures.ts";
import { prerequisitesIn } from "./prerequisites.ts";

export interface DeskWorld {
  orgId: string;
  /** The profissional the harness links to the professional role's member (their "own" queue), and another one. */
  own: string;
  other: string;
  client: string;
  /** The prerequisites' service (consumes `product` 1.5 and `scarce` 0.25 each time) and a second one. */
  service: string;
  service2: string;
  product: string;
  scarce: string;
  foreign: { appointment: string; service: string; product: string };
}

/** Stock at setup: plenty of `product`, a quarter of `scarce` (a second finish needs more). */
export const PRODUCT_STOCK = 10_000;
export const SCARCE_STOCK = 0.25;

export async function setUpDesk(db: Database, orgId: string, foreignOrgId: string): Promise<DeskWorld> {
  const ready = await prerequisitesIn(orgId, "agendamentos", {});
  if (!ready?.linked?.professional || !ready.linked.owner) throw new Error("fixture: the agenda's prerequisites linked no profissional");
  const service = ready.related.servicos as string;
  const service2 = await addService(db, orgId, "Escova", 45, 8_000);
  const always = Array.from({ length: 7 }, () => [{ start: "00:00", end: "24:00" }]);
  const foreignService = await addService(db, foreignOrgId, "Corte alheio", 30);
  const foreignPro = await addProfessional(db, foreignOrgId, "Profissional alheia", always, [foreignService]);
  const now = new Date();
  const client = crypto.randomUUID();
  const foreignClient = crypto.randomUUID();
  const [product, scarce, foreignProduct] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const product_ = (id: string, org: string, nome: string, estoque: number) => ({
    id,
    orgId: org,
    sku: `FUZZ-${id.slice(0, 8)}`,
    nome,
    ordem: nome.toLowerCase(),
    unidade: "un" as const,
    custoCentavos: 250,
    estoque,
    criadoEm: now,
    atualizadoEm: now,
  });
  const foreignAppointment = crypto.randomUUID();
  const start = Date.now() + 3 * 86_400_000;
  await db.batch([
    db.insert(clients).values([
      { id: client, orgId, tipo: "pf", nome: "Cliente da Fila", ordem: "cliente da fila", criadoEm: now, atualizadoEm: now },
      {
        id: foreignClient,
        orgId: foreignOrgId,
        tipo: "pf",
        nome: "Cliente Alheio",
        ordem: "cliente alheio",
        criadoEm: now,
        atualizadoEm: now,
      },
    ]),
    db
      .insert(products)
      .values([
        product_(product, orgId, "Esmalte fuzz", PRODUCT_STOCK),
        product_(scarce, orgId, "Base rara", SCARCE_STOCK),
        product_(foreignProduct, foreignOrgId, "Produto alheio", PRODUCT_STOCK),
      ]),
    db.insert(serviceProducts).values([
      { orgId, servicoId: service, produtoId: product, quantidade: 1.5 },
      { orgId, servicoId: service, produtoId: scarce, quantidade: 0.25 },
    ]),
    db.insert(appointments).values({
      id: foreignAppointment,
      orgId: foreignOrgId,
      clienteId: foreignClient,
      profissionalId: foreignPro,
      inicio: new Date(start),
      fim: new Date(start + 30 * 60_000),
      status: "confirmado",
      ordem: "cliente alheio",
      criadoEm: now,
      atualizadoEm: now,
    }),
  ]);
  return {
    orgId,
    own: ready.linked.professional,
    other: ready.linked.owner,
    client,
    service,
    service2,
    product,
    scarce,
    foreign: { appointment: foreignAppointment, service: foreignService, product: foreignProduct },
  };
}

/** What the desk meets: the statuses, an arrival, a no-show whose time another took, a deleted one, another professional's. */
export const DESK_SITUATIONS = [
  "pendente",
  "confirmado",
  "chegou",
  "atendimento",
  "concluido",
  "cancelado",
  "faltou",
  "faltou-ocupado",
  "excluido",
  "outro",
] as const;
export type DeskSituation = (typeof DESK_SITUATIONS)[number];

const STATUS: Record<DeskSituation, AppointmentStatus> = {
  pendente: "pendente",
  confirmado: "confirmado",
  chegou: "confirmado",
  atendimento: "em_atendimento",
  concluido: "concluido",
  cancelado: "cancelado",
  faltou: "faltou",
  "faltou-ocupado": "faltou",
  excluido: "confirmado",
  outro: "confirmado",
};

const HOUR = 3_600_000;
/** The first slot: a whole hour two days ahead (the runs' slots follow, two hours apart). */
const FIRST_SLOT = Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR;

/**
 * Run `n`'s appointments, one per situation (the service booked, 30 min), each in its own slot;
 * "faltou-ocupado" shares its slot with a confirmed appointment of the same profissional.
 */
export async function deskAppointments(db: Database, w: DeskWorld, n: number): Promise<Record<DeskSituation, string>> {
  const now = new Date();
  const ids = Object.fromEntries(DESK_SITUATIONS.map((s) => [s, crypto.randomUUID()])) as Record<DeskSituation, string>;
  const slot = (k: number) => FIRST_SLOT + (n * (DESK_SITUATIONS.length + 1) + k) * 2 * HOUR;
  const row = (id: string, status: AppointmentStatus, at: number, extra: Partial<typeof appointments.$inferInsert> = {}) => ({
    id,
    orgId: w.orgId,
    clienteId: w.client,
    profissionalId: w.own,
    inicio: new Date(at),
    fim: new Date(at + 30 * 60_000),
    status,
    totalCentavos: 10_000,
    ordem: "cliente da fila",
    criadoEm: now,
    atualizadoEm: now,
    ...extra,
  });
  const rows = DESK_SITUATIONS.map((s, k) =>
    row(ids[s], STATUS[s], slot(k), {
      ...(s === "chegou" ? { chegadaEm: now } : {}),
      ...(s === "atendimento" ? { chegadaEm: now, iniciadoEm: now } : {}),
      ...(s === "concluido" ? { chegadaEm: now, iniciadoEm: now, concluidoEm: now } : {}),
      ...(s === "excluido" ? { excluidoEm: now } : {}),
      ...(s === "outro" ? { profissionalId: w.other } : {}),
    }),
  );
  const taker = crypto.randomUUID();
  rows.push(row(taker, "confirmado", slot(DESK_SITUATIONS.indexOf("faltou-ocupado"))));
  await db.batch([
    db.insert(appointments).values(rows),
    db.insert(appointmentServices).values(
      rows.map((r) => ({
        id: crypto.randomUUID(),
        orgId: w.orgId,
        agendamentoId: r.id,
        servicoId: w.service,
        nome: "Corte",
        duracaoMin: 30,
        precoCentavos: 10_000,
        posicao: 0,
      })),
    ),
  ]);
  return ids;
}
