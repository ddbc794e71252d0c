import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { propertyInterests } from "../../../db/schema/index.ts";
import { propertyInterestCount, propertyInterestStatements } from "../../../worker/services/real-estate/matching.ts";
import { propertyHeader } from "../../../worker/services/real-estate/properties.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { actorFor, addMember, api } from "../records.ts";
import { insertProperty } from "./interests-fixtures.ts";

/**
 * The property's header counts what its Interesses tab lists: the open interests naming the
 * property plus the open interests it matches (it counted only the interests naming it, closed
 * ones included, and said "0 interesses" beside a listed match). A corretor who sees only their
 * own interests counts only those.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let ownerId: string;
let paula: { userId: string; cookie: string };
let property: string;

type Body<T> = { data: T };

async function interest(body: Record<string, unknown>): Promise<string> {
  const res = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/property_clients", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Contagem");
  ownerId = (await userId(h, owner.email)) as string;
  paula = await addMember(h, owner.orgId, "professional", "Paula Corretora");
  const client = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/clients", { tipo: "pf", nome: "Marina Souza" });
  expect(client.status).toBe(201);
  const clienteId = client.body.data.id;
  property = await insertProperty(h.fresh.db, owner.orgId, { titulo: "Casa no Cambuí", cidade: "Campinas", bairro: "Cambuí" });
  // A search it matches (Paula's), one naming it, and one naming it that is closed (not listed).
  await interest({ clienteId, finalidade: "venda", locais: "Cambuí, Campinas - SP", corretorId: paula.userId });
  await interest({ clienteId, imovelId: property, corretorId: ownerId });
  const closed = await interest({ clienteId, imovelId: property, corretorId: ownerId });
  await h.fresh.db.update(propertyInterests).set({ etapa: "fechado" }).where(eq(propertyInterests.id, closed));
});

describe("the property header's interest count", () => {
  it("is the number of rows the Interesses tab lists", async () => {
    const actor = actorFor(owner.orgId, ownerId);
    const ctx = h.ctx("10.7.0.1");
    const [direct, matches] = await ctx.db.batch([...propertyInterestStatements(ctx.db, actor, property)]);
    expect(direct).toHaveLength(1);
    expect(matches).toHaveLength(1);
    expect(propertyInterestCount(direct, matches)).toBe(2);
    expect((await propertyHeader(ctx, actor, property))?.interesses).toBe(2);
  });

  it("counts only a restricted corretor's own interests, as the tab lists them", async () => {
    // "Corretores veem só os próprios" on (sessions read it into the actor).
    const actor = { ...actorFor(owner.orgId, paula.userId, "professional"), ownOnly: true };
    const ctx = h.ctx("10.7.0.3");
    const [direct, matches] = await ctx.db.batch([...propertyInterestStatements(ctx.db, actor, property)]);
    // Her match is listed; the interests naming the property are the owner's, not hers.
    expect(direct).toHaveLength(0);
    expect(matches).toHaveLength(1);
    // The property is not hers either: she does not reach its page.
    expect(await propertyHeader(ctx, actor, property)).toBeNull();
  });
});
