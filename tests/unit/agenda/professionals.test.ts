import { describe, expect, it } from "vitest";
import {
  checkAvailability,
  describeTimeOff,
  parseTimeOff,
  parseWeekly,
  parseWeeklyInput,
  timeOffStatus,
  weekFromForm,
  weeklyHours,
} from "../../../shared/agenda/availability.ts";
import { formatCommission } from "../../../shared/agenda/commission.ts";
import { CALENDAR_PALETTE, colorName, colorStyle, nextFreeColor } from "../../../shared/agenda/professional-colors.ts";
import { contrastRatio } from "../../../shared/brand/contrast.ts";
import type { HexColor } from "../../../shared/brand/brand-style.ts";
import { commissionText, profissionalSchema } from "../../../shared/resources/profissionais.ts";

/**
 * Profissionais' pure rules (ADR 064): the form's schema (colour, commission, services), the
 * week checked against the business hours, and time off typed in the organização's zone —
 * America/Manaus (UTC−4, no DST) and São Paulo on its DST days of 2018 (spring forward at
 * midnight) and 2019 (fall back at midnight).
 */

const HOURS = weeklyHours(
  [
    [],
    [
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "18:00" },
    ],
    [{ start: "09:00", end: "18:00" }],
    [{ start: "09:00", end: "18:00" }],
    [{ start: "09:00", end: "18:00" }],
    [{ start: "09:00", end: "18:00" }],
    [{ start: "08:00", end: "24:00" }],
  ],
  "America/Manaus",
);

const week = (days: Partial<Record<number, { start: string; end: string }[]>>) => Array.from({ length: 7 }, (_, d) => days[d] ?? []);

function errorsOf(input: Record<string, unknown>): Record<string, string> {
  const result = profissionalSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("profissionalSchema", () => {
  it("normalizes the colour and reads a percentage as basis points", () => {
    const parsed = profissionalSchema.parse({ nome: "Ana", cor: " #ABC ", comissaoTipo: "percentual", comissaoPercentual: "12,5" });
    expect(parsed).toMatchObject({ cor: "#aabbcc", comissaoTipo: "percentual", comissaoValor: 1250, agendaOnline: true, ativo: true });
  });

  it("reads a fixed commission typed in reais, and keeps only the chosen kind's value", () => {
    const parsed = profissionalSchema.parse({
      nome: "Ana",
      cor: "#2563eb",
      comissaoTipo: "fixo",
      comissaoFixa: "R$ 25,00",
      comissaoPercentual: "40",
    });
    expect(parsed).toMatchObject({ comissaoValor: 2500, comissaoFixa: 2500, comissaoPercentual: undefined });
    const byDefault = profissionalSchema.parse({ nome: "Ana", cor: "#2563eb", comissaoPercentual: "40" });
    expect(byDefault.comissaoTipo).toBeUndefined();
    expect(byDefault.comissaoValor).toBeUndefined();
  });

  it("refuses, in pt-BR: a kind without its value, three decimals, over 100%, a colour name, a bad service id", () => {
    expect(errorsOf({ nome: "Ana", cor: "#2563eb", comissaoTipo: "fixo" }).comissaoFixa).toBe("O campo Comissão (R$) é obrigatório");
    expect(errorsOf({ nome: "Ana", cor: "#2563eb", comissaoTipo: "percentual", comissaoPercentual: "10,125" }).comissaoPercentual).toBe(
      "O campo Comissão (%) aceita no máximo 2 casas decimais",
    );
    expect(errorsOf({ nome: "Ana", cor: "#2563eb", comissaoTipo: "percentual", comissaoPercentual: "101" }).comissaoPercentual).toContain(
      "100",
    );
    expect(errorsOf({ nome: "Ana", cor: "azul" }).cor).toBe("O campo Cor na agenda deve ser uma cor no formato #RRGGBB");
    expect(errorsOf({ nome: "Ana" }).cor).toBe("O campo Cor na agenda é obrigatório");
    expect(Object.keys(errorsOf({ nome: "Ana", cor: "#2563eb", servicoIds: ["ok-1", "'; drop table x"] }))).toEqual(["servicoIds.1"]);
  });

  it("takes the services from checkboxes, an array or a comma list, without repeats", () => {
    expect(profissionalSchema.parse({ nome: "Ana", cor: "#2563eb", servicoIds: "a1, b2, a1" }).servicoIds).toEqual(["a1", "b2"]);
    expect(profissionalSchema.parse({ nome: "Ana", cor: "#2563eb", servicoIds: ["a1"] }).servicoIds).toEqual(["a1"]);
    expect(profissionalSchema.parse({ nome: "Ana", cor: "#2563eb" }).servicoIds).toEqual([]);
  });

  it("writes the commission as the lists show it", () => {
    expect(commissionText({ comissaoTipo: "percentual", comissaoValor: 1250 })).toBe("12,5%");
    expect(commissionText({ comissaoTipo: "fixo", comissaoValor: 2500 })).toMatch(/^R\$\s25,00$/);
    expect(commissionText({ comissaoTipo: null, comissaoValor: null })).toBe("Padrão do negócio");
    expect(formatCommission({ kind: "percentual", value: 4000 })).toBe("40%");
  });
});

describe("weekly availability against the business hours", () => {
  it("accepts intervals inside the opening ones, sorted, a split day and a day off", () => {
    const result = checkAvailability(
      week({
        1: [
          { start: "14:00", end: "18:00" },
          { start: "9:00", end: "11:00" },
        ],
        6: [{ start: "20:00", end: "24:00" }],
      }),
      HOURS,
    );
    expect(result).toEqual({
      ok: true,
      weekly: week({
        1: [
          { start: "09:00", end: "11:00" },
          { start: "14:00", end: "18:00" },
        ],
        6: [{ start: "20:00", end: "24:00" }],
      }),
    });
  });

  it("names every interval outside, with the day's hours (or closed)", () => {
    const result = checkAvailability(
      week({ 0: [{ start: "10:00", end: "12:00" }], 1: [{ start: "11:30", end: "13:30" }], 2: [{ start: "08:30", end: "10:00" }] }),
      HOURS,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        "Domingo: 10:00–12:00 fica fora do horário de funcionamento (fechado).",
        "Segunda: 11:30–13:30 fica fora do horário de funcionamento (09:00–12:00, 13:00–18:00).",
        "Terça: 08:30–10:00 fica fora do horário de funcionamento (09:00–18:00).",
      ],
    });
  });

  it("refuses a malformed time, an end before its start, overlaps, and a week that is not seven days", () => {
    expect(parseWeeklyInput(week({ 3: [{ start: "25:00", end: "26:00" }] }))).toEqual({
      ok: false,
      problems: ["Quarta: informe o início e o fim no formato HH:mm."],
    });
    expect(parseWeeklyInput(week({ 4: [{ start: "10:00", end: "10:00" }] }))).toEqual({
      ok: false,
      problems: ["Quinta: o fim (10:00) deve ser depois do início (10:00)."],
    });
    expect(
      parseWeeklyInput(
        week({
          5: [
            { start: "09:00", end: "12:00" },
            { start: "11:59", end: "13:00" },
          ],
        }),
      ),
    ).toEqual({ ok: false, problems: ["Sexta: 09:00–12:00 e 11:59–13:00 se sobrepõem."] });
    expect(parseWeeklyInput([[], []]).ok).toBe(false);
    expect(parseWeeklyInput(null).ok).toBe(false);
  });

  it("reads the form's rows (blank rows left out) and the stored JSON (damaged reads as closed)", () => {
    const form = weekFromForm([
      ["semana.1.0.inicio", "09:00"],
      ["semana.1.0.fim", "12:00"],
      ["semana.1.1.inicio", ""],
      ["semana.1.1.fim", ""],
      ["semana.3.0.inicio", "10:00"],
      ["semana.3.0.fim", "11:00"],
      ["outro", "x"],
    ]);
    expect(parseWeeklyInput(form)).toEqual({
      ok: true,
      weekly: week({ 1: [{ start: "09:00", end: "12:00" }], 3: [{ start: "10:00", end: "11:00" }] }),
    });
    expect(parseWeekly("{x")).toEqual(week({}));
    expect(parseWeekly('[[{"start":"09:00","end":"10:00"},7],[],[],[],[],[],[]]')[0]).toEqual([{ start: "09:00", end: "10:00" }]);
  });
});

describe("time off in the organização's zone", () => {
  it("Manaus: whole days run from the first midnight to the one after the last (UTC−4)", () => {
    expect(parseTimeOff({ dataInicio: "2026-12-21", dataFim: "2026-12-23", tipo: "Férias", detalhe: "Viagem" }, "America/Manaus")).toEqual({
      ok: true,
      start: Date.parse("2026-12-21T04:00:00Z"),
      end: Date.parse("2026-12-24T04:00:00Z"),
      motivo: "Férias — Viagem",
    });
    expect(
      parseTimeOff(
        { dataInicio: "2026-12-10", horaInicio: "14:00", dataFim: "2026-12-10", horaFim: "16:30", tipo: "Consulta médica" },
        "America/Manaus",
      ),
    ).toMatchObject({ ok: true, start: Date.parse("2026-12-10T18:00:00Z"), end: Date.parse("2026-12-10T20:30:00Z") });
  });

  it("São Paulo, 2018-11-04 (midnight skipped): the whole day holds 23 hours; 2019-02-16 (midnight twice): 25", () => {
    const spring = parseTimeOff({ dataInicio: "2018-11-04", dataFim: "2018-11-04", tipo: "Folga" }, "America/Sao_Paulo");
    expect(spring).toMatchObject({ ok: true, start: Date.parse("2018-11-04T03:00:00Z"), end: Date.parse("2018-11-05T02:00:00Z") });
    const fall = parseTimeOff({ dataInicio: "2019-02-16", dataFim: "2019-02-16", tipo: "Folga" }, "America/Sao_Paulo");
    expect(fall).toMatchObject({ ok: true, start: Date.parse("2019-02-16T02:00:00Z"), end: Date.parse("2019-02-17T03:00:00Z") });
    if (fall.ok) expect(describeTimeOff(fall.start, fall.end, "America/Sao_Paulo")).toBe("16/02/2019");
    if (spring.ok) expect(describeTimeOff(spring.start, spring.end, "America/Sao_Paulo")).toBe("04/11/2018");
  });

  it("refuses what is not a time off, naming the field", () => {
    const zone = "America/Manaus";
    expect(parseTimeOff({ dataInicio: "2026-12-10", dataFim: "2026-12-09", tipo: "Folga" }, zone)).toEqual({
      ok: false,
      errors: { dataFim: "O fim deve ser depois do início." },
    });
    expect(parseTimeOff({ dataInicio: "10/12/2026", dataFim: "2026-12-10", tipo: "Folga" }, zone)).toMatchObject({
      ok: false,
      errors: { dataInicio: "Informe a data de início." },
    });
    expect(parseTimeOff({ dataInicio: "2026-02-30", dataFim: "2026-03-01", tipo: "Folga" }, zone)).toMatchObject({ ok: false });
    expect(parseTimeOff({ dataInicio: "2026-12-10", horaInicio: "9h", dataFim: "2026-12-10", tipo: "Folga" }, zone)).toMatchObject({
      ok: false,
      errors: { horaInicio: "Informe a hora no formato HH:mm, ou deixe em branco para o dia inteiro." },
    });
    expect(parseTimeOff({ dataInicio: "2026-01-01", dataFim: "2027-12-31", tipo: "Férias" }, zone)).toMatchObject({
      ok: false,
      errors: { dataFim: "Uma folga pode ter no máximo 366 dias." },
    });
    expect(parseTimeOff({ dataInicio: "2026-12-10", dataFim: "2026-12-10", tipo: "Outra coisa" }, zone)).toMatchObject({ ok: false });
    expect(parseTimeOff({ dataInicio: "2026-12-10", dataFim: "2026-12-10", tipo: "Folga", detalhe: "a\u0000b" }, zone)).toMatchObject({
      ok: false,
      errors: { detalhe: "O detalhe tem caracteres inválidos." },
    });
  });

  it("reads back as the page lists it", () => {
    const zone = "America/Manaus";
    expect(describeTimeOff(Date.parse("2026-12-21T04:00:00Z"), Date.parse("2026-12-24T04:00:00Z"), zone)).toBe("21/12/2026 a 23/12/2026");
    expect(describeTimeOff(Date.parse("2026-12-10T18:00:00Z"), Date.parse("2026-12-10T20:30:00Z"), zone)).toBe("10/12/2026, 14:00–16:30");
    expect(describeTimeOff(Date.parse("2026-12-10T18:00:00Z"), Date.parse("2026-12-11T16:00:00Z"), zone)).toBe(
      "10/12/2026 14:00 a 11/12/2026 12:00",
    );
    expect(timeOffStatus(10, 20, 15)).toBe("em curso");
    expect(timeOffStatus(10, 20, 20)).toBe("encerrada");
    expect(timeOffStatus(10, 20, 5)).toBe("programada");
  });
});

describe("calendar colours", () => {
  it("text on any colour reads at 4,5:1 or more (white or black)", () => {
    for (const hex of [...CALENDAR_PALETTE.map((c) => c.value), "#ffff00", "#777777", "#000080", "#ff00ff"]) {
      const { backgroundColor, color } = colorStyle(hex);
      expect(contrastRatio(backgroundColor, color as HexColor), hex).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("offers the first palette colour nobody uses, and names palette colours", () => {
    expect(nextFreeColor([])).toBe(CALENDAR_PALETTE[0]?.value);
    expect(nextFreeColor([CALENDAR_PALETTE[0]?.value ?? "", "#ABCDEF"])).toBe(CALENDAR_PALETTE[1]?.value);
    expect(nextFreeColor(CALENDAR_PALETTE.map((c) => c.value.toUpperCase()))).toBe(CALENDAR_PALETTE[0]?.value);
    expect(colorName("#2563EB")).toBe("Azul");
    expect(colorName("#1a2b3c")).toBe("#1A2B3C");
  });
});
