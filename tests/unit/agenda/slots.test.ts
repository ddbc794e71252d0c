import { describe, expect, it } from "vitest";
import { findSlots, findSlotsForAnyone, nextFreeSlot } from "../../../shared/agenda/slots.ts";
import { formatDateTimeIn, formatTimeIn } from "../../../shared/time-zone.ts";
import { MONDAY, SP, ana, at, bruno, mondayWindow, rules } from "./fixtures.ts";

const times = (slots: { start: number }[]): string[] => slots.map((s) => formatTimeIn(s.start, SP));

describe("findSlots: one professional's free slots", () => {
  it("steps from each opening through the day, ending by closing", () => {
    expect(times(findSlots(rules(), ana(), mondayWindow))).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
      "17:00",
    ]);
    const slot = findSlots(rules(), ana(), mondayWindow)[0];
    expect(slot && slot.end - slot.start).toBe(60 * 60_000);
  });

  it("leaves out bookings, time off, the past and the notice", () => {
    const busy = ana({
      bookings: [{ start: at(MONDAY, "14:30"), end: at(MONDAY, "15:30") }],
      timeOff: [{ start: at(MONDAY, "16:00"), end: at(MONDAY, "18:00") }],
    });
    expect(times(findSlots(rules({ now: at(MONDAY, "09:40"), minNoticeMin: 30 }), busy, mondayWindow))).toEqual([
      "10:30",
      "11:00",
      "13:00",
      "13:30",
    ]); // 15:30 would run into the time off at 16:00
  });

  it("only starts inside the window", () => {
    const window = { start: at(MONDAY, "10:00"), end: at(MONDAY, "11:00") };
    expect(times(findSlots(rules(), ana(), window))).toEqual(["10:00", "10:30"]);
  });
});

describe("qualquer um", () => {
  it("joins everyone's slots and puts the professional with the lighter day first", () => {
    const busyAna = ana({ bookings: [{ start: at(MONDAY, "09:00"), end: at(MONDAY, "10:00") }] });
    const slots = findSlotsForAnyone(rules(), [busyAna, bruno()], mondayWindow);
    expect(times(slots)[0]).toBe("10:00");
    expect(slots.find((s) => formatTimeIn(s.start, SP) === "10:00")?.professionalIds).toEqual(["ana"]);
    expect(slots.find((s) => formatTimeIn(s.start, SP) === "13:00")?.professionalIds).toEqual(["bruno", "ana"]);
  });

  it("breaks ties in the order given", () => {
    const slots = findSlotsForAnyone(rules(), [ana(), bruno()], mondayWindow);
    expect(slots.find((s) => formatTimeIn(s.start, SP) === "13:00")?.professionalIds).toEqual(["ana", "bruno"]);
  });
});

describe("Próximo horário livre", () => {
  it("is the first free slot from now, with anyone or a given professional", () => {
    const now = at(MONDAY, "10:10");
    expect(nextFreeSlot(rules({ now }), [ana(), bruno()])).toMatchObject({ start: at(MONDAY, "10:30"), professionalId: "ana" });
    expect(nextFreeSlot(rules({ now }), [bruno()])).toMatchObject({ start: at(MONDAY, "13:00"), professionalId: "bruno" });
  });

  it("looks past a full week, and answers null when nothing is free in the horizon", () => {
    const now = at(MONDAY, "10:10");
    const away = bruno({ timeOff: [{ start: now, end: at("2026-12-05", "00:00") }] });
    expect(formatDateTimeIn(nextFreeSlot(rules({ now }), [away])?.start ?? 0, SP)).toBe("07/12/2026 13:00");
    expect(nextFreeSlot(rules({ now }), [away], 7)).toBeNull();
  });
});
