import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as businessSettingsPage from "../../../app/routes/organization/business-settings.tsx";
import * as pixPage from "../../../app/routes/sales/pix-settings.tsx";
import { businessSettings } from "../../../db/schema/index.ts";
import { createPageHarness } from "../page-harness.ts";
import { createOwner, type Harness } from "../harness.ts";
import { addMember } from "../records.ts";

/**
 * The Pix settings (/pix, issue 22) through the real route module against libSQL: the key stored
 * canonical with name and city normalised; a bad key refused in pt-BR with nothing changed;
 * Configurações do Negócio and /pix never overwrite each other's columns; managers only.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  h = await createPageHarness({ pix: pixPage, "business-settings": businessSettingsPage });
  owner = await createOwner(h, "Pix");
});

function post(cookie: string, path: string, fields: [string, string][]): Promise<Response> {
  return h.request(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

const PIX: [string, string][] = [
  ["pixChaveTipo", "cnpj"],
  ["pixChave", "45.723.174/0001-10"],
  ["pixNome", "Imobiliária Horizonte & Cia. Ltda. de São Paulo"],
  ["pixCidade", "São José dos Campos"],
];

async function row() {
  const [r] = await h.fresh.db.select().from(businessSettings).where(eq(businessSettings.orgId, owner.orgId));
  return r && { kind: r.pixChaveTipo, key: r.pixChave, name: r.pixNome, city: r.pixCidade, zone: r.fusoHorario };
}

describe("Pix settings (/pix)", () => {
  it("stores the canonical key and the BR Code's name (≤ 25) and city (≤ 15)", async () => {
    const res = await post(owner.cookie, "/pix", PIX);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/pix?salvo=1");
    expect(await row()).toMatchObject({ kind: "cnpj", key: "45723174000110", name: "IMOBILIARIA HORIZONTE & C", city: "SAO JOSE DOS CA" });
  });

  it("refuses a wrong key, an unknown kind and empty texts in pt-BR (400), changing nothing", async () => {
    const before = await row();
    const swap = (key: string, value: string): [string, string][] => [...PIX.filter(([k]) => k !== key), [key, value]];
    for (const [fields, message] of [
      [swap("pixChave", "45.723.174/0001-11"), "Chave Pix inválida: informe um CNPJ"],
      [
        [
          ["pixChaveTipo", "email"],
          ["pixChave", "não é e-mail"],
          ["pixNome", "Loja"],
          ["pixCidade", "Recife"],
        ],
        "Chave Pix inválida: informe um e-mail",
      ],
      [swap("pixChaveTipo", "boleto"), "Tipo da chave"],
      [swap("pixNome", "   "), "Nome do recebedor"],
      [swap("pixCidade", ""), "Cidade do recebedor"],
    ] as [[string, string][], string][]) {
      const res = await post(owner.cookie, "/pix.data", fields);
      expect(res.status, message).toBe(400);
      expect(await res.text(), message).toContain(message);
    }
    expect(await row()).toEqual(before);
  });

  it("Configurações do Negócio keeps the Pix key, and /pix keeps the time zone", async () => {
    const saved = await post(owner.cookie, "/business-settings", [
      ["estoqueNegativo", "off"],
      ["corretorApenasSeus", "off"],
      ["fusoHorario", "America/Manaus"],
      ["limiteTokensIaMensal", "1.000.000"],
    ]);
    expect(saved.status).toBe(302);
    expect(await row()).toMatchObject({ key: "45723174000110", zone: "America/Manaus" });
    expect((await post(owner.cookie, "/pix", PIX)).status).toBe(302);
    expect((await row())?.zone).toBe("America/Manaus");
  });

  it("removing the key clears the four columns", async () => {
    const res = await post(owner.cookie, "/pix?remover=1", []);
    expect(res.headers.get("location")).toBe("/pix?removida=1");
    expect(await row()).toMatchObject({ kind: null, key: null, name: null, city: null, zone: "America/Manaus" });
    expect((await post(owner.cookie, "/pix", PIX)).status).toBe(302);
  });

  it("is the managers': staff and the professional role are refused, reading and saving", async () => {
    const before = await row();
    for (const role of ["staff", "professional"] as const) {
      const member = await addMember(h, owner.orgId, role);
      expect((await h.request("/pix.data", { cookie: member.cookie })).status).toBe(403);
      expect(
        (await post(member.cookie, "/pix", [...PIX.filter(([k]) => k !== "pixChave"), ["pixChave", "11.222.333/0001-81"]])).status,
      ).toBe(403);
      expect((await post(member.cookie, "/pix?remover=1", [])).status).toBe(403);
    }
    expect(await row()).toEqual(before);
  });
});
