import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../../db/schema/index.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { portalOverview } from "../../../worker/services/real-estate/portal-overview.ts";
import { propertyPortal, setPropertyPortal } from "../../../worker/services/real-estate/property-portal.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { insertProperties, readyRow } from "./portal-fixtures.ts";
import { actorFor } from "../records.ts";

/** The property's Portal tab: the VRSync checklist with where to fix each item, and the refusing switch. */

let h: Harness;
let actor: ReturnType<typeof actorFor>;
let otherActor: ReturnType<typeof actorFor>;

beforeAll(async () => {
  h = await createHarness();
  const owner = await createOwner(h, "Portal Tab");
  const other = await createOwner(h, "Outra Tab");
  actor = actorFor(owner.orgId, (await userId(h, owner.email)) as string);
  otherActor = actorFor(other.orgId, (await userId(h, other.email)) as string);
});

async function portalOf(id: string): Promise<boolean | undefined> {
  const [row] = await h.fresh.db.select({ portal: properties.portal }).from(properties).where(eq(properties.id, id));
  return row?.portal;
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("Portal tab", () => {
  it("warns when the description names the street or number the listing hides, without blocking the feed", async () => {
    const descricao = "Apartamento claro na Av. Paulista, 1000, com três quartos, sala ampla e varanda com vista.";
    const hidden = readyRow(actor.orgId, { descricao, enderecoPublico: "bairro" });
    const shown = readyRow(actor.orgId, { descricao, enderecoPublico: "completo" });
    await insertProperties(h.fresh.db, [hidden, shown]);
    const view = await propertyPortal(h.ctx(), actor, hidden.id as string);
    expect(view?.warnings).toEqual([
      "A descrição cita a rua (Avenida Paulista), mas o anúncio mostra só o bairro: tire a rua da descrição.",
      "A descrição cita o número (1000), mas o anúncio mostra só o bairro: tire o número da descrição.",
    ]);
    expect(view?.checklist).toEqual([]);
    expect((await propertyPortal(h.ctx(), actor, shown.id as string))?.warnings).toEqual([]);
  });

  it("lists the unmet rules with the field that fixes each, photos pointing at the Fotos tab", async () => {
    const row = readyRow(actor.orgId, { portal: false, titulo: "Curto", cep: null, fotos: 0, capaChave: null });
    await insertProperties(h.fresh.db, [row]);
    const view = await propertyPortal(h.ctx(), actor, row.id as string);
    expect(view?.portal).toBe(false);
    expect(view?.checklist).toEqual([
      { text: "Título com 10 a 100 caracteres", field: "titulo" },
      { text: "Pelo menos uma foto", field: "fotos" },
      { text: "CEP", field: "cep" },
    ]);
  });

  it("refuses to turn on while not ready (409, every rule named, nothing changed), then accepts once ready", async () => {
    const row = readyRow(actor.orgId, { portal: false, descricao: "Curta." });
    await insertProperties(h.fresh.db, [row]);
    const id = row.id as string;
    const error = await refusal(setPropertyPortal(h.ctx(), actor, id, true));
    expect(error.status).toBe(409);
    expect(error.message).toBe("Ainda falta para enviar aos portais: Descrição com pelo menos 50 caracteres.");
    expect(await portalOf(id)).toBe(false);

    await h.fresh.db
      .update(properties)
      .set({ descricao: "Apartamento amplo e claro, com varanda, dois quartos e vaga coberta, perto do metrô." })
      .where(eq(properties.id, id));
    await setPropertyPortal(h.ctx(), actor, id, true);
    expect(await portalOf(id)).toBe(true);
    expect((await propertyPortal(h.ctx(), actor, id))?.checklist).toEqual([]);
  });

  it("turning off is always allowed, even when the property is no longer ready", async () => {
    const row = readyRow(actor.orgId, { portal: true, titulo: "Curto" });
    await insertProperties(h.fresh.db, [row]);
    await setPropertyPortal(h.ctx(), actor, row.id as string, false);
    expect(await portalOf(row.id as string)).toBe(false);
  });

  it("another organização's property does not exist (read and write), and a malformed id is a 404", async () => {
    const row = readyRow(actor.orgId, { portal: false });
    await insertProperties(h.fresh.db, [row]);
    expect(await propertyPortal(h.ctx(), otherActor, row.id as string)).toBeNull();
    expect((await refusal(setPropertyPortal(h.ctx(), otherActor, row.id as string, true))).status).toBe(404);
    expect(await portalOf(row.id as string)).toBe(false);
    expect(await propertyPortal(h.ctx(), actor, "x'; drop table properties; --")).toBeNull();
  });

  it("a professional (corretor) may switch it; the permission table decides (BROKER_RECORD)", async () => {
    const row = readyRow(actor.orgId, { portal: false });
    await insertProperties(h.fresh.db, [row]);
    await setPropertyPortal(h.ctx(), { ...actor, role: "professional" }, row.id as string, true);
    expect(await portalOf(row.id as string)).toBe(true);
  });
});

describe("Portais screen counts", () => {
  it("counts what the feed sends and lists what it skips (marked, available, not ready); managers only", async () => {
    const owner = await createOwner(h, "Contagem");
    const manager = actorFor(owner.orgId, (await userId(h, owner.email)) as string);
    const o = owner.orgId;
    const skipped = [readyRow(o, { titulo: "Curto" }), readyRow(o, { fotos: 0, capaChave: null })];
    await insertProperties(h.fresh.db, [
      readyRow(o),
      readyRow(o),
      readyRow(o),
      ...skipped,
      readyRow(o, { portal: false }),
      readyRow(o, { status: "vendido" }),
      readyRow(actor.orgId),
    ]);
    const overview = await portalOverview(h.ctx(), manager);
    expect(overview.inFeed).toBe(3);
    expect(overview.notReady).toBe(2);
    expect(overview.truncated).toBe(false);
    expect(overview.notReadyList.map((p) => p.id).sort()).toEqual(skipped.map((p) => p.id).sort());
    expect((await refusal(portalOverview(h.ctx(), { ...manager, role: "staff" }))).status).toBe(403);
  });
});
