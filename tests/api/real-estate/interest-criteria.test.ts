import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { propertyInterestPlaces, propertyInterests } from "../../../db/schema/index.ts";
import type { PropertyMatch } from "../../../worker/services/real-estate/matching.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { api, errorFields } from "../records.ts";

/**
 * An interest's criteria come from the property form's lists: an unknown tipo or característica
 * is refused in pt-BR with nothing saved, and a place matches a property's bairro whatever its
 * accents, case or punctuation (interests and properties are keyed by one function).
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let clientId: string;

type Body<T> = { data: T };

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Imobiliária Critérios");
  const client = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/clients", { tipo: "pf", nome: "Rafael Lima" });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  clientId = client.body.data.id;
});

async function count(): Promise<number> {
  const list = await api<Body<unknown[]>>(h, owner.cookie, "GET", "/api/property_clients");
  return list.body.data.length;
}

describe("interest criteria from the lists", () => {
  it("refuses an unknown tipo with a pt-BR 400, nothing saved", async () => {
    const res = await api(h, owner.cookie, "POST", "/api/property_clients", {
      clienteId: clientId,
      finalidade: "venda",
      tipos: ["apartamento", "Apartamneto"],
    });
    expect(res.status).toBe(400);
    expect(errorFields(res.body)["tipos.1"]).toBe("O campo Tipos não aceita “Apartamneto”: use um dos valores da lista.");
    expect(await count()).toBe(0);
  });

  it("refuses an unknown característica with a pt-BR 400, nothing saved (also as form text)", async () => {
    const res = await api(h, owner.cookie, "POST", "/api/property_clients", {
      clienteId: clientId,
      finalidade: "venda",
      caracteristicas: ["piscina", "Heliponto"],
    });
    expect(res.status).toBe(400);
    expect(errorFields(res.body)["caracteristicas.1"]).toBe(
      "O campo Características desejadas não aceita “Heliponto”: use um dos valores da lista.",
    );
    const text = await api(h, owner.cookie, "POST", "/api/property_clients", {
      clienteId: clientId,
      finalidade: "venda",
      caracteristicas: "Piscina, Churasqueira",
    });
    expect(text.status).toBe(400);
    expect(Object.values(errorFields(text.body)).join()).toContain("“Churasqueira”");
    expect(await count()).toBe(0);
  });

  it("accepts the lists' values or labels, stored as values", async () => {
    const res = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/property_clients", {
      clienteId: clientId,
      finalidade: "venda",
      tipos: ["Casa em condomínio", "sobrado"],
      caracteristicas: ["Portaria 24h", "aceita_pets"],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await api<Body<{ tipos: string[]; caracteristicas: string[] }>>(
      h,
      owner.cookie,
      "GET",
      `/api/property_clients/${res.body.data.id}`,
    );
    expect(row.body.data.tipos).toEqual(["casa_condominio", "sobrado"]);
    expect(row.body.data.caracteristicas).toEqual(["portaria_24h", "aceita_pets"]);
    await api(h, owner.cookie, "DELETE", `/api/property_clients/${res.body.data.id}`);
  });
});

describe("places keyed as the properties are", () => {
  it("a bairro typed with a hyphen, in capitals or without accents matches the property’s", async () => {
    const property = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/properties", {
      finalidade: "venda",
      tipo: "apartamento",
      titulo: "Apartamento no Brooklin",
      descricao: "Apartamento de dois quartos perto da estação, com varanda e uma vaga coberta.",
      valorVendaCentavos: 650_000_00,
      areaUtil: 68,
      quartos: 2,
      bairro: "Brooklin Novo",
      cidade: "São Paulo",
      uf: "SP",
      status: "disponivel",
    });
    expect(property.status, JSON.stringify(property.body)).toBe(201);
    const created = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/property_clients", {
      clienteId: clientId,
      finalidade: "venda",
      // As the form's place picker posts them: one text per place.
      locais: ["brooklin-novo, SAO PAULO - SP"],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    const places = await h.fresh.db.select().from(propertyInterestPlaces).where(eq(propertyInterestPlaces.interestId, id));
    expect(places.map((p) => `${p.cidadeChave}|${p.bairroChave}`)).toEqual(["sao paulo|brooklin novo"]);
    const matches = await api<Body<PropertyMatch[]>>(h, owner.cookie, "GET", `/api/property_clients/${id}/matches`);
    expect(matches.body.data.map((m) => m.propertyId)).toEqual([property.body.data.id]);
    expect(matches.body.data[0]?.reasons).toContain("bairro ✓");
  });

  it("migration 0012 rekeys the places stored before (punctuation kept) so they match again", async () => {
    const created = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/property_clients", {
      clienteId: clientId,
      finalidade: "venda",
      locais: ["Brooklin Novo, São Paulo - SP"],
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    // As the old key function stored a hyphenated bairro (the trigger mirrors it into the places table).
    const old = [{ bairro: "Brooklin-Novo", cidade: "São Paulo", uf: "SP", cidadeChave: "sao paulo", bairroChave: "brooklin-novo" }];
    await h.fresh.db.update(propertyInterests).set({ locais: old }).where(eq(propertyInterests.id, id));
    const matchesOf = async () =>
      (await api<Body<PropertyMatch[]>>(h, owner.cookie, "GET", `/api/property_clients/${id}/matches`)).body.data.map((m) => m.propertyId);
    expect(await matchesOf()).toEqual([]);
    const migration = readFileSync(new URL("../../../migrations/0012_interest_place_keys.sql", import.meta.url), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await h.fresh.db.run(sql.raw(statement));
    const places = await h.fresh.db.select().from(propertyInterestPlaces).where(eq(propertyInterestPlaces.interestId, id));
    expect(places.map((p) => `${p.cidadeChave}|${p.bairroChave}`)).toEqual(["sao paulo|brooklin novo"]);
    expect((await matchesOf()).length).toBe(1);
  });
});
