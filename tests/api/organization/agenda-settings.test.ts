import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as businessSettingsPage from "../../../app/routes/organization/business-settings.tsx";
import { businessSettings } from "../../../db/schema/index.ts";
import { createPageHarness } from "../page-harness.ts";
import { createOwner, type Harness } from "../harness.ts";
import { addMember } from "../records.ts";

/**
 * The agenda section of Configurações do Negócio (ADR 063), through the real route module: saved
 * with the page's one form, each field refused in pt-BR when out of range (nothing saved), the
 * column defaults when a form does not send the section, managers only.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  h = await createPageHarness({ "business-settings": businessSettingsPage });
  owner = await createOwner(h, "Agenda");
});

function save(cookie: string, fields: [string, string][], path = "/business-settings.data"): Promise<Response> {
  return h.request(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

const BASE: [string, string][] = [
  ["estoqueNegativo", "off"],
  ["corretorApenasSeus", "off"],
  ["fusoHorario", "America/Manaus"],
  ["limiteTokensIaMensal", "1.000.000"],
];

const AGENDA: [string, string][] = [
  ["agendaIntervaloMin", "15"],
  ["agendaFolgaMin", "10"],
  ["agendaAntecedenciaMin", "120"],
  ["agendaHorizonteDias", "30"],
  ["agendamentoOnline", "off"],
  ["agendamentoOnline", "on"],
  ["agendamentoOnlineStatus", "confirmado"],
  ["lembretes", "off"],
  ["comissaoPadraoTipo", "percentual"],
  ["comissaoPadraoValor", "12,5"],
];

async function agendaRow() {
  const [row] = await h.fresh.db.select().from(businessSettings).where(eq(businessSettings.orgId, owner.orgId));
  return (
    row && {
      slot: row.agendaIntervaloMin,
      buffer: row.agendaFolgaMin,
      notice: row.agendaAntecedenciaMin,
      horizon: row.agendaHorizonteDias,
      online: row.agendamentoOnline,
      status: row.agendamentoOnlineStatus,
      reminders: row.lembretes,
      commission: [row.comissaoPadraoTipo, row.comissaoPadraoValor],
    }
  );
}

describe("Configurações do Negócio: agenda", () => {
  it("takes the column defaults when a form does not send the section (reminders stay on)", async () => {
    const res = await save(owner.cookie, BASE, "/business-settings");
    expect(res.headers.get("location")).toBe("/business-settings?salvo=1");
    expect(await agendaRow()).toEqual({
      slot: 30,
      buffer: 0,
      notice: 60,
      horizon: 60,
      online: false,
      status: "pendente",
      reminders: true,
      commission: ["percentual", 0],
    });
  });

  it("saves every agenda field with the rest of the page; a fixed commission in reais", async () => {
    expect((await save(owner.cookie, [...BASE, ...AGENDA], "/business-settings")).status).toBe(302);
    expect(await agendaRow()).toEqual({
      slot: 15,
      buffer: 10,
      notice: 120,
      horizon: 30,
      online: true,
      status: "confirmado",
      reminders: false,
      commission: ["percentual", 1250],
    });
    const fixed = AGENDA.map(([k, v]): [string, string] =>
      k === "comissaoPadraoTipo" ? [k, "fixo"] : k === "comissaoPadraoValor" ? [k, "R$ 1.234,50"] : [k, v],
    );
    expect((await save(owner.cookie, [...BASE, ...fixed], "/business-settings")).status).toBe(302);
    expect((await agendaRow())?.commission).toEqual(["fixo", 123450]);
  });

  it("refuses each field out of range in pt-BR, saving nothing", async () => {
    const before = await agendaRow();
    const swap = (key: string, value: string): [string, string][] => [...BASE, ...AGENDA.filter(([k]) => k !== key), [key, value]];
    for (const [fields, message] of [
      [swap("agendaIntervaloMin", "25"), "O campo Intervalo da agenda deve ser um dos valores permitidos"],
      [swap("agendaIntervaloMin", "trinta"), "Intervalo da agenda"],
      [swap("agendaFolgaMin", "-5"), "Intervalo entre atendimentos"],
      [swap("agendaFolgaMin", "500"), "Intervalo entre atendimentos"],
      [swap("agendaAntecedenciaMin", "7"), "O campo Antecedência mínima deve ser um dos valores permitidos"],
      [swap("agendaHorizonteDias", "0"), "Agendamento online até"],
      [swap("agendaHorizonteDias", "400"), "Agendamento online até"],
      [swap("agendamentoOnlineStatus", "concluido"), "Agendamentos online chegam como"],
      [swap("comissaoPadraoTipo", "metade"), "Tipo de comissão padrão"],
      [swap("comissaoPadraoValor", "150"), "A comissão padrão deve estar entre 0% e 100%."],
      [swap("comissaoPadraoValor", "dez"), "A comissão padrão deve ser um número"],
    ] as [[string, string][], string][]) {
      const res = await save(owner.cookie, fields);
      expect(res.status, message).toBe(400);
      expect(await res.text(), message).toContain(message);
    }
    expect(await agendaRow()).toEqual(before);
  });

  it("is the managers': staff and the professional role are refused", async () => {
    const before = await agendaRow();
    for (const role of ["staff", "professional"] as const) {
      const member = await addMember(h, owner.orgId, role);
      expect((await save(member.cookie, [...BASE, ...AGENDA.filter(([k]) => k !== "lembretes"), ["lembretes", "on"]])).status).toBe(403);
    }
    expect(await agendaRow()).toEqual(before);
  });
});
