import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { properties, propertyStatusHistory } from "../../db/schema/index.ts";
import { demoPropertyInputs, seedDemoProperties } from "../../scripts/seed/demo-properties.ts";
import { PROPERTY_PURPOSES, PROPERTY_TYPES } from "../../shared/enums.ts";
import { listingChecklist } from "../../shared/resources/imoveis.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";

/** The demo's imóveis over a fresh database: counts, spread, history, publishability, determinism. */

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

async function seeded(name: string) {
  const owner = await createOwner(h, name);
  const id = (await userId(h, owner.email)) as string;
  const people = [{ id, email: owner.email, role: "owner" as const }];
  const result = await seedDemoProperties(
    h.fresh.db,
    owner.orgId,
    people,
    { clientIds: [], companyIds: [] },
    new Date("2026-03-10T12:00:00Z"),
  );
  const rows = await h.fresh.db.select().from(properties).where(eq(properties.orgId, owner.orgId));
  return { orgId: owner.orgId, result, rows };
}

describe("seedDemoProperties", () => {
  it("writes 30 listings of every kind and finalidade, publishable but for photos, and 3 drafts at different stages", async () => {
    const { orgId, result, rows } = await seeded("Imóveis Demo");
    expect(result.propertyIds).toHaveLength(30);
    expect(result.draftIds).toHaveLength(3);
    const listed = rows.filter((r) => result.propertyIds.includes(r.id));
    expect(new Set(listed.map((r) => r.tipo))).toEqual(new Set(PROPERTY_TYPES));
    expect(new Set(listed.map((r) => r.finalidade))).toEqual(new Set(PROPERTY_PURPOSES));
    const count = (s: string) => listed.filter((r) => r.status === s).length;
    expect(count("disponivel")).toBeGreaterThanOrEqual(20);
    for (const s of ["reservado", "vendido", "alugado", "inativo"]) expect(count(s), s).toBeGreaterThan(0);
    // Marked for the portals only once their photos exist (the readiness rules), by the demo.
    expect(result.portalIds.length).toBeGreaterThan(10);
    expect(listed.filter((r) => r.portal)).toEqual([]);
    expect(listed.filter((r) => r.destaque).length).toBeGreaterThan(2);
    for (const r of listed) {
      // Everything a listing needs except the photos (seeded by seedDemoPhotos), and text the portals accept.
      expect(
        listingChecklist(r as never, null).filter((i) => !i.done),
        r.titulo ?? r.id,
      ).toEqual([]);
      expect(r.titulo?.length).toBeGreaterThanOrEqual(10);
      expect(r.descricao?.length).toBeGreaterThanOrEqual(50);
      expect(r.codigo).toMatch(/^[A-Z]{2}\d{4}$/);
      expect(r.publicadoEm).not.toBeNull();
    }
    // Sale prices per m² that fit São Paulo (rural land aside).
    for (const r of listed.filter((x) => x.valorVendaCentavos && x.areaUtil && x.cidade === "São Paulo")) {
      const m2 = (r.valorVendaCentavos as number) / 100 / (r.areaUtil as number);
      expect(m2).toBeGreaterThan(6_000);
      expect(m2).toBeLessThan(18_000);
    }
    // Each status change has its history row with the reason.
    const changes = await h.fresh.db
      .select()
      .from(propertyStatusHistory)
      .where(
        and(
          eq(propertyStatusHistory.orgId, orgId),
          ne(propertyStatusHistory.para, "disponivel"),
          ne(propertyStatusHistory.para, "rascunho"),
        ),
      );
    expect(changes).toHaveLength(listed.filter((r) => r.status !== "disponivel").length);
    for (const c of changes) {
      expect(c.de).toBe("disponivel");
      expect(c.motivo).toBeTruthy();
    }

    const drafts = rows.filter((r) => result.draftIds.includes(r.id));
    expect(drafts.every((d) => d.status === "rascunho")).toBe(true);
    const missing = drafts.map((d) => listingChecklist(d as never, null).filter((i) => !i.done).length).sort();
    expect(new Set(missing).size).toBe(3);
    expect(missing[0]).toBe(0);
  });

  it("is deterministic: the same listings every run", async () => {
    const people = [{ id: "u1" }, { id: "u2" }];
    expect(demoPropertyInputs(people, { clientIds: [], companyIds: [] })).toEqual(
      demoPropertyInputs(people, { clientIds: [], companyIds: [] }),
    );
    const a = await seeded("Demo A");
    const b = await seeded("Demo B");
    const facts = (rows: typeof a.rows) =>
      rows.map((r) => [r.codigo, r.titulo, r.valorVendaCentavos, r.valorLocacaoCentavos, r.areaUtil, r.status, r.bairro]).sort();
    expect(facts(a.rows)).toEqual(facts(b.rows));
  });
});
