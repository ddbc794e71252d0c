import { describe, expect, it } from "vitest";
import { layoutFor, professionalMayOpen } from "../../../app/modules/layouts.ts";
import { appointmentsOutside } from "../../../worker/services/agenda/business-hours.ts";
import { businessHoursFromRows } from "../../../worker/services/agenda/hours-rows.ts";
import { MANAUS, SP, at } from "./fixtures.ts";

const nineToSix = JSON.stringify([[], ...Array(5).fill([{ start: "09:00", end: "18:00" }]), [{ start: "22:00", end: "24:00" }]]);
const appt = (id: string, day: string, from: string, to: string, zone: string) => ({
  id,
  inicio: at(day, from, zone),
  fim: at(day, to, zone),
});

describe("the appointments a change of hours leaves outside (the warning on /horarios)", () => {
  it("reads each appointment on its own day's hours in the zone (Manaus)", () => {
    const hours = businessHoursFromRows(MANAUS, { semana: nineToSix, fechaFeriadosNacionais: true }, [
      { dia: "2026-12-24", tipo: "excecao", intervalos: '[{"start":"09:00","end":"12:00"}]', motivo: "Véspera" },
    ]);
    const rows = [
      appt("dentro", "2026-12-01", "17:00", "18:00", MANAUS),
      appt("passa-do-fechamento", "2026-12-01", "17:30", "18:30", MANAUS),
      appt("domingo", "2026-12-06", "10:00", "11:00", MANAUS),
      appt("natal", "2026-12-25", "10:00", "11:00", MANAUS),
      appt("vespera-tarde", "2026-12-24", "14:00", "15:00", MANAUS),
      appt("vespera-manha", "2026-12-24", "10:00", "11:00", MANAUS),
    ];
    expect(appointmentsOutside(hours, rows).map((r) => r.id)).toEqual(["passa-do-fechamento", "domingo", "natal", "vespera-tarde"]);
  });

  it("São Paulo on the night the clocks went back (2019-02-16): 22:00–24:00 holds three hours, all inside", () => {
    const hours = businessHoursFromRows(SP, { semana: nineToSix, fechaFeriadosNacionais: true }, []);
    // 23:00 happens twice that night: the second one (02:00Z on the 17th) is still before midnight.
    const late = { id: "segunda-23h", inicio: Date.parse("2019-02-17T02:00:00Z"), fim: Date.parse("2019-02-17T03:00:00Z") };
    const first = appt("primeira-22h", "2019-02-16", "22:00", "23:00", SP);
    expect(appointmentsOutside(hours, [first, late])).toEqual([]);
    // An hour later (03:00Z–04:00Z) is past São Paulo's midnight — Sunday, closed — but still
    // Saturday 23:00–24:00 on Manaus's clock (UTC−4): the zone decides the day.
    const after = { id: "depois", inicio: Date.parse("2019-02-17T03:00:00Z"), fim: Date.parse("2019-02-17T04:00:00Z") };
    expect(appointmentsOutside(hours, [after]).map((r) => r.id)).toEqual(["depois"]);
    const manaus = businessHoursFromRows(MANAUS, { semana: nineToSix, fechaFeriadosNacionais: true }, []);
    expect(appointmentsOutside(manaus, [after])).toEqual([]);
  });
});

describe("the professionals layout's selector", () => {
  it("is the professional role with a linked profissional; no link (a corretor) or another role keeps the default", () => {
    expect(layoutFor({ role: "professional", professionalId: "p1" })).toBe("professionals");
    expect(layoutFor({ role: "professional" })).toBe("default");
    expect(layoutFor({ role: "owner", professionalId: "p1" })).toBe("default");
    expect(layoutFor({ role: "staff", professionalId: "p1" })).toBe("default");
  });

  it("opens their summary (the dashboard, ADR 084), the agenda, the service desk and the account, and nothing else", () => {
    for (const path of ["/", "/agenda", "/agenda/semana", "/atendimento", "/perfil", "/settings/preferences", "/relatorios", "/relatorio"])
      expect(professionalMayOpen(path), path).toBe(true);
    for (const path of ["/_", "/agendamentos", "/agendar/salao", "/settings", "/clients", "/horarios", "/perfilx", "/atendimentos"]) {
      expect(professionalMayOpen(path), path).toBe(false);
    }
  });
});
