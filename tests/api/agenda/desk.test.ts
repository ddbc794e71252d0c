import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appointmentServices, appointments, businessSettings, products, stockMovements } from "../../../db/schema/index.ts";
import { addDays } from "../../../shared/ai/brazil-dates.ts";
import { dayIn, instantIn } from "../../../shared/time-zone.ts";
import { finishAppointment, readFinishPanel } from "../../../worker/services/agenda/desk-finish.ts";
import { readDeskQueue } from "../../../worker/services/agenda/desk-queue.ts";
import { salePrefill } from "../../../worker/services/agenda/sale-prefill.ts";
import { deskStep, undoDeskStep } from "../../../worker/services/agenda/desk-steps.ts";
import type { Actor } from "../../../worker/services/context.ts";
import { loadClientTimeline } from "../../../worker/services/customers/timeline.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { addMember, api } from "../records.ts";
import { insertAppointment, insertProfessional, insertRecipe, insertService, type ServiceFixture } from "./desk-fixtures.ts";

/**
 * The service desk (ADR 061) against a real database: the day's queue per professional in the
 * organização's zone, finishing with services and products in one batch (stock consumed exactly
 * once, negative stock refused in pt-BR with nothing written), a professional's own queue only,
 * another organização's appointments never reached, and faltas on the client's record.
 */

const ZONE = "America/Manaus";
let h: Harness;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let owner: Actor;
let outsider: Actor;
let pro: Actor;
let unlinked: Actor;
let ana: string;
let bia: string;
let client: string;
let corte: ServiceFixture;
let escova: ServiceFixture;
let shampoo: string;
let mascara: string;

const today = () => dayIn(new Date(), ZONE);
const at = (day: string, time: string) => instantIn(day, time, ZONE).getTime();

async function createdId(cookie: string, path: string, body: Record<string, unknown>): Promise<string> {
  const res = await api<{ data: { id: string } }>(h, cookie, "POST", path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function stockOf(id: string): Promise<number> {
  const [row] = await h.fresh.db.select({ estoque: products.estoque }).from(products).where(eq(products.id, id));
  return row?.estoque ?? Number.NaN;
}

async function consumptions(appointmentId: string) {
  return h.fresh.db
    .select({ produtoId: stockMovements.produtoId, quantidade: stockMovements.quantidade, tipo: stockMovements.tipo })
    .from(stockMovements)
    .where(and(eq(stockMovements.orgId, a.orgId), eq(stockMovements.agendamentoId, appointmentId)));
}

async function statusOf(id: string) {
  const [row] = await h.fresh.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
  return row?.status;
}

async function book(values: {
  profissionalId?: string;
  time?: string;
  day?: string;
  servicos?: ServiceFixture[];
  status?: "pendente" | "confirmado";
}) {
  return insertAppointment(h, a.orgId, {
    clienteId: client,
    profissionalId: values.profissionalId ?? ana,
    inicio: at(values.day ?? today(), values.time ?? "10:00"),
    servicos: values.servicos ?? [corte, escova],
    status: values.status ?? "confirmado",
  });
}

beforeAll(async () => {
  h = await createHarness();
  a = await createOwner(h, "Salão A");
  b = await createOwner(h, "Salão B");
  await h.fresh.db.insert(businessSettings).values({ orgId: a.orgId, fusoHorario: ZONE });
  owner = { orgId: a.orgId, userId: (await userId(h, a.email)) as string, role: "owner", timeZone: ZONE };
  outsider = { orgId: b.orgId, userId: (await userId(h, b.email)) as string, role: "owner" };
  const member = await addMember(h, a.orgId, "professional", "Ana Lima");
  const other = await addMember(h, a.orgId, "professional", "Corretor sem agenda");
  pro = { orgId: a.orgId, userId: member.userId, role: "professional", timeZone: ZONE };
  unlinked = { orgId: a.orgId, userId: other.userId, role: "professional", timeZone: ZONE };
  ana = await insertProfessional(h, a.orgId, { nome: "Ana Lima", usuarioId: member.userId, cor: "#be185d" });
  bia = await insertProfessional(h, a.orgId, { nome: "Bia Rocha" });
  client = await createdId(a.cookie, "/api/clients", {
    tipo: "pf",
    nome: "Carla Mendes",
    email: "carla@exemplo.com.br",
    telefones: [{ numero: "92991234567", whatsapp: true }],
  });
  corte = await insertService(h, a.orgId, {
    nome: "Corte",
    duracaoMin: 30,
    precoCentavos: 6000,
    comissaoTipo: "percentual",
    comissaoValor: 4000,
  });
  escova = await insertService(h, a.orgId, { nome: "Escova", duracaoMin: 30, precoCentavos: 4000 });
  shampoo = await createdId(a.cookie, "/api/produtos", { sku: "SHP-1", nome: "Shampoo profissional", unidade: "l" });
  mascara = await createdId(a.cookie, "/api/produtos", { sku: "MSC-1", nome: "Máscara de hidratação", unidade: "un" });
  await createdId(a.cookie, "/api/movimentacoes-produtos", { produtoId: shampoo, tipo: "entrada", quantidade: 1 });
  await createdId(a.cookie, "/api/movimentacoes-produtos", { produtoId: mascara, tipo: "entrada", quantidade: 2 });
  await insertRecipe(h, a.orgId, corte.id, shampoo, 0.05);
  await insertRecipe(h, a.orgId, escova.id, shampoo, 0.03);
  await insertRecipe(h, a.orgId, escova.id, mascara, 1);
});

describe("the day's queue", () => {
  it("groups the organização's day (its zone) per professional, in time order; other days stay out", async () => {
    const late = await book({ time: "15:00" });
    const early = await book({ time: "09:00", profissionalId: bia, servicos: [corte] });
    const yesterday = await book({ day: addDays(today(), -1), time: "23:30" });
    const tomorrow = await book({ day: addDays(today(), 1), time: "00:30" });
    const queue = await readDeskQueue(h.ctx(), owner);
    expect(queue.day).toBe(today());
    const ids = queue.professionals.flatMap((p) => p.appointments.map((x) => x.id));
    expect(ids).toEqual(expect.arrayContaining([late, early]));
    expect(ids).not.toContain(yesterday);
    expect(ids).not.toContain(tomorrow);
    const anaQueue = queue.professionals.find((p) => p.id === ana);
    expect(anaQueue?.appointments.find((x) => x.id === late)).toMatchObject({
      clienteNome: "Carla Mendes",
      servicos: ["Corte", "Escova"],
      status: "confirmado",
      totalCentavos: 10000,
    });
    // Tomorrow's appointment comes with its WhatsApp reminder, in the organização's zone.
    const reminder = queue.reminders.find((r) => r.id === tomorrow);
    expect(reminder?.whatsapp).toMatch(/^https:\/\/wa\.me\/5592991234567\?text=/);
    expect(decodeURIComponent(reminder?.whatsapp?.split("?text=")[1] ?? "")).toContain("às 00:30");
  });

  it("shows a professional only their own queue, and a professional's login without a profissional nothing", async () => {
    const theirs = await readDeskQueue(h.ctx(), pro);
    expect(theirs.professionals.map((p) => p.id)).toEqual([ana]);
    const none = await readDeskQueue(h.ctx(), unlinked);
    expect(none.professionals).toEqual([]);
    expect(none.reminders).toEqual([]);
  });

  it("never shows another organização's appointments", async () => {
    const queue = await readDeskQueue(h.ctx(), outsider);
    expect(queue.professionals).toEqual([]);
    expect(queue.reminders).toEqual([]);
  });
});

describe("finishing", () => {
  it("prefills the booking's services and what they consume", async () => {
    const id = await book({ time: "11:00" });
    const panel = await readFinishPanel(h.ctx(), owner, id);
    expect(panel.servicoIds).toEqual([corte.id, escova.id]);
    expect(panel.produtos).toEqual([
      { produtoId: shampoo, quantidade: 0.08 },
      { produtoId: mascara, quantidade: 1 },
    ]);
  });

  it("concludes, rewrites the services performed and consumes stock exactly once, even when finished twice at once", async () => {
    const id = await book({ time: "12:00" });
    const before = { shampoo: await stockOf(shampoo), mascara: await stockOf(mascara) };
    const input = {
      servicoIds: [corte.id],
      produtos: [
        { produtoId: shampoo, quantidade: 0.05 },
        { produtoId: mascara, quantidade: 1 },
      ],
    };
    const outcomes = await Promise.allSettled([finishAppointment(h.ctx(), owner, id, input), finishAppointment(h.ctx(), owner, id, input)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toMatch(/já foi finalizado|mudou enquanto/);
    expect(await stockOf(shampoo)).toBeCloseTo(before.shampoo - 0.05, 3);
    expect(await stockOf(mascara)).toBe(before.mascara - 1);
    const moves = await consumptions(id);
    expect(moves).toHaveLength(2);
    expect(moves.every((m) => m.tipo === "consumo" && m.quantidade < 0)).toBe(true);
    expect(await statusOf(id)).toBe("concluido");
    // The services performed replace the booking's, with the commission due (40% of the Corte).
    const lines = await h.fresh.db.select().from(appointmentServices).where(eq(appointmentServices.agendamentoId, id));
    expect(lines.map((l) => [l.nome, l.comissaoCentavos])).toEqual([["Corte", 2400]]);
    const [row] = await h.fresh.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.totalCentavos).toBe(6000);
    expect(row?.concluidoEm).not.toBeNull();
    // A later finish writes nothing and says so.
    await expect(finishAppointment(h.ctx(), owner, id, input)).rejects.toThrow(
      "Este atendimento já foi finalizado: nada foi lançado de novo.",
    );
    expect(await consumptions(id)).toHaveLength(2);
    // The hook for sales (issue 22): the sale's prefill from what was done.
    expect(await salePrefill(h.ctx(), owner, id)).toMatchObject({
      clienteId: client,
      profissionalId: ana,
      totalCentavos: 6000,
      itens: [{ servicoId: corte.id, descricao: "Corte", precoCentavos: 6000, comissaoCentavos: 2400 }],
    });
  });

  it("refuses in pt-BR, naming the product, when the stock would go negative, and writes nothing; allowed once the business allows it", async () => {
    const id = await book({ time: "13:00" });
    const stock = await stockOf(mascara);
    const input = { servicoIds: [escova.id], produtos: [{ produtoId: mascara, quantidade: stock + 2 }] };
    await expect(finishAppointment(h.ctx(), owner, id, input)).rejects.toThrow(
      /^Estoque insuficiente de Máscara de hidratação \(saldo .*, precisa de .*\)\. O atendimento não foi finalizado\./,
    );
    expect(await statusOf(id)).toBe("confirmado");
    expect(await consumptions(id)).toEqual([]);
    expect(await stockOf(mascara)).toBe(stock);
    await h.fresh.db.update(businessSettings).set({ estoqueNegativo: true }).where(eq(businessSettings.orgId, a.orgId));
    try {
      await finishAppointment(h.ctx(), owner, id, input);
      expect(await stockOf(mascara)).toBe(-2);
    } finally {
      await h.fresh.db.update(businessSettings).set({ estoqueNegativo: false }).where(eq(businessSettings.orgId, a.orgId));
      await createdId(a.cookie, "/api/movimentacoes-produtos", { produtoId: mascara, tipo: "entrada", quantidade: 10 });
    }
  });

  it("refuses what is not the organização's: another's appointment is not found, another's product is not offered", async () => {
    const id = await book({ time: "14:00" });
    await expect(finishAppointment(h.ctx(), outsider, id, { servicoIds: [corte.id], produtos: [] })).rejects.toMatchObject({ status: 404 });
    const foreign = await api<{ data: { id: string } }>(h, b.cookie, "POST", "/api/produtos", { sku: "B-1", nome: "Do B", unidade: "un" });
    await expect(
      finishAppointment(h.ctx(), owner, id, { servicoIds: [corte.id], produtos: [{ produtoId: foreign.body.data.id, quantidade: 1 }] }),
    ).rejects.toThrow("Produto não encontrado. Escolha um produto cadastrado.");
    expect(await statusOf(id)).toBe("confirmado");
  });

  it("lets a professional finish their own appointments only", async () => {
    const mine = await book({ time: "16:00" });
    const hers = await book({ time: "16:00", profissionalId: bia });
    await expect(finishAppointment(h.ctx(), pro, hers, { servicoIds: [corte.id], produtos: [] })).rejects.toMatchObject({ status: 404 });
    await expect(readFinishPanel(h.ctx(), pro, hers)).rejects.toMatchObject({ status: 404 });
    await finishAppointment(h.ctx(), pro, mine, { servicoIds: [corte.id], produtos: [{ produtoId: shampoo, quantidade: 0.05 }] });
    expect(await statusOf(mine)).toBe("concluido");
    expect(await statusOf(hers)).toBe("confirmado");
  });

  it("refuses an empty service list and a zero quantity in pt-BR", async () => {
    const id = await book({ time: "17:00" });
    await expect(finishAppointment(h.ctx(), owner, id, { servicoIds: [], produtos: [] })).rejects.toThrow(
      "Escolha ao menos um serviço realizado.",
    );
    await expect(
      finishAppointment(h.ctx(), owner, id, { servicoIds: [corte.id], produtos: [{ produtoId: shampoo, quantidade: 0 }] }),
    ).rejects.toThrow("A quantidade do produto precisa ser maior que zero.");
  });
});

describe("one-tap steps", () => {
  it("check-in records the arrival; a client who arrived cannot be a no-show; start and cancel change the status", async () => {
    const id = await book({ time: "18:00" });
    await deskStep(h.ctx(), owner, id, "chegou");
    const [arrived] = await h.fresh.db.select().from(appointments).where(eq(appointments.id, id));
    expect(arrived?.chegadaEm).not.toBeNull();
    expect(arrived?.status).toBe("confirmado");
    await expect(deskStep(h.ctx(), owner, id, "faltou")).rejects.toThrow("O cliente já chegou: não pode ser marcado como falta.");
    await expect(deskStep(h.ctx(), owner, id, "chegou")).rejects.toMatchObject({ status: 409 });
    await deskStep(h.ctx(), owner, id, "iniciar");
    expect(await statusOf(id)).toBe("em_atendimento");
    await expect(deskStep(h.ctx(), owner, id, "cancelar")).rejects.toMatchObject({ status: 409 });
    const other = await book({ time: "19:00" });
    await deskStep(h.ctx(), owner, other, "cancelar");
    expect(await statusOf(other)).toBe("cancelado");
  });

  it("marks a no-show in one tap and undoes it back to the status it had", async () => {
    const id = await book({ time: "20:00", status: "pendente" });
    const step = await deskStep(h.ctx(), owner, id, "faltou");
    expect(step).toEqual({ id, passo: "faltou", anterior: "pendente" });
    expect(await statusOf(id)).toBe("faltou");
    await undoDeskStep(h.ctx(), owner, id, "pendente");
    expect(await statusOf(id)).toBe("pendente");
    await expect(undoDeskStep(h.ctx(), owner, id, "pendente")).rejects.toMatchObject({ status: 409 });
  });

  it("lets a professional step only their own appointments; another organização's are not found", async () => {
    const hers = await book({ time: "21:00", profissionalId: bia });
    await expect(deskStep(h.ctx(), pro, hers, "chegou")).rejects.toMatchObject({ status: 404 });
    await expect(deskStep(h.ctx(), outsider, hers, "faltou")).rejects.toMatchObject({ status: 404 });
    expect(await statusOf(hers)).toBe("confirmado");
    const mine = await book({ time: "21:00" });
    await deskStep(h.ctx(), pro, mine, "faltou");
    expect(await statusOf(mine)).toBe("faltou");
  });
});

describe("the client's record", () => {
  it("counts próximos, concluídos and faltas", async () => {
    const fresh = await createdId(a.cookie, "/api/clients", { tipo: "pf", nome: "Diego Faltoso" });
    const base = { clienteId: fresh, profissionalId: bia, servicos: [corte] };
    await insertAppointment(h, a.orgId, { ...base, inicio: at(addDays(today(), -3), "10:00"), status: "faltou" });
    await insertAppointment(h, a.orgId, { ...base, inicio: at(addDays(today(), -2), "10:00"), status: "concluido" });
    await insertAppointment(h, a.orgId, { ...base, inicio: at(addDays(today(), 2), "10:00"), status: "confirmado" });
    await insertAppointment(h, a.orgId, { ...base, inicio: at(addDays(today(), 3), "10:00"), status: "cancelado" });
    const timeline = await loadClientTimeline(h.ctx(), owner, fresh);
    const counts = Object.fromEntries((timeline?.counts ?? []).map((c) => [c.key, c.text]));
    expect(counts).toMatchObject({
      "agendamentos-proximos": "1 próximo agendamento",
      "agendamentos-concluidos": "1 atendimento concluído",
      "agendamentos-faltas": "1 falta",
    });
    expect(timeline?.events.filter((e) => e.kind === "appointment").map((e) => e.badge?.label)).toEqual([
      "Cancelado",
      "Confirmado",
      "Concluído",
      "Faltou",
    ]);
    // Ana's login sees only Ana's appointments of the client: none of these are hers.
    const theirs = await loadClientTimeline(h.ctx(), pro, fresh);
    expect(Object.fromEntries((theirs?.counts ?? []).map((c) => [c.key, c.total]))["agendamentos-faltas"]).toBe(0);
  });
});
