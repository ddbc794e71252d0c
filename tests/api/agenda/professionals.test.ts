import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appointments,
  businessHours,
  businessSettings,
  memberships,
  professionalServices,
  professionalTimeOff,
  professionals,
  services,
} from "../../../db/schema/index.ts";
import type { ProfissionalRow } from "../../../shared/resources/profissionais.ts";
import type { AuthOrg } from "../../../worker/auth/sessions.ts";
import type { RecentAuth } from "../../../worker/auth/reauth.ts";
import { inviteProfessional } from "../../../worker/services/agenda/professional-login.ts";
import { acceptInvite } from "../../../worker/services/organization/team.ts";
import { createHarness, createOwner, type Harness, lastEmail, tokenFrom, userId } from "../harness.ts";
import { addMember, api, errorFields, errorMessage } from "../records.ts";

/**
 * Profissionais through the registry's API and its own routes (ADR 064) against the local
 * database: the services link written in the save's batch and refused whole for another
 * organização's (or a deleted) service; the commission's two forms; the week inside the business
 * hours (refused with the pt-BR problems, nothing saved); time off typed in the organização's
 * zone (America/Manaus); the login link one member per professional, members only; an invite
 * accepted links the new member.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;

type Body<T> = { data: T; total?: number };

const HOURS = [
  [],
  [
    { start: "09:00", end: "12:00" },
    { start: "13:00", end: "18:00" },
  ],
  [{ start: "09:00", end: "18:00" }],
  [{ start: "09:00", end: "18:00" }],
  [{ start: "09:00", end: "18:00" }],
  [{ start: "09:00", end: "18:00" }],
  [{ start: "08:00", end: "12:00" }],
];

async function service(orgId: string, nome: string, deleted = false): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db.insert(services).values({
    id,
    orgId,
    nome,
    ordem: nome.toLowerCase(),
    duracaoMin: 45,
    precoCentavos: 8000,
    criadoEm: now,
    atualizadoEm: now,
    ...(deleted ? { excluidoEm: now } : {}),
  });
  return id;
}

async function create(cookie: string, body: Record<string, unknown>) {
  return api<Body<{ id: string }>>(h, cookie, "POST", "/api/profissionais", body);
}

async function get(id: string, cookie = owner.cookie) {
  return (await api<Body<ProfissionalRow>>(h, cookie, "GET", `/api/profissionais/${id}`)).body.data;
}

async function links(professionalId: string): Promise<string[]> {
  const rows = await h.fresh.db
    .select({ id: professionalServices.servicoId })
    .from(professionalServices)
    .where(eq(professionalServices.profissionalId, professionalId));
  return rows.map((r) => r.id).sort();
}

let corte: string;
let escova: string;
let apagado: string;
let alheio: string;

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Salão Manaus");
  other = await createOwner(h, "Outro Salão");
  // The organização works in Manaus (UTC−4, no DST) and opens as HOURS.
  await h.fresh.db.insert(businessSettings).values({ orgId: owner.orgId, fusoHorario: "America/Manaus" });
  await h.fresh.db.insert(businessHours).values({ orgId: owner.orgId, semana: JSON.stringify(HOURS) });
  corte = await service(owner.orgId, "Corte feminino");
  escova = await service(owner.orgId, "Escova");
  apagado = await service(owner.orgId, "Progressiva antiga", true);
  alheio = await service(other.orgId, "Corte do outro salão");
});

describe("Profissionais: registry CRUD", () => {
  let anaId: string;

  it("creates with services, a custom colour and a percentage; starts with the business hours as availability", async () => {
    const created = await create(owner.cookie, {
      nome: "Ana Souza",
      cor: "#1A2B3C",
      telefone: "(92) 99123-4567",
      email: "Ana@SalaoBela.com.br",
      comissaoTipo: "percentual",
      comissaoPercentual: "12,5",
      servicoIds: [escova, corte],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    anaId = created.body.data.id;
    const row = await get(anaId);
    expect(row).toMatchObject({
      nome: "Ana Souza",
      cor: "#1a2b3c",
      telefone: "92991234567",
      email: "ana@salaobela.com.br",
      comissaoTipo: "percentual",
      comissaoValor: 1250,
      comissaoPercentual: 12.5,
      comissaoFixa: null,
      agendaOnline: true,
      ativo: true,
      servicoNomes: "Corte feminino, Escova",
    });
    expect(row.servicoIds).toEqual([corte, escova]);
    expect(JSON.parse(row.semana)).toEqual(HOURS);
  });

  it("switches to a fixed commission, then back to the business default; replaces the services", async () => {
    const fixed = await api(h, owner.cookie, "PATCH", `/api/profissionais/${anaId}`, {
      nome: "Ana Souza",
      cor: "#1a2b3c",
      comissaoTipo: "fixo",
      comissaoFixa: 2500,
      comissaoPercentual: 30,
      servicoIds: [escova],
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(await get(anaId)).toMatchObject({ comissaoTipo: "fixo", comissaoValor: 2500, comissaoFixa: 2500, comissaoPercentual: null });
    expect(await links(anaId)).toEqual([escova]);
    const byDefault = await api(h, owner.cookie, "PATCH", `/api/profissionais/${anaId}`, { nome: "Ana Souza", cor: "#1a2b3c" });
    expect(byDefault.status).toBe(200);
    expect(await get(anaId)).toMatchObject({ comissaoTipo: null, comissaoValor: null, servicoIds: [] });
  });

  it("refuses a commission kind without its value, a bad colour and a percentage over 100, in pt-BR", async () => {
    const noValue = await create(owner.cookie, { nome: "Bia", cor: "#2563eb", comissaoTipo: "percentual" });
    expect(noValue.status).toBe(400);
    expect(errorFields(noValue.body).comissaoPercentual).toBe("O campo Comissão (%) é obrigatório");
    const color = await create(owner.cookie, { nome: "Bia", cor: "azul" });
    expect(errorFields(color.body).cor).toBe("O campo Cor na agenda deve ser uma cor no formato #RRGGBB");
    const over = await create(owner.cookie, { nome: "Bia", cor: "#2563eb", comissaoTipo: "percentual", comissaoPercentual: 120 });
    expect(over.status).toBe(400);
    expect(errorFields(over.body).comissaoPercentual).toContain("100");
  });

  it("refuses another organização's service and a deleted one: nothing saved, the links unchanged", async () => {
    const before = (await api<Body<unknown[]>>(h, owner.cookie, "GET", "/api/profissionais")).body.total;
    const foreign = await create(owner.cookie, { nome: "Carla Lima", cor: "#16a34a", servicoIds: [corte, alheio] });
    expect(foreign.status).toBe(422);
    expect(errorFields(foreign.body).servicoIds).toBe("Serviço não encontrado. Escolha serviços cadastrados em Serviços.");
    const gone = await create(owner.cookie, { nome: "Carla Lima", cor: "#16a34a", servicoIds: [apagado] });
    expect(gone.status).toBe(422);
    expect((await api<Body<unknown[]>>(h, owner.cookie, "GET", "/api/profissionais")).body.total).toBe(before);
    await api(h, owner.cookie, "PATCH", `/api/profissionais/${anaId}`, { nome: "Ana Souza", cor: "#1a2b3c", servicoIds: [corte] });
    const update = await api(h, owner.cookie, "PATCH", `/api/profissionais/${anaId}`, {
      nome: "Ana Trocada",
      cor: "#1a2b3c",
      servicoIds: [alheio],
    });
    expect(update.status).toBe(422);
    expect(await links(anaId)).toEqual([corte]);
    expect((await get(anaId)).nome).toBe("Ana Souza");
    // Nor does the other organização's owner reach Ana at all.
    expect((await api(h, other.cookie, "GET", `/api/profissionais/${anaId}`)).status).toBe(404);
    const theirs = await create(other.cookie, { nome: "Intrusa", cor: "#dc2626", servicoIds: [corte] });
    expect(theirs.status).toBe(422);
  });

  it("finds by name and phone, filters the active ones, and lets staff register; the professional role reads nothing", async () => {
    const staff = await addMember(h, owner.orgId, "staff");
    const dani = await create(staff.cookie, { nome: "Daniela Rocha", cor: "#9333ea", ativo: false, telefone: "92 98888-7777" });
    expect(dani.status, JSON.stringify(dani.body)).toBe(201);
    const byName = await api<Body<ProfissionalRow[]>>(h, owner.cookie, "GET", "/api/profissionais?q=daniela");
    expect(byName.body.data.map((r) => r.nome)).toEqual(["Daniela Rocha"]);
    const byPhone = await api<Body<ProfissionalRow[]>>(h, owner.cookie, "GET", "/api/profissionais?q=988887777");
    expect(byPhone.body.data.map((r) => r.nome)).toEqual(["Daniela Rocha"]);
    const active = await api<Body<ProfissionalRow[]>>(h, owner.cookie, "GET", "/api/profissionais?f.ativo=sim");
    expect(active.body.data.map((r) => r.nome)).not.toContain("Daniela Rocha");
    const pro = await addMember(h, owner.orgId, "professional");
    expect((await api(h, pro.cookie, "GET", "/api/profissionais")).status).toBe(403);
    expect((await create(pro.cookie, { nome: "Eu Mesma", cor: "#2563eb" })).status).toBe(403);
    expect((await api(h, staff.cookie, "GET", "/api/profissionais/export?format=csv")).status).toBe(403);
    expect((await api(h, owner.cookie, "DELETE", `/api/profissionais/${dani.body.data.id}`)).status).toBe(200);
  });
});

describe("Profissionais: weekly availability inside the business hours", () => {
  let id: string;
  beforeAll(async () => {
    id = (await create(owner.cookie, { nome: "Fábio Nunes", cor: "#ea580c" })).body.data.id;
  });

  it("saves a week inside the hours (several intervals a day, a day off)", async () => {
    const week = [
      [],
      [
        { start: "09:00", end: "11:00" },
        { start: "14:00", end: "18:00" },
      ],
      [],
      [{ start: "09:00", end: "18:00" }],
      [{ start: "10:00", end: "16:00" }],
      [],
      [{ start: "08:00", end: "12:00" }],
    ];
    const saved = await api<Body<{ semana: unknown }>>(h, owner.cookie, "PUT", `/api/profissionais/${id}/disponibilidade`, {
      semana: week,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.parse((await get(id)).semana)).toEqual(week);
  });

  it("refuses what falls outside, with every pt-BR problem; nothing saved", async () => {
    const before = (await get(id)).semana;
    const week = [
      [{ start: "10:00", end: "12:00" }],
      [{ start: "11:00", end: "14:00" }],
      [],
      [],
      [],
      [{ start: "17:00", end: "19:00" }],
      [],
    ];
    const refused = await api(h, owner.cookie, "PUT", `/api/profissionais/${id}/disponibilidade`, { semana: week });
    expect(refused.status).toBe(422);
    expect(errorMessage(refused.body)).toBe(
      "Domingo: 10:00–12:00 fica fora do horário de funcionamento (fechado). " +
        "Segunda: 11:00–14:00 fica fora do horário de funcionamento (09:00–12:00, 13:00–18:00). " +
        "Sexta: 17:00–19:00 fica fora do horário de funcionamento (09:00–18:00).",
    );
    expect((await get(id)).semana).toBe(before);
  });

  it("refuses malformed weeks, ends before starts and overlapping intervals", async () => {
    const put = (semana: unknown) => api(h, owner.cookie, "PUT", `/api/profissionais/${id}/disponibilidade`, { semana });
    expect(errorMessage((await put([[]])).body)).toBe("Informe a disponibilidade dos 7 dias da semana (domingo a sábado).");
    const backwards = await put([[], [{ start: "12:00", end: "09:00" }], [], [], [], [], []]);
    expect(errorMessage(backwards.body)).toBe("Segunda: o fim (09:00) deve ser depois do início (12:00).");
    const overlap = await put([
      [],
      [],
      [
        { start: "09:00", end: "12:00" },
        { start: "11:00", end: "13:00" },
      ],
      [],
      [],
      [],
      [],
    ]);
    expect(errorMessage(overlap.body)).toBe("Terça: 09:00–12:00 e 11:00–13:00 se sobrepõem.");
    expect((await put("x")).status).toBe(422);
  });

  it("is the organização's own: another one gets 404 and changes nothing", async () => {
    const before = (await get(id)).semana;
    const theirs = await api(h, other.cookie, "PUT", `/api/profissionais/${id}/disponibilidade`, { semana: [[], [], [], [], [], [], []] });
    expect(theirs.status).toBe(404);
    expect((await get(id)).semana).toBe(before);
  });
});

describe("Profissionais: time off in the organização's zone", () => {
  let id: string;
  let folgaId: string;
  beforeAll(async () => {
    id = (await create(owner.cookie, { nome: "Gabi Prado", cor: "#0891b2" })).body.data.id;
  });

  it("stores whole days from Manaus midnight to the midnight after the last day", async () => {
    const created = await api<Body<{ id: string; inicio: string; fim: string; motivo: string }>>(
      h,
      owner.cookie,
      "POST",
      `/api/profissionais/${id}/folgas`,
      { dataInicio: "2026-12-21", dataFim: "2026-12-23", tipo: "Férias", detalhe: "Viagem" },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      inicio: "2026-12-21T04:00:00.000Z",
      fim: "2026-12-24T04:00:00.000Z",
      motivo: "Férias — Viagem",
    });
    folgaId = created.body.data.id;
  });

  it("stores hours of one day, lists them soonest first, and removes one", async () => {
    const consulta = await api<Body<{ id: string; inicio: string; fim: string }>>(
      h,
      owner.cookie,
      "POST",
      `/api/profissionais/${id}/folgas`,
      {
        dataInicio: "2026-12-10",
        horaInicio: "14:00",
        dataFim: "2026-12-10",
        horaFim: "16:30",
        tipo: "Consulta médica",
      },
    );
    expect(consulta.status).toBe(201);
    expect(consulta.body.data).toMatchObject({ inicio: "2026-12-10T18:00:00.000Z", fim: "2026-12-10T20:30:00.000Z" });
    const list = await api<Body<{ id: string; motivo: string }[]>>(h, owner.cookie, "GET", `/api/profissionais/${id}/folgas`);
    expect(list.body.data.map((t) => t.motivo)).toEqual(["Consulta médica", "Férias — Viagem"]);
    expect((await api(h, owner.cookie, "DELETE", `/api/profissionais/${id}/folgas/${consulta.body.data.id}`)).status).toBe(200);
    const after = await api<Body<{ id: string }[]>>(h, owner.cookie, "GET", `/api/profissionais/${id}/folgas`);
    expect(after.body.data.map((t) => t.id)).toEqual([folgaId]);
  });

  it("says how many appointments still fall in the period (cancelled ones free it)", async () => {
    const client = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/clients", { tipo: "pf", nome: "Rita Cliente" });
    const at = (iso: string) => new Date(iso);
    const booking = (status: "confirmado" | "cancelado", start: string, end: string) => ({
      orgId: owner.orgId,
      clienteId: client.body.data.id,
      profissionalId: id,
      inicio: at(start),
      fim: at(end),
      status,
      ordem: "rita cliente",
      criadoEm: new Date(),
      atualizadoEm: new Date(),
    });
    await h.fresh.db
      .insert(appointments)
      .values([
        booking("confirmado", "2027-01-12T14:00:00Z", "2027-01-12T15:00:00Z"),
        booking("cancelado", "2027-01-12T16:00:00Z", "2027-01-12T17:00:00Z"),
        booking("confirmado", "2027-01-14T14:00:00Z", "2027-01-14T15:00:00Z"),
      ]);
    const added = await api<Body<{ agendamentosNoPeriodo: number }>>(h, owner.cookie, "POST", `/api/profissionais/${id}/folgas`, {
      dataInicio: "2027-01-12",
      dataFim: "2027-01-13",
      tipo: "Curso",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data.agendamentosNoPeriodo).toBe(1);
  });

  it("refuses an end before the start and an unknown kind, naming the fields; nothing stored", async () => {
    const count = async () =>
      (await h.fresh.db.select().from(professionalTimeOff).where(eq(professionalTimeOff.profissionalId, id))).length;
    const before = await count();
    const backwards = await api(h, owner.cookie, "POST", `/api/profissionais/${id}/folgas`, {
      dataInicio: "2026-12-10",
      horaInicio: "16:00",
      dataFim: "2026-12-10",
      horaFim: "14:00",
      tipo: "Folga",
    });
    expect(backwards.status).toBe(400);
    expect(errorFields(backwards.body).dataFim).toBe("O fim deve ser depois do início.");
    const kind = await api(h, owner.cookie, "POST", `/api/profissionais/${id}/folgas`, {
      dataInicio: "2026-12-10",
      dataFim: "2026-12-10",
      tipo: "Sumiço",
    });
    expect(errorFields(kind.body).tipo).toContain("Escolha o tipo");
    expect(await count()).toBe(before);
  });

  it("another organização neither reads, adds nor removes them", async () => {
    expect((await api(h, other.cookie, "GET", `/api/profissionais/${id}/folgas`)).status).toBe(404);
    const add = await api(h, other.cookie, "POST", `/api/profissionais/${id}/folgas`, {
      dataInicio: "2026-12-10",
      dataFim: "2026-12-10",
      tipo: "Folga",
    });
    expect(add.status).toBe(404);
    expect((await api(h, other.cookie, "DELETE", `/api/profissionais/${id}/folgas/${folgaId}`)).status).toBe(404);
    const [still] = await h.fresh.db.select().from(professionalTimeOff).where(eq(professionalTimeOff.id, folgaId));
    expect(still?.orgId).toBe(owner.orgId);
  });
});

describe("Profissionais: login", () => {
  it("links a member once; refuses a second professional, another organização's member and a deactivated one", async () => {
    const member = await addMember(h, owner.orgId, "professional", "Helena Dias");
    const first = await create(owner.cookie, { nome: "Helena Dias", cor: "#db2777", usuarioId: member.userId });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await get(first.body.data.id)).usuarioNome).toBe("Helena Dias");
    const twice = await create(owner.cookie, { nome: "Helena de novo", cor: "#db2777", usuarioId: member.userId });
    expect(twice.status).toBe(409);
    expect(errorFields(twice.body).usuarioId).toBe("Este membro já tem acesso como outro profissional.");
    const stranger = await addMember(h, other.orgId, "professional");
    const foreign = await create(owner.cookie, { nome: "Estranha", cor: "#db2777", usuarioId: stranger.userId });
    expect(foreign.status).toBe(422);
    expect(errorFields(foreign.body).usuarioId).toBe("Escolha um membro ativo da equipe.");
    const gone = await addMember(h, owner.orgId, "professional", "Iara Saiu");
    await h.fresh.db.update(memberships).set({ deactivatedAt: new Date() }).where(eq(memberships.userId, gone.userId));
    expect((await create(owner.cookie, { nome: "Iara", cor: "#db2777", usuarioId: gone.userId })).status).toBe(422);
  });

  it("an invite from the professional's page, once accepted, links the new member to that professional", async () => {
    const email = `julia-${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`;
    const created = await create(owner.cookie, { nome: "Júlia Alves", cor: "#4f46e5", email });
    const id = created.body.data.id;
    const ownerId = (await userId(h, owner.email)) as string;
    const org: AuthOrg = { id: owner.orgId, name: "Negócio Salão Manaus", role: "owner" };
    const proof = { userId: ownerId, at: new Date(), __recentAuth: true } as RecentAuth;
    const actor = { orgId: owner.orgId, userId: ownerId, role: "owner" as const };
    await inviteProfessional(h.ctx("10.44.0.1"), actor, org, { id: ownerId, name: "Dono" }, id, proof);
    const mail = await lastEmail(h, email);
    await acceptInvite(h.ctx("10.44.0.2"), tokenFrom(mail?.link), { kind: "new", nome: "Júlia Alves", senha: "senha-da-julia-1" }, null);
    const joined = (await userId(h, email)) as string;
    const [row] = await h.fresh.db
      .select({ usuarioId: professionals.usuarioId })
      .from(professionals)
      .where(and(eq(professionals.id, id), eq(professionals.orgId, owner.orgId)));
    expect(row?.usuarioId).toBe(joined);
    const [membership] = await h.fresh.db.select().from(memberships).where(eq(memberships.userId, joined));
    expect(membership?.role).toBe("professional");
    await expect(inviteProfessional(h.ctx("10.44.0.3"), actor, org, { id: ownerId, name: "Dono" }, id, proof)).rejects.toThrow(
      "já tem acesso",
    );
  });
});
