import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appointments, clients } from "../../../db/schema/index.ts";
import { ANY_PROFESSIONAL } from "../../../shared/agenda/public-booking.ts";
import { RateLimitedError } from "../../../worker/security/rate-limit.ts";
import { hashAppointmentLinkToken } from "../../../worker/services/agenda/appointment-link.ts";
import { bookingPage, bookOnline, SLOT_TAKEN } from "../../../worker/services/agenda/public-booking.ts";
import { publicLanding } from "../../../worker/services/site/landing-page.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { createHarness, type Harness, lastEmail } from "../harness.ts";
import { api } from "../records.ts";
import { clientCount, contact, createSalon, freeStart, type Salon } from "./public-booking-fixtures.ts";

/**
 * The public booking page (ADR 062) against the real local database: a booking arrives with
 * origem online and the business's status, the link's hash stored and the e-mail sent; a slot
 * taken meanwhile is refused with nothing kept; the business's quota is spent only by valid
 * bookings; a known and an unknown client get the same answer; a closed door is a 404.
 */

let h: Harness;
let salon: Salon;

beforeAll(async () => {
  h = await createHarness();
  salon = await createSalon(h, "salao-publico");
});

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const booking = (inicio: number, profissional: string, n: number, extra: Record<string, string> = {}) => ({
  servico: salon.corte,
  profissional,
  inicio: String(inicio),
  ...contact(n),
  ...extra,
});

describe("public booking page", () => {
  it("is a 404 (nothing said) when the slug is unknown, booking is off, or the page is unpublished", async () => {
    const closed = await createSalon(h, "salao-fechado", { online: false });
    expect(await bookingPage(h.ctx(), "salao-fechado", {})).toBeNull();
    expect(await bookingPage(h.ctx(), "nao-existe", {})).toBeNull();
    expect(await bookingPage(h.ctx(), "Maiúsculas e espaços", {})).toBeNull();
    const e = await refusal(bookOnline(h.ctx(), "salao-fechado", booking(Date.now() + 86_400_000, ANY_PROFESSIONAL, 1)));
    expect(e.status).toBe(404);
    expect(e.message).toBe("Página não encontrada.");
    // The landing page links to the booking page only while it is open.
    expect((await publicLanding(h.ctx(), "salao-fechado"))?.agendar).toBeUndefined();
    expect((await publicLanding(h.ctx(), "salao-publico"))?.agendar).toBe(true);
    expect(await clientCount(h, closed.owner.orgId)).toBe(0);
  });

  it("lists services by category, who performs them, and real free slots in the organização's zone", async () => {
    const page = await bookingPage(h.ctx(), salon.slug, { servico: salon.corte, profissional: ANY_PROFESSIONAL });
    expect(page?.categorias).toEqual([{ categoria: "Cabelo", servicos: [expect.objectContaining({ id: salon.corte, duracaoMin: 60 })] }]);
    expect(page?.profissionais.map((p) => p.nome)).toEqual(["Ana Souza", "Bia Lima"]);
    expect(page?.dias).toHaveLength(7);
    const slots = page?.dias?.flatMap((d) => d.horarios) ?? [];
    // Never in the past nor within the hour of notice; on the 30-minute grid of 08:00–20:00 (last start 19:00).
    expect(slots.every((s) => s.inicio >= Date.now() + 60 * 60_000)).toBe(true);
    expect(slots.every((s) => /^(0[89]|1\d):(00|30)$/.test(s.hora))).toBe(true);
  });

  it("books as the inside agenda would: origem online, the business's status, the link's hash, the e-mail with the link", async () => {
    const inicio = await freeStart(h.ctx(), salon, salon.ana);
    const done = await bookOnline(h.ctx("10.70.0.1"), salon.slug, booking(inicio, salon.ana, 1));
    if (!("link" in done)) throw new Error("booked as honeypot");
    expect(done).toMatchObject({
      servico: "Corte feminino",
      profissional: "Ana Souza",
      status: "pendente",
      email: "cliente1@exemplo.com.br",
    });
    const token = done.link.split("/agendamento/")[1] as string;
    const [row] = await h.fresh.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.orgId, salon.owner.orgId), eq(appointments.linkHash, await hashAppointmentLinkToken(token))));
    expect(row).toMatchObject({ origem: "online", status: "pendente", profissionalId: salon.ana, criadoPor: null });
    expect(row?.inicio.getTime()).toBe(inicio);
    expect(row?.fim.getTime()).toBe(inicio + 60 * 60_000);
    const mail = await lastEmail(h, "cliente1@exemplo.com.br");
    expect(mail?.subject).toBe(`Pedido de agendamento recebido — Negócio Salão salao-publico`);
    expect(mail?.link).toBe(done.link);
    // The slot is no longer offered for Ana; "qualquer um" still offers it (Bia is free).
    const again = await bookingPage(h.ctx(), salon.slug, { servico: salon.corte, profissional: salon.ana, inicio: String(inicio) });
    expect(again?.horario).toBeNull();
    expect(again?.aviso).toBe(SLOT_TAKEN);
  });

  it("refuses a slot taken meanwhile (and by many at once, one wins), keeping no client of the refused", async () => {
    const inicio = await freeStart(h.ctx(), salon, salon.bia, new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
    const before = await clientCount(h, salon.owner.orgId);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => bookOnline(h.ctx(`10.71.0.${i + 1}`), salon.slug, booking(inicio, salon.bia, 100 + i))),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(DomainError);
      expect((r.reason as DomainError).status).toBe(409);
      expect((r.reason as DomainError).message).toBe(SLOT_TAKEN);
    }
    expect(await clientCount(h, salon.owner.orgId)).toBe(before + 1);
    const held = await h.fresh.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.orgId, salon.owner.orgId),
          eq(appointments.profissionalId, salon.bia),
          eq(appointments.inicio, new Date(inicio)),
        ),
      );
    expect(held).toHaveLength(1);
  });

  it('"qualquer um" books whoever is free, then refuses when nobody is', async () => {
    const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    const inicio = await freeStart(h.ctx(), salon, ANY_PROFESSIONAL, day);
    const first = await bookOnline(h.ctx("10.72.0.1"), salon.slug, booking(inicio, ANY_PROFESSIONAL, 201));
    const second = await bookOnline(h.ctx("10.72.0.2"), salon.slug, booking(inicio, ANY_PROFESSIONAL, 202));
    expect(new Set(["profissional" in first ? first.profissional : "", "profissional" in second ? second.profissional : ""])).toEqual(
      new Set(["Ana Souza", "Bia Lima"]),
    );
    const third = await refusal(bookOnline(h.ctx("10.72.0.3"), salon.slug, booking(inicio, ANY_PROFESSIONAL, 203)));
    expect(third.status).toBe(409);
  });

  it("validates with the spec's messages, naming the field", async () => {
    const inicio = await freeStart(h.ctx(), salon);
    const cases: [Record<string, string>, string, string][] = [
      [{ nome: "" }, "nome", "O campo Nome é obrigatório"],
      [{ whatsapp: "123" }, "whatsapp", "O campo WhatsApp não é válido"],
      [{ email: "nao-e-email" }, "email", "O campo E-mail deve ser um email válido"],
      [{ servico: crypto.randomUUID() }, "servico", "Este serviço não está disponível para agendamento online."],
      [{ servico: "" }, "servico", "Escolha um serviço."],
    ];
    for (const [over, field, message] of cases) {
      const e = await refusal(bookOnline(h.ctx("10.73.0.1"), salon.slug, booking(inicio, ANY_PROFESSIONAL, 300, over)));
      expect([e.status, e.field, e.message]).toEqual([400, field, message]);
    }
  });
});

describe("no enumeration of clients", () => {
  it("a known and an unknown e-mail get the same answer; only e-mail AND WhatsApp together find the client on file", async () => {
    const known = { nome: "Maria Conhecida", email: "maria.conhecida@exemplo.com.br", whatsapp: "11987654321" };
    const created = await api<{ data: { id: string } }>(h, salon.owner.cookie, "POST", "/api/clients", {
      tipo: "pf",
      nome: known.nome,
      email: known.email,
      telefones: [{ numero: known.whatsapp, whatsapp: true, rotulo: "Celular" }],
    });
    expect(created.status).toBe(201);
    const mariaId = created.body.data.id;
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const a = await freeStart(h.ctx(), salon, salon.ana, day);
    const b = await freeStart(h.ctx(), salon, salon.bia, day);
    const answerKnown = await bookOnline(h.ctx("10.74.0.1"), salon.slug, { ...booking(a, salon.ana, 0), ...known, nome: "Maria" });
    const answerUnknown = await bookOnline(h.ctx("10.74.0.2"), salon.slug, {
      ...booking(b, salon.bia, 0),
      nome: "Maria",
      email: "maria.desconhecida@exemplo.com.br",
      whatsapp: known.whatsapp,
    });
    const shape = (x: object) => Object.keys(x).sort();
    expect(shape(answerKnown)).toEqual(shape(answerUnknown));
    const strip = ({ email: _e, link: _l, profissional: _p, ...rest }: Record<string, unknown>) => rest;
    expect(strip(answerKnown as unknown as Record<string, unknown>)).toEqual({
      ...strip(answerUnknown as unknown as Record<string, unknown>),
      quando: (answerKnown as { quando: string }).quando,
    });
    // Both e-mails are the same message, whoever is on file.
    const [m1, m2] = [await lastEmail(h, known.email), await lastEmail(h, "maria.desconhecida@exemplo.com.br")];
    expect(m1?.subject).toBe(m2?.subject);
    // E-mail and WhatsApp both matched: the booking is on Maria's record (her name unchanged).
    const [onFile] = await h.fresh.db
      .select()
      .from(appointments)
      .where(
        and(eq(appointments.orgId, salon.owner.orgId), eq(appointments.inicio, new Date(a)), eq(appointments.profissionalId, salon.ana)),
      );
    expect(onFile?.clienteId).toBe(mariaId);
    const [maria] = await h.fresh.db.select({ nome: clients.nome }).from(clients).where(eq(clients.id, mariaId));
    expect(maria?.nome).toBe("Maria Conhecida");
    // Only the phone matched: a client of its own, never Maria's record.
    const [other] = await h.fresh.db
      .select()
      .from(appointments)
      .where(
        and(eq(appointments.orgId, salon.owner.orgId), eq(appointments.inicio, new Date(b)), eq(appointments.profissionalId, salon.bia)),
      );
    expect(other?.clienteId).not.toBe(mariaId);
  });
});

describe("limits", () => {
  it("per IP: every post counts, the 11th in the hour is a 429 and books nothing", async () => {
    for (let i = 0; i < 10; i++) await bookOnline(h.ctx("10.75.0.1"), salon.slug, { nome: "" }).catch(() => undefined);
    const e = await refusal(bookOnline(h.ctx("10.75.0.1"), salon.slug, booking(await freeStart(h.ctx(), salon), ANY_PROFESSIONAL, 400)));
    expect(e).toBeInstanceOf(RateLimitedError);
  });

  it("per organização: 320 honeypot or invalid posts from 320 addresses leave the quota whole; a real client books", async () => {
    const spread = await createSalon(h, "salao-cota");
    const start = await freeStart(h.ctx(), spread);
    const junk = (i: number) =>
      i % 2
        ? { servico: spread.corte, profissional: ANY_PROFESSIONAL, inicio: String(start), ...contact(500 + i), website: "http://spam" }
        : { servico: spread.corte, profissional: ANY_PROFESSIONAL, inicio: String(start), nome: "", whatsapp: "x", email: "y" };
    for (let i = 0; i < 320; i++) {
      const ip = `10.${80 + Math.floor(i / 250)}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      await bookOnline(h.ctx(ip), "salao-cota", junk(i)).then(
        (answer) => expect(answer).toEqual({ honeypot: true }),
        (e: unknown) => {
          // The invalid ones are a pt-BR 400; never a 429 (no limit was reached).
          if (!(e instanceof DomainError) || e instanceof RateLimitedError || e.status !== 400) throw e;
        },
      );
    }
    expect(await clientCount(h, spread.owner.orgId)).toBe(0);
    const real = await bookOnline(h.ctx("10.99.1.1"), "salao-cota", {
      servico: spread.corte,
      profissional: ANY_PROFESSIONAL,
      inicio: String(start),
      ...contact(999),
    });
    expect("link" in real).toBe(true);
  }, 120_000);
});
