import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as hoursPage from "../../../app/routes/agenda/business-hours.tsx";
import { appointments, businessHourDays, businessHours, professionals } from "../../../db/schema/index.ts";
import { getBusinessHours } from "../../../worker/services/agenda/business-hours.ts";
import { createPageHarness } from "../page-harness.ts";
import { createOwner, type Harness, userId } from "../harness.ts";
import { actorFor, addMember, api } from "../records.ts";
import { instantIn } from "../../../shared/time-zone.ts";

/**
 * /horarios through the real route module (React Router's request handler): owner and admin save
 * the week, holidays and exceptions; staff reads; the professional role is refused; bad input
 * answers 400 in pt-BR and changes nothing; the page reads in one round trip after the session.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let ownerId: string;
let staff: Awaited<ReturnType<typeof addMember>>;
let professional: Awaited<ReturnType<typeof addMember>>;
let other: Awaited<ReturnType<typeof createOwner>>;

/** Wednesday 2 December 2026, 20:00 in São Paulo: outside a 09–18 week, inside a 09–22 one. */
const EVENING = instantIn("2026-12-02", "20:00", "America/Sao_Paulo");

beforeAll(async () => {
  h = await createPageHarness({ horarios: hoursPage });
  owner = await createOwner(h, "Horários");
  other = await createOwner(h, "Outro");
  staff = await addMember(h, owner.orgId, "staff", "Recepção");
  professional = await addMember(h, owner.orgId, "professional", "Corretor");
  ownerId = (await userId(h, owner.email)) as string;
});

function post(cookie: string, fields: [string, string][], path = "/horarios"): Promise<Response> {
  return h.request(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

const week = (from: string, to: string): [string, string][] => [
  ["intent", "semana"],
  ...[1, 2, 3, 4, 5].flatMap((d): [string, string][] => [
    [`inicio-${d}`, from],
    [`fim-${d}`, to],
  ]),
  ["inicio-6", "09:00"],
  ["fim-6", "13:00"],
  ["fechaFeriadosNacionais", "off"],
  ["fechaFeriadosNacionais", "on"],
];

async function hoursRow(orgId = owner.orgId) {
  const [row] = await h.fresh.db.select().from(businessHours).where(eq(businessHours.orgId, orgId));
  return row;
}

async function daysOf(orgId = owner.orgId) {
  return h.fresh.db.select().from(businessHourDays).where(eq(businessHourDays.orgId, orgId));
}

describe("/horarios: the week", () => {
  it("is closed until saved; the owner's page reads in one round trip after the session", async () => {
    const res = await api(h, owner.cookie, "GET", "/horarios.data");
    expect(res.status).toBe(200);
    expect(await hoursRow()).toBeUndefined();
  });

  it("saves several intervals per weekday and the holidays box, by the owner", async () => {
    const res = await post(owner.cookie, [...week("09:00", "12:00"), ["inicio-1", "13:00"], ["fim-1", "18:00"]]);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/horarios?salvo=semana");
    const row = await hoursRow();
    expect(JSON.parse(row?.semana ?? "")).toEqual([
      [],
      [
        { start: "09:00", end: "12:00" },
        { start: "13:00", end: "18:00" },
      ],
      [{ start: "09:00", end: "12:00" }],
      [{ start: "09:00", end: "12:00" }],
      [{ start: "09:00", end: "12:00" }],
      [{ start: "09:00", end: "12:00" }],
      [{ start: "09:00", end: "13:00" }],
    ]);
    expect(row?.fechaFeriadosNacionais).toBe(true);
    expect(row?.atualizadoPor).toBe(ownerId);
  });

  it("refuses overlaps, an end before the start, bad times and unknown intents in pt-BR, changing nothing", async () => {
    const before = await hoursRow();
    for (const [fields, message] of [
      [
        [...week("09:00", "18:00"), ["inicio-1", "17:00"], ["fim-1", "19:00"]],
        "Segunda: os intervalos 09:00–18:00 e 17:00–19:00 se sobrepõem.",
      ],
      [week("18:00", "09:00"), "Segunda: o fim (09:00) deve ser depois do início (18:00)."],
      [week("9h", "18:00"), "Segunda: horário inválido; use HH:mm, de 00:00 a 24:00 (ex.: 09:00)."],
      [[["intent", "apagar-tudo"]], "Ação desconhecida"],
    ] as [[string, string][], string][]) {
      for (const path of ["/horarios", "/horarios.data"]) {
        const res = await post(owner.cookie, fields, path);
        expect(res.status, `${path} ${message}`).toBe(400);
        if (path.endsWith(".data")) expect(await res.text()).toContain(message);
      }
    }
    expect(await hoursRow()).toEqual(before);
  });

  it("an unreadable body answers 400, never a 500", async () => {
    const res = await h.request("/horarios", {
      method: "POST",
      cookie: owner.cookie,
      body: "--x--",
      headers: { "content-type": "multipart/form-data; boundary=y" },
    });
    expect(res.status).toBe(400);
  });
});

describe("/horarios: who", () => {
  it("staff reads and is refused a save; the professional role is refused the page", async () => {
    expect((await api(h, staff.cookie, "GET", "/horarios.data")).status).toBe(200);
    const before = await hoursRow();
    expect((await post(staff.cookie, week("06:00", "23:00"))).status).toBe(403);
    const refused = await post(staff.cookie, week("06:00", "23:00"), "/horarios.data");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Você não tem permissão");
    expect(await hoursRow()).toEqual(before);
    expect((await api(h, professional.cookie, "GET", "/horarios.data")).status).toBe(403);
    expect(
      (
        await post(professional.cookie, [
          ["intent", "feriado"],
          ["dia", "2027-01-20"],
          ["nome", "X"],
        ])
      ).status,
    ).toBe(403);
    expect(await daysOf()).toEqual([]);
  });
});

describe("/horarios: holidays and exceptions", () => {
  it("adds a local holiday and an exception; a second day on a date is refused (409) naming it", async () => {
    expect(
      (
        await post(owner.cookie, [
          ["intent", "feriado"],
          ["dia", "2027-01-20"],
          ["nome", "São Sebastião"],
        ])
      ).status,
    ).toBe(302);
    const exception = await post(owner.cookie, [
      ["intent", "excecao"],
      ["dia", "24/12/2026"],
      ["fechado", "off"],
      ["inicio", "08:00"],
      ["fim", "12:00"],
      ["motivo", "Véspera de Natal"],
    ]);
    expect(exception.headers.get("location")).toBe("/horarios?salvo=excecao");
    const twice = await post(
      owner.cookie,
      [
        ["intent", "excecao"],
        ["dia", "2027-01-20"],
        ["fechado", "on"],
      ],
      "/horarios.data",
    );
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("Já existe um feriado ou horário especial em 20/01/2027");
    const days = (await daysOf()).map((d) => [d.dia, d.tipo, d.intervalos, d.motivo]).sort();
    expect(days).toEqual([
      ["2026-12-24", "excecao", '[{"start":"08:00","end":"12:00"}]', "Véspera de Natal"],
      ["2027-01-20", "feriado", "[]", "São Sebastião"],
    ]);
  });

  it("refuses an invalid day and an open exception without hours, changing nothing", async () => {
    const before = await daysOf();
    for (const fields of [
      [
        ["intent", "feriado"],
        ["dia", "2026-02-30"],
        ["nome", "Nunca"],
      ],
      [
        ["intent", "feriado"],
        ["dia", "2027-03-01"],
      ],
      [
        ["intent", "excecao"],
        ["dia", "2027-03-02"],
        ["fechado", "off"],
      ],
      [
        ["intent", "excecao"],
        ["dia", "2027-03-02"],
        ["inicio", "14:00"],
        ["fim", "10:00"],
      ],
    ] as [string, string][][]) {
      expect((await post(owner.cookie, fields)).status, JSON.stringify(fields)).toBe(400);
    }
    expect(await daysOf()).toEqual(before);
  });

  it("removes a day of its own organização only; another's id is not found", async () => {
    const [foreign] = await h.fresh.db
      .insert(businessHourDays)
      .values({ id: crypto.randomUUID(), orgId: other.orgId, dia: "2027-01-20", tipo: "feriado", motivo: "Outro", criadoEm: new Date() })
      .returning();
    const notFound = await post(
      owner.cookie,
      [
        ["intent", "remover-dia"],
        ["id", foreign?.id as string],
      ],
      "/horarios.data",
    );
    expect(notFound.status).toBe(404);
    expect(await daysOf(other.orgId)).toHaveLength(1);
    const mine = (await daysOf()).find((d) => d.tipo === "feriado");
    expect(
      (
        await post(owner.cookie, [
          ["intent", "remover-dia"],
          ["id", mine?.id as string],
        ])
      ).status,
    ).toBe(302);
    expect((await daysOf()).map((d) => d.dia)).toEqual(["2026-12-24"]);
  });
});

describe("/horarios: changing the hours never touches appointments", () => {
  it("lists the future appointments outside the new hours, and leaves them as they were", async () => {
    const client = await api<{ data: { id: string } }>(h, owner.cookie, "POST", "/api/clients", { tipo: "pf", nome: "Rita Noite" });
    const profId = crypto.randomUUID();
    await h.fresh.db.insert(professionals).values({ id: profId, orgId: owner.orgId, nome: "Ana", ordem: "ana", cor: "#0f6e66" });
    const appointmentId = crypto.randomUUID();
    await h.fresh.db.insert(appointments).values({
      id: appointmentId,
      orgId: owner.orgId,
      clienteId: client.body.data.id,
      profissionalId: profId,
      inicio: EVENING,
      fim: new Date(EVENING.getTime() + 3_600_000),
      status: "confirmado",
      ordem: "rita noite",
    });
    const [before] = await h.fresh.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    const ctx = { ...h.ctx(), now: new Date("2026-11-27T12:00:00Z") };
    const actor = actorFor(owner.orgId, ownerId);

    expect((await post(owner.cookie, week("09:00", "18:00"))).status).toBe(302);
    const outside = await getBusinessHours(ctx, actor);
    expect(outside.foraDoHorario).toEqual([
      { id: appointmentId, inicio: EVENING.getTime(), fim: EVENING.getTime() + 3_600_000, cliente: "Rita Noite", profissional: "Ana" },
    ]);

    expect((await post(owner.cookie, week("09:00", "22:00"))).status).toBe(302);
    expect((await getBusinessHours(ctx, actor)).foraDoHorario).toEqual([]);
    // Cancelled: it holds no time, so no warning however the hours change.
    await h.fresh.db.update(appointments).set({ status: "cancelado" }).where(eq(appointments.id, appointmentId));
    expect((await post(owner.cookie, week("09:00", "12:00"))).status).toBe(302);
    expect((await getBusinessHours(ctx, actor)).foraDoHorario).toEqual([]);
    const [after] = await h.fresh.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    expect({ ...after, status: before?.status }).toEqual(before);
  });
});
