import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as appointmentPage from "../../../app/routes/agenda/appointment.public.tsx";
import * as bookingPageRoute from "../../../app/routes/agenda/booking.public.tsx";
import { appointments } from "../../../db/schema/index.ts";
import { ANY_PROFESSIONAL } from "../../../shared/agenda/public-booking.ts";
import { hashAppointmentLinkToken, newAppointmentLinkToken } from "../../../worker/services/agenda/appointment-link.ts";
import { bookAppointment } from "../../../worker/services/agenda/appointments.ts";
import { actOnAppointment, appointmentByLink } from "../../../worker/services/agenda/public-appointment.ts";
import { bookOnline } from "../../../worker/services/agenda/public-booking.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { createPageHarness } from "../page-harness.ts";
import { type Harness, lastEmail } from "../harness.ts";
import { addClient } from "./agenda-fixtures.ts";
import { contact, createSalon, freeStart, type Salon } from "./public-booking-fixtures.ts";

/**
 * The client's page of one appointment, `/agendamento/{token}` (ADR 062), through the real
 * route modules: a GET shows and changes nothing, each POST acts once (cancel, confirm,
 * reschedule to a real free slot through the overlap guard), a foreign origin is refused, an
 * unknown link is the same 404, and the booking page's closed door is a 404 too.
 */

let h: Harness;
let salon: Salon;

beforeAll(async () => {
  h = await createPageHarness({ "agendar/:slug": bookingPageRoute, "agendamento/:token": appointmentPage });
  salon = await createSalon(h, "salao-link", { status: "confirmado" });
});

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Books online for Ana on day `n` and returns the token and the appointment's id. */
async function booked(n: number, who: number): Promise<{ token: string; id: string; inicio: number }> {
  const inicio = await freeStart(h.ctx(), salon, salon.ana, day(n));
  const done = await bookOnline(h.ctx(`10.60.${who}.1`), salon.slug, {
    servico: salon.corte,
    profissional: salon.ana,
    inicio: String(inicio),
    ...contact(who),
  });
  if (!("link" in done)) throw new Error("honeypot");
  const token = done.link.split("/agendamento/")[1] as string;
  const [row] = await h.fresh.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.orgId, salon.owner.orgId), eq(appointments.linkHash, await hashAppointmentLinkToken(token))));
  return { token, id: row?.id as string, inicio };
}

const rowOf = async (id: string) => (await h.fresh.db.select().from(appointments).where(eq(appointments.id, id)))[0];

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return h.request(path, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "10.61.0.1", ...headers },
  });
}

describe("/agendamento/{token}", () => {
  it("GET shows the appointment and changes nothing (twice, through the page too)", async () => {
    const { token, id } = await booked(2, 1);
    const before = await rowOf(id);
    const { view } = await appointmentByLink(h.ctx(), token);
    expect(view).toMatchObject({ status: "confirmado", cliente: "Cliente", profissional: "Ana Souza", servicos: ["Corte feminino"] });
    expect(view.pode).toEqual({ confirmar: false, cancelar: true, remarcar: true });
    expect((await h.request(`/agendamento/${token}`)).status).toBe(200);
    expect((await h.request(`/agendamento/${token}?remarcar=1`)).status).toBe(200);
    expect(await rowOf(id)).toEqual(before);
  });

  it("POST cancels (the slot is free again, the client told by e-mail); a foreign origin is refused", async () => {
    const { token, id, inicio } = await booked(3, 2);
    expect((await post(`/agendamento/${token}`, { acao: "cancelar" }, { origin: "https://malicioso.exemplo" })).status).toBe(403);
    expect((await rowOf(id))?.status).toBe("confirmado");
    const res = await post(`/agendamento/${token}`, { acao: "cancelar" });
    expect(res.status).toBe(200);
    expect((await rowOf(id))?.status).toBe("cancelado");
    expect((await lastEmail(h, "cliente2@exemplo.com.br"))?.subject).toBe(`Agendamento cancelado — Negócio Salão salao-link`);
    // Cancelled: nothing more to do from the link; the time is offered again.
    const again = await appointmentByLink(h.ctx(), token);
    expect(again.view.pode).toEqual({ confirmar: false, cancelar: false, remarcar: false });
    expect(again.view.aviso).toBe("Este agendamento foi cancelado.");
    expect(await freeStart(h.ctx(), salon, salon.ana, day(3))).toBe(inicio);
    const twice = await actOnAppointment(h.ctx(), token, { acao: "cancelar" }).catch((e: unknown) => e);
    expect(twice).toBeInstanceOf(DomainError);
    expect((twice as DomainError).status).toBe(409);
  });

  it("POST reschedules to a real free slot, refuses a taken one, and moves nothing else", async () => {
    const { token, id } = await booked(4, 3);
    const other = await booked(5, 4);
    // Ana's other appointment holds its time: moving onto it is refused.
    const taken = await actOnAppointment(h.ctx("10.62.0.1"), token, { acao: "remarcar", inicio: other.inicio }).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(DomainError);
    expect((taken as DomainError).message).toBe("Esse horário acabou de ser ocupado. Escolha outro horário.");
    const target = await freeStart(h.ctx(), salon, salon.ana, day(6));
    expect(await actOnAppointment(h.ctx("10.62.0.1"), token, { acao: "remarcar", inicio: target })).toEqual({ feito: "remarcar" });
    const row = await rowOf(id);
    expect([row?.inicio.getTime(), row?.fim.getTime(), row?.profissionalId]).toEqual([target, target + 3_600_000, salon.ana]);
    expect((await lastEmail(h, "cliente3@exemplo.com.br"))?.subject).toBe("Agendamento remarcado — Negócio Salão salao-link");
  });

  it("works for any appointment with a link (the reminder's): the client confirms one booked inside as pendente", async () => {
    const clienteId = await addClient(h, salon.owner.cookie, "Joana Lembrada");
    const inicio = await freeStart(h.ctx(), salon, salon.bia, day(7));
    // Booked inside the app (origem interno, pendente), as the agenda or the desk would.
    const booker = { orgId: salon.owner.orgId, userId: null, timeZone: "America/Sao_Paulo" };
    const input = { clienteId, profissionalId: salon.bia, servicoIds: [salon.corte], inicio, status: "pendente", origem: "interno" };
    const { id } = await bookAppointment(h.ctx(), booker, input);
    // What the reminders job does: a fresh token, only its hash kept.
    const token = newAppointmentLinkToken();
    await h.fresh.db
      .update(appointments)
      .set({ linkHash: await hashAppointmentLinkToken(token) })
      .where(eq(appointments.id, id));
    expect((await appointmentByLink(h.ctx(), token)).view.pode.confirmar).toBe(true);
    expect((await post(`/agendamento/${token}`, { acao: "confirmar" })).status).toBe(200);
    expect((await rowOf(id))?.status).toBe("confirmado");
  });

  it("an unknown, malformed or guessed link is the same 404; a hand-made action is a 400", async () => {
    for (const token of [newAppointmentLinkToken(), "curto", "x".repeat(43)]) {
      expect((await h.request(`/agendamento/${token}`)).status).toBe(404);
      expect((await post(`/agendamento/${token}`, { acao: "cancelar" })).status).toBe(404);
    }
    const { token } = await booked(8, 5);
    expect((await post(`/agendamento/${token}`, { acao: "apagar" })).status).toBe(400);
  });
});

describe("/agendar/{slug} through the page", () => {
  it("a closed door is a 404 and says nothing; an open one shows; a booking posts from the same origin", async () => {
    await createSalon(h, "salao-sem-agenda", { online: false });
    expect((await h.request("/agendar/salao-sem-agenda")).status).toBe(404);
    expect((await h.request("/agendar/nao-existe")).status).toBe(404);
    expect((await h.request("/agendar/salao-link")).status).toBe(200);
    const inicio = await freeStart(h.ctx(), salon, ANY_PROFESSIONAL, day(9));
    const fields = { servico: salon.corte, profissional: ANY_PROFESSIONAL, inicio: String(inicio), ...contact(77) };
    expect((await post("/agendar/salao-link", fields, { origin: "https://malicioso.exemplo" })).status).toBe(403);
    expect((await post("/agendar/salao-link", fields)).status).toBe(200);
    expect((await lastEmail(h, "cliente77@exemplo.com.br"))?.subject).toBe("Agendamento confirmado — Negócio Salão salao-link");
    // Over the body cap: refused before anything is read.
    const big = await post("/agendar/salao-link", { ...fields, nome: "a".repeat(20_000) });
    expect(big.status).toBe(413);
  });
});
