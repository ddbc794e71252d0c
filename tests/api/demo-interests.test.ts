import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { matchAlerts, propertyInterests, propertyVisits } from "../../db/schema/index.ts";
import { seedDemoInterests } from "../../scripts/seed/demo-interests.ts";
import { seedDemoProperties } from "../../scripts/seed/demo-properties.ts";
import { INTEREST_STAGES, INTEREST_TEMPERATURES } from "../../shared/enums.ts";
import { propertiesForInterestSql } from "../../worker/services/real-estate/match-sql.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";
import { api } from "./records.ts";

/** The demo's interests over a fresh database: spread, real matches, visits, alerts, determinism. */

let h: Harness;
const NOW = new Date("2026-03-10T12:00:00Z");

beforeAll(async () => {
  h = await createHarness();
});

async function seeded(name: string) {
  const owner = await createOwner(h, name);
  const id = (await userId(h, owner.email)) as string;
  const people = [{ id, email: owner.email, role: "owner" as const }];
  const clientIds: string[] = [];
  for (let i = 0; i < 8; i++) {
    const res = await api<{ data: { id: string } }>(h, owner.cookie, "POST", "/api/clients", {
      tipo: "pf",
      nome: `Cliente Demo ${i}`,
      email: `cliente${i}@exemplo.com.br`,
    });
    clientIds.push(res.body.data.id);
  }
  const { propertyIds } = await seedDemoProperties(h.fresh.db, owner.orgId, people, { clientIds, companyIds: [] }, NOW);
  await seedDemoInterests(h.fresh.db, owner.orgId, people, { clientIds, propertyIds }, NOW);
  const rows = await h.fresh.db
    .select()
    .from(propertyInterests)
    .where(eq(propertyInterests.orgId, owner.orgId))
    .orderBy(asc(propertyInterests.criadoEm));
  return { orgId: owner.orgId, rows, propertyIds };
}

describe("seedDemoInterests", () => {
  let first: Awaited<ReturnType<typeof seeded>>;
  beforeAll(async () => {
    first = await seeded("Interesses Demo");
  });

  it("writes 40 interests in every etapa × temperatura, some on a specific imóvel, lost ones with their reason", () => {
    const { rows } = first;
    expect(rows).toHaveLength(40);
    const pairs = new Set(rows.map((r) => `${r.etapa}/${r.temperatura}`));
    for (const s of INTEREST_STAGES) for (const t of INTEREST_TEMPERATURES) expect(pairs.has(`${s}/${t}`), `${s}/${t}`).toBe(true);
    expect(rows.filter((r) => r.imovelId).length).toBeGreaterThanOrEqual(4);
    for (const r of rows.filter((x) => x.etapa === "perdido")) expect(r.motivoPerda).toBeTruthy();
  });

  it("most search profiles really match demo properties", async () => {
    const profiles = first.rows.filter((r) => !r.imovelId);
    let matching = 0;
    for (const r of profiles) {
      const found = await h.fresh.db.all(propertiesForInterestSql(first.orgId, r.id, 5));
      if (found.length) matching++;
    }
    expect(matching).toBeGreaterThanOrEqual(Math.ceil(profiles.length * 0.8));
    expect(matching).toBeLessThan(profiles.length);
  });

  it("has past realized visits, future scheduled ones, and alerts both seen and new", async () => {
    const visits = await h.fresh.db.select().from(propertyVisits).where(eq(propertyVisits.orgId, first.orgId));
    expect(visits.some((v) => v.resultado === "realizada" && v.inicio < NOW)).toBe(true);
    expect(visits.some((v) => v.resultado === "agendada" && v.inicio > NOW)).toBe(true);
    const alerts = await h.fresh.db.select().from(matchAlerts).where(eq(matchAlerts.orgId, first.orgId));
    expect(alerts.some((a) => a.vistoEm === null)).toBe(true);
    expect(alerts.some((a) => a.vistoEm !== null)).toBe(true);
  });

  it("is deterministic", async () => {
    const again = await seeded("Interesses Demo 2");
    const shape = (rows: typeof first.rows) =>
      rows.map((r) => [r.etapa, r.temperatura, r.finalidade, r.precoMaxCentavos, r.quartosMin, r.tipos, r.locais.length, !!r.imovelId]);
    expect(shape(again.rows)).toEqual(shape(first.rows));
  });
});
