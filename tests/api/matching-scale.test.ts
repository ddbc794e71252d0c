import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { BatchItem } from "drizzle-orm/batch";
import { clients, properties, propertyInterests } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import { INTEREST_STAGES, INTEREST_TEMPERATURES, PROPERTY_FEATURES, PROPERTY_TYPES, type PropertyType } from "../../shared/enums.ts";
import { createRng, hashSeed, type Rng } from "../../db/seed/demo-random.ts";
import { bitMask } from "../../shared/resources/interesses.ts";
import { normalizeText } from "../../shared/search.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";
import { interestsForPropertySql, propertiesForInterestSql } from "../../worker/services/match-sql.ts";
import { createHarness, createOwner, type Harness } from "./harness.ts";

/**
 * Matching runs on its indexes (EXPLAIN QUERY PLAN), and at the benchmark's size — 20,000
 * properties and 50,000 interests in one organização, realistic spreads — each direction stays
 * fast. The big part is opt-in (MATCH_SCALE=1: about a minute to seed); it prints ms per query.
 */

let h: Harness;
let orgId: string;

/** Cities with their bairros and a price level (R$/m²). */
const CITIES: readonly { cidade: string; bairros: string[]; m2: number }[] = [
  {
    cidade: "São Paulo",
    bairros: [
      "Pinheiros",
      "Moema",
      "Vila Mariana",
      "Perdizes",
      "Tatuapé",
      "Santana",
      "Brooklin",
      "Butantã",
      "Mooca",
      "Lapa",
      "Itaim Bibi",
      "Jardins",
      "Ipiranga",
      "Saúde",
      "Campo Belo",
    ],
    m2: 11_000,
  },
  { cidade: "Campinas", bairros: ["Cambuí", "Taquaral", "Barão Geraldo", "Centro", "Guanabara"], m2: 7_000 },
  { cidade: "Santo André", bairros: ["Jardim", "Campestre", "Vila Assunção", "Centro"], m2: 6_500 },
  { cidade: "Guarulhos", bairros: ["Centro", "Vila Augusta", "Macedo", "Gopoúva"], m2: 5_500 },
  { cidade: "Santos", bairros: ["Gonzaga", "Boqueirão", "Ponta da Praia", "Embaré"], m2: 8_500 },
  { cidade: "Sorocaba", bairros: ["Campolim", "Centro", "Jardim Europa"], m2: 5_000 },
];
const HOMES: readonly PropertyType[] = [
  "apartamento",
  "apartamento",
  "apartamento",
  "casa",
  "sobrado",
  "cobertura",
  "kitnet",
  "casa_condominio",
];

function pickPlace(rng: Rng) {
  // São Paulo weighs most, as in a real portfolio.
  const city = rng.weighted(CITIES.map((c, i) => [c, i === 0 ? 6 : 1] as const));
  return { city, bairro: rng.pick(city.bairros) };
}

function propertyRow(rng: Rng, i: number, tag: string) {
  const { city, bairro } = pickPlace(rng);
  const tipo = rng.pick(HOMES);
  const rent = rng.chance(0.3);
  const area = rng.int(30, 250);
  const quartos = Math.max(1, Math.min(5, Math.round(area / 45)));
  const sale = Math.round((city.m2 * area * (0.8 + rng.next() * 0.4)) / 1000) * 1000 * 100;
  const price = rent ? Math.round((sale * 0.0045) / 100) * 100 : sale;
  const features = PROPERTY_FEATURES.filter(() => rng.chance(0.12));
  return {
    id: `${tag}p${i}`,
    orgId,
    codigo: `${tag}B${i}`,
    slug: `${tag}bench-${i}`,
    finalidade: rent ? ("locacao" as const) : rng.chance(0.1) ? ("venda_locacao" as const) : ("venda" as const),
    tipo,
    tipoBit: 2 ** PROPERTY_TYPES.indexOf(tipo),
    titulo: `Imóvel ${i}`,
    ordem: `imovel ${i}`,
    precoCentavos: price,
    valorVendaCentavos: rent ? null : price,
    valorLocacaoCentavos: rent ? price : null,
    quartos,
    suites: rng.int(0, Math.min(2, quartos)),
    vagas: rng.int(0, 3),
    areaUtil: area,
    bairro,
    cidade: city.cidade,
    uf: "SP",
    bairroChave: normalizeText(bairro),
    cidadeChave: normalizeText(city.cidade),
    caracteristicas: features as string[],
    caracteristicasMask: bitMask(features as string[], PROPERTY_FEATURES),
    status: rng.weighted([
      ["disponivel", 80],
      ["reservado", 5],
      ["vendido", 8],
      ["alugado", 4],
      ["rascunho", 3],
    ] as const),
    publicadoEm: new Date(1_700_000_000_000 + i * 60_000),
  };
}

function interestInput(rng: Rng, clientId: string, i: number) {
  const { city } = pickPlace(rng);
  const locacao = rng.chance(0.3);
  const area = rng.int(40, 200);
  const ceiling = Math.round((city.m2 * area * (locacao ? 0.0045 : 1) * (0.9 + rng.next() * 0.4)) / 1000) * 1000 * 100;
  const places = rng.chance(0.15)
    ? [{ cidade: city.cidade, uf: "SP" }]
    : rng
        .shuffle(city.bairros)
        .slice(0, rng.int(1, 3))
        .map((bairro) => ({ bairro, cidade: city.cidade, uf: "SP" }));
  return {
    clienteId: clientId,
    finalidade: locacao ? "locacao" : "venda",
    tipos: rng.chance(0.6) ? [rng.pick(HOMES)] : [],
    locais: rng.chance(0.03) ? [] : places,
    precoMaxCentavos: rng.chance(0.9) ? ceiling : undefined,
    quartosMin: rng.chance(0.7) ? rng.int(1, 4) : undefined,
    vagasMin: rng.chance(0.3) ? rng.int(1, 2) : undefined,
    caracteristicas: PROPERTY_FEATURES.filter(() => rng.chance(0.04)) as string[],
    etapa: INTEREST_STAGES[i % INTEREST_STAGES.length],
    motivoPerda: "Comprou com outra imobiliária.",
    temperatura: INTEREST_TEMPERATURES[i % 3],
  };
}

async function seed(
  propertyCount: number,
  interestCount: number,
  clientCount: number,
): Promise<{ propertyIds: string[]; interestIds: string[] }> {
  const db = h.fresh.db;
  const scope = orgScope(db, orgId);
  const rng = createRng(hashSeed(`match-scale-${propertyCount}`));
  const clientMod = moduleOf("clients");
  const interestMod = moduleOf("interesses");
  const clientRows = Array.from({ length: clientCount }, (_, i) =>
    insertValues(
      clientMod,
      scope,
      clientMod.definition.schema.parse({ tipo: "pf", nome: `Cliente ${i}` }) as Record<string, unknown>,
      null,
      new Date(),
    ),
  );
  const chunks = <T>(list: T[], size: number) =>
    Array.from({ length: Math.ceil(list.length / size) }, (_, k) => list.slice(k * size, k * size + size));
  for (const part of chunks(clientRows, 500)) await db.insert(clients).values(part as never);
  // Properties before interests: the alert triggers find nobody to alert while seeding.
  const propertyRows = Array.from({ length: propertyCount }, (_, i) => propertyRow(rng, i, `s${propertyCount}-`));
  for (const part of chunks(chunks(propertyRows, 300), 10))
    await db.batch(part.map((rows) => db.insert(properties).values(rows as never)) as unknown as [BatchItem<"sqlite">]);
  const interestRows = Array.from({ length: interestCount }, (_, i) =>
    insertValues(
      interestMod,
      scope,
      interestMod.definition.schema.parse(interestInput(rng, clientRows[i % clientRows.length]?.id as string, i)) as Record<
        string,
        unknown
      >,
      null,
      new Date(1_700_000_000_000 + i * 1000),
    ),
  );
  for (const part of chunks(chunks(interestRows, 200), 10))
    await db.batch(part.map((rows) => db.insert(propertyInterests).values(rows as never)) as unknown as [BatchItem<"sqlite">]);
  await db.run(sql`ANALYZE`);
  return { propertyIds: propertyRows.map((p) => p.id), interestIds: interestRows.map((r) => r.id as string) };
}

async function plan(query: ReturnType<typeof sql>): Promise<string[]> {
  const rows = await h.fresh.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`);
  return rows.map((r) => r.detail);
}

/** A full scan of a big table, by name or by the queries' aliases (a SCAN without an index): matching must never do one. */
const fullScan = (detail: string) =>
  /^SCAN (properties|property_interests|clients|property_interest_places|p|i|c|pl)\b(?!.*USING)/.test(detail);

beforeAll(async () => {
  h = await createHarness();
  orgId = (await createOwner(h, "Matching em escala")).orgId;
});

describe("matching: indexes and scale", () => {
  let small: { propertyIds: string[]; interestIds: string[] };
  beforeAll(async () => {
    small = await seed(300, 600, 50);
  });

  it("a property's interests are found by the places' key (its city, bairro, anywhere), then read by id, never a scan", async () => {
    const detail = await plan(interestsForPropertySql(orgId, small.propertyIds[0] as string));
    const text = detail.join("\n");
    expect(
      text.match(
        /SEARCH property_interest_places USING (COVERING )?INDEX sqlite_autoindex_property_interest_places_1 \(org_id=\? AND city_key=\? AND district_key=\?\)/g,
      )?.length,
      text,
    ).toBe(3);
    expect(text).toMatch(/SEARCH i USING INDEX sqlite_autoindex_property_interests_1 \(id=\?\)/);
    expect(detail.filter(fullScan), text).toEqual([]);
  });

  it("an interest's properties come from properties_match_idx per city, never a scan", async () => {
    const detail = await plan(propertiesForInterestSql(orgId, small.interestIds[0] as string));
    expect(detail.join("\n")).toContain("USING INDEX properties_match_idx");
    expect(detail.filter(fullScan), detail.join("\n")).toEqual([]);
  });

  it.runIf(process.env.MATCH_SCALE === "1")(
    "at 20,000 properties and 50,000 interests both directions answer in milliseconds",
    async () => {
      const big = await seed(20_000, 50_000, 5_000);
      const time = async (query: ReturnType<typeof sql>) => {
        const start = performance.now();
        await h.fresh.db.all(query);
        return performance.now() - start;
      };
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
      const rng = createRng(7);
      const byProperty: number[] = [];
      const byInterest: number[] = [];
      for (let k = 0; k < 50; k++) {
        byProperty.push(await time(interestsForPropertySql(orgId, rng.pick(big.propertyIds))));
        byInterest.push(await time(propertiesForInterestSql(orgId, rng.pick(big.interestIds))));
      }
      const report = {
        propertyToInterests: { median: median([...byProperty]), max: Math.max(...byProperty) },
        interestToProperties: { median: median([...byInterest]), max: Math.max(...byInterest) },
      };
      console.log(`[matching em escala] ms por consulta: ${JSON.stringify(report)}`);
      expect(report.propertyToInterests.median).toBeLessThan(50);
      expect(report.interestToProperties.median).toBeLessThan(50);
    },
    600_000,
  );
});
