import { describe, expect, it } from "vitest";
import { checkBooking } from "../../../shared/agenda/booking-check.ts";
import { totalDuration } from "../../../shared/agenda/slot-rules.ts";
import { MONDAY, ana, at, bruno, rules, salonHours } from "./fixtures.ts";

const refusal = (motivo: string) => ({ ok: false, motivo });

describe("checkBooking: a requested appointment and the reason it is refused", () => {
  it("accepts a start inside hours, availability and the grid", () => {
    expect(checkBooking(rules(), ana(), at(MONDAY, "09:00"))).toEqual({ ok: true });
    expect(checkBooking(rules(), ana(), at(MONDAY, "17:00"))).toEqual({ ok: true });
  });

  it("refuses outside the business hours, naming the day's hours", () => {
    const message = refusal("Fora do horário de funcionamento (seg 09:00–12:00, 13:00–18:00)");
    expect(checkBooking(rules(), ana(), at(MONDAY, "08:00"))).toEqual(message);
    expect(checkBooking(rules(), ana(), at(MONDAY, "11:30"))).toEqual(message); // runs into lunch
    expect(checkBooking(rules(), ana(), at(MONDAY, "17:30"))).toEqual(message); // ends after closing
  });

  it("refuses a closed weekday, a national holiday, a local holiday and a closed exception", () => {
    expect(checkBooking(rules(), ana(), at("2026-11-22", "10:00"))).toEqual(refusal("Fechado aos domingos"));
    expect(checkBooking(rules(), ana(), at("2026-11-20", "10:00"))).toEqual(
      refusal("Fechado em 20/11 (feriado: Dia Nacional de Zumbi e da Consciência Negra)"),
    );
    const hours = { ...salonHours(), localHolidays: [{ day: "2026-11-24", nome: "Aniversário da cidade" }] };
    expect(checkBooking(rules({ hours }), ana(), at("2026-11-24", "10:00"))).toEqual(
      refusal("Fechado em 24/11 (feriado: Aniversário da cidade)"),
    );
    const closed = { ...salonHours(), exceptions: [{ day: "2026-12-24", intervals: [], motivo: "Véspera de Natal" }] };
    expect(checkBooking(rules({ hours: closed }), ana(), at("2026-12-24", "10:00"))).toEqual(
      refusal("Fechado em 24/12 (Véspera de Natal)"),
    );
  });

  it("follows an exception's other hours, which also open a holiday", () => {
    const hours = {
      ...salonHours(),
      exceptions: [{ day: "2026-11-20", intervals: [{ start: "10:00", end: "14:00" }], motivo: "Plantão no feriado" }],
    };
    expect(checkBooking(rules({ hours }), ana(), at("2026-11-20", "10:00"))).toEqual({ ok: true });
    expect(checkBooking(rules({ hours }), ana(), at("2026-11-20", "09:00"))).toEqual(
      refusal("Fora do horário de funcionamento (sex 10:00–14:00)"),
    );
  });

  it("refuses outside the professional's own availability", () => {
    expect(checkBooking(rules(), bruno(), at(MONDAY, "10:00"))).toEqual(refusal("Bruno não atende nesse horário (seg 13:00–18:00)"));
    expect(checkBooking(rules(), bruno(), at("2026-11-24", "14:00"))).toEqual(refusal("Bruno não atende às terças"));
  });

  it("refuses time off: the whole day, or until when", () => {
    const week = { start: at("2026-11-23", "00:00"), end: at("2026-11-28", "00:00") };
    expect(checkBooking(rules(), ana({ timeOff: [week] }), at(MONDAY, "10:00"))).toEqual(refusal("Ana está de folga nesse dia"));
    const doctor = { start: at(MONDAY, "14:00"), end: at(MONDAY, "15:00") };
    expect(checkBooking(rules(), ana({ timeOff: [doctor] }), at(MONDAY, "13:30"))).toEqual(
      refusal("Ana está de folga nesse horário (até 15:00)"),
    );
    expect(checkBooking(rules(), ana({ timeOff: [doctor] }), at(MONDAY, "15:00"))).toEqual({ ok: true });
  });

  it("refuses an overlap with another appointment, naming its time; touching ends are fine", () => {
    const booked = ana({ bookings: [{ start: at(MONDAY, "14:30"), end: at(MONDAY, "15:30") }] });
    expect(checkBooking(rules(), booked, at(MONDAY, "14:00"))).toEqual(refusal("Conflita com o agendamento de Ana às 14:30"));
    expect(checkBooking(rules(), booked, at(MONDAY, "15:00"))).toEqual(refusal("Conflita com o agendamento de Ana às 14:30"));
    expect(checkBooking(rules(), booked, at(MONDAY, "13:30"))).toEqual({ ok: true });
    expect(checkBooking(rules(), booked, at(MONDAY, "15:30"))).toEqual({ ok: true });
  });

  it("keeps the buffer after every appointment, the existing one's and the new one's", () => {
    const booked = ana({ bookings: [{ start: at(MONDAY, "14:30"), end: at(MONDAY, "15:30") }] });
    const r = rules({ bufferMin: 15, stepMin: 15 });
    expect(checkBooking(r, booked, at(MONDAY, "15:30"))).toEqual(refusal("Conflita com o agendamento de Ana às 14:30"));
    expect(checkBooking(r, booked, at(MONDAY, "15:45"))).toEqual({ ok: true });
    expect(checkBooking(r, booked, at(MONDAY, "13:30"))).toEqual(refusal("Conflita com o agendamento de Ana às 14:30"));
    expect(checkBooking(r, booked, at(MONDAY, "13:15"))).toEqual({ ok: true });
  });

  it("refuses the past, too short a notice, an off-grid start and no duration", () => {
    const now = at(MONDAY, "10:10");
    expect(checkBooking(rules({ now }), ana(), at(MONDAY, "10:00"))).toEqual(refusal("Esse horário já passou"));
    expect(checkBooking(rules({ now, minNoticeMin: 60 }), ana(), at(MONDAY, "11:00"))).toEqual(
      refusal("Agendamentos precisam de 60 min de antecedência"),
    );
    expect(checkBooking(rules({ now, minNoticeMin: 60 }), ana(), at(MONDAY, "13:00"))).toEqual({ ok: true });
    expect(checkBooking(rules(), ana(), at(MONDAY, "09:10"))).toEqual(refusal("Escolha um horário da grade de 30 min da agenda"));
    expect(checkBooking(rules({ durationMin: 0 }), ana(), at(MONDAY, "09:00"))).toEqual(refusal("Escolha ao menos um serviço com duração"));
  });

  it("sums several services into one appointment", () => {
    const duration = totalDuration([{ durationMin: 45 }, { durationMin: 30 }, { durationMin: 30 }]);
    expect(duration).toBe(105);
    expect(checkBooking(rules({ durationMin: duration }), ana(), at(MONDAY, "10:30"))).toEqual(
      refusal("Fora do horário de funcionamento (seg 09:00–12:00, 13:00–18:00)"),
    );
    expect(checkBooking(rules({ durationMin: duration }), ana(), at(MONDAY, "10:00"))).toEqual({ ok: true }); // ends 11:45
  });
});
