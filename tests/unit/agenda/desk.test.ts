import { describe, expect, it } from "vitest";
import { consumptionOf, dayRange, mergeConsumption, stepAllowed, stepsFor } from "../../../shared/agenda/desk.ts";
import { nationalDigits, reminderText, reminderWhatsappHref, reminderWhen, servicesText } from "../../../shared/agenda/reminder.ts";

/** The service desk's pure rules (ADR 061): steps per status, what finishing consumes, a day of the zone, the reminder's words. */

describe("desk steps", () => {
  it("offers check-in, start, no-show and cancel while waiting; no no-show once the client arrived", () => {
    expect(stepsFor("pendente", false)).toEqual(["chegou", "iniciar", "faltou", "cancelar"]);
    expect(stepsFor("confirmado", false)).toEqual(["chegou", "iniciar", "faltou", "cancelar"]);
    expect(stepsFor("confirmado", true)).toEqual(["iniciar", "finalizar", "cancelar"]);
    expect(stepAllowed("faltou", "confirmado", true)).toBe(false);
    expect(stepAllowed("chegou", "confirmado", true)).toBe(false);
  });

  it("in service only finishes; ended appointments offer nothing", () => {
    expect(stepsFor("em_atendimento", true)).toEqual(["finalizar"]);
    for (const status of ["concluido", "cancelado", "faltou"] as const) expect(stepsFor(status, false)).toEqual([]);
  });
});

describe("consumption", () => {
  const recipes = [
    { servicoId: "corte", produtoId: "shampoo", quantidade: 0.05 },
    { servicoId: "escova", produtoId: "shampoo", quantidade: 0.03 },
    { servicoId: "escova", produtoId: "protetor", quantidade: 1 },
    { servicoId: "manicure", produtoId: "esmalte", quantidade: 0.1 },
  ];

  it("sums each product over the services performed, exactly (thousandths)", () => {
    expect(consumptionOf(["corte", "escova"], recipes)).toEqual([
      { produtoId: "shampoo", quantidade: 0.08 },
      { produtoId: "protetor", quantidade: 1 },
    ]);
  });

  it("counts a service performed twice twice; a service without products adds none", () => {
    expect(consumptionOf(["corte", "corte", "barba"], recipes)).toEqual([{ produtoId: "shampoo", quantidade: 0.1 }]);
    expect(consumptionOf([], recipes)).toEqual([]);
  });

  it("merges typed lines: repeated products summed, zero dropped", () => {
    expect(
      mergeConsumption([
        { produtoId: "a", quantidade: 1.5 },
        { produtoId: "b", quantidade: 0 },
        { produtoId: "a", quantidade: 0.25 },
      ]),
    ).toEqual([{ produtoId: "a", quantidade: 1.75 }]);
  });
});

describe("a day of the organização's zone", () => {
  it("is 24 h in Manaus (no DST)", () => {
    const { start, end } = dayRange("2026-03-10", "America/Manaus");
    expect(new Date(start).toISOString()).toBe("2026-03-10T04:00:00.000Z");
    expect(end - start).toBe(24 * 3_600_000);
  });

  it("is 23 h on São Paulo's 2018-11-04 (DST starts at midnight) and 25 h on 2019-02-16", () => {
    const spring = dayRange("2018-11-04", "America/Sao_Paulo");
    expect(new Date(spring.start).toISOString()).toBe("2018-11-04T03:00:00.000Z");
    expect(spring.end - spring.start).toBe(23 * 3_600_000);
    const fall = dayRange("2019-02-16", "America/Sao_Paulo");
    expect(fall.end - fall.start).toBe(25 * 3_600_000);
  });
});

describe("the reminder", () => {
  const facts = {
    clientName: "Ana Souza",
    inicio: Date.parse("2026-12-03T17:30:00Z"),
    servicos: ["Corte", "Escova"],
    profissional: "Bia",
    negocio: "Salão Bela",
  };

  it("reads the time in the organização's zone", () => {
    expect(reminderWhen(facts.inicio, "America/Sao_Paulo")).toBe("amanhã, quinta-feira, 03/12, às 14:30");
    expect(reminderWhen(facts.inicio, "America/Manaus")).toBe("amanhã, quinta-feira, 03/12, às 13:30");
    expect(reminderText(facts, "America/Sao_Paulo")).toBe(
      "Olá, Ana! Passando para lembrar do seu horário amanhã, quinta-feira, 03/12, às 14:30: Corte e Escova com Bia — Salão Bela.",
    );
  });

  it("joins services as Portuguese does", () => {
    expect(servicesText(["Corte"])).toBe("Corte");
    expect(servicesText(["Corte", "Escova", "Hidratação"])).toBe("Corte, Escova e Hidratação");
    expect(servicesText([])).toBe("seu atendimento");
  });

  it("opens WhatsApp on the client's number with the message prefilled", () => {
    const href = reminderWhatsappHref("(11) 91234-5678", facts, "America/Sao_Paulo");
    expect(href?.startsWith("https://wa.me/5511912345678?text=")).toBe(true);
    const text = decodeURIComponent((href ?? "").split("?text=")[1] ?? "");
    expect(text).toContain("amanhã, quinta-feira, 03/12, às 14:30");
    expect(text).toContain("é só responder esta mensagem");
    expect(reminderWhatsappHref(null, facts, "America/Sao_Paulo")).toBeNull();
    expect(reminderWhatsappHref("1234", facts, "America/Sao_Paulo")).toBeNull();
  });

  it("reads a phone's national digits however it was typed", () => {
    expect(nationalDigits("+55 11 91234 5678")).toBe("11912345678");
    expect(nationalDigits("011912345678")).toBe("11912345678");
    expect(nationalDigits("(92) 3234-5678")).toBe("9232345678");
    expect(nationalDigits("")).toBeNull();
  });
});
