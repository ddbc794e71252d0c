import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as businessSettingsPage from "../../../app/routes/organization/business-settings.tsx";
import { businessSettings, clients } from "../../../db/schema/index.ts";
import { createPageHarness } from "../page-harness.ts";
import { createOwner, type Harness } from "../harness.ts";
import { api } from "../records.ts";

/**
 * The organização's time zone (ADR 039): chosen in Configurações do Negócio through the real
 * route module (React Router's own request handler; the document is not rendered), refused with
 * the pt-BR select message when not one of Brazil's four, and then read with the session, so the
 * next request's list file and date filter are in that zone.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let clientId: string;

/** 23:30 in Manaus on 20/11, 00:30 in São Paulo on 21/11: the zone decides the day. */
const LATE_EVENING = new Date("2026-11-21T03:30:00.000Z");

beforeAll(async () => {
  h = await createPageHarness({ "business-settings": businessSettingsPage });
  owner = await createOwner(h, "Fusos");
  const created = await api<{ data: { id: string } }>(h, owner.cookie, "POST", "/api/clients", { tipo: "pf", nome: "Rita Fuso" });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  clientId = created.body.data.id;
  await h.fresh.db.update(clients).set({ atualizadoEm: LATE_EVENING }).where(eq(clients.id, clientId));
});

function saveSettings(path: string, fields: [string, string][]): Promise<Response> {
  return h.request(path, {
    method: "POST",
    cookie: owner.cookie,
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

async function settingsRow() {
  const [row] = await h.fresh.db.select().from(businessSettings).where(eq(businessSettings.orgId, owner.orgId));
  return row;
}

/** The clients file's "Atualizado em" cell, and whether the 20/11 filter finds the client. */
async function asListed(): Promise<{ cell: string; onThe20th: boolean }> {
  const file = await h.request("/api/clients/export?format=csv&cols=nome,atualizadoEm", { cookie: owner.cookie });
  expect(file.status).toBe(200);
  const line = (await file.text()).split("\r\n").find((l) => l.includes("Rita Fuso")) ?? "";
  const filtered = await api<{ data: { id: string }[] }>(h, owner.cookie, "GET", "/api/clients?f.atualizadoEm=2026-11-20..2026-11-20");
  expect(filtered.status).toBe(200);
  return { cell: line.split(";")[1] ?? "", onThe20th: filtered.body.data.some((r) => r.id === clientId) };
}

describe("Configurações do Negócio: fuso horário", () => {
  it("starts in São Paulo: the list reads its clock and calendar", async () => {
    expect(await settingsRow()).toBeUndefined();
    expect(await asListed()).toEqual({ cell: "21/11/2026 00:30", onThe20th: false });
  });

  it("refuses a zone outside the list, or none, with the pt-BR message and saves nothing", async () => {
    for (const [fields, message] of [
      [[["fusoHorario", "Europe/Lisbon"]], "O campo Fuso horário deve ser um dos valores permitidos"],
      [[["fusoHorario", "-03:00"]], "O campo Fuso horário deve ser um dos valores permitidos"],
      [[["estoqueNegativo", "off"]], "O campo Fuso horário é obrigatório"],
    ] as [[string, string][], string][]) {
      const res = await saveSettings("/business-settings.data", fields);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(message);
      const document = await saveSettings("/business-settings", fields);
      expect(document.status).toBe(400);
    }
    expect(await settingsRow()).toBeUndefined();
  });

  it("saves Manaus, and the next request lists dates and filters days on Manaus's clock", async () => {
    const res = await saveSettings("/business-settings", [
      ["estoqueNegativo", "off"],
      ["fusoHorario", "America/Manaus"],
    ]);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/business-settings?salvo=1");
    expect((await settingsRow())?.fusoHorario).toBe("America/Manaus");
    expect(await asListed()).toEqual({ cell: "20/11/2026 23:30", onThe20th: true });
    // The stored instant is the same: only how it reads changed.
    const record = await api<{ data: { atualizadoEm: string } }>(h, owner.cookie, "GET", `/api/clients/${clientId}`);
    expect(record.body.data.atualizadoEm).toBe(LATE_EVENING.toISOString());
  });

  it("an invalid choice later leaves the saved zone as it was", async () => {
    const before = await settingsRow();
    expect((await saveSettings("/business-settings.data", [["fusoHorario", "America/New_York"]])).status).toBe(400);
    expect(await settingsRow()).toEqual(before);
  });
});
