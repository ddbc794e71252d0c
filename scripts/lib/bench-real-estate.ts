import type { BatchItem } from "drizzle-orm/batch";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { clients, properties, propertyInterests } from "../../db/schema/index.ts";
import { createRng, hashSeed, type Rng } from "../seed/demo-random.ts";
import { orgScope } from "../../db/tenant.ts";
import { INTEREST_STAGES, INTEREST_TEMPERATURES, PROPERTY_FEATURES, PROPERTY_TYPES, type PropertyType } from "../../shared/enums.ts";
import { bitMask } from "../../shared/resources/interesses.ts";
import { placeKey } from "../../shared/real-estate/places.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";

/**
 * Real estate at the benchmark's size (issue 12: 20,000 imóveis, 50,000 interesses) for one
 * organização, with realistic spreads: São Paulo weighs most, prices follow each city's price
 * per m², 80% of the listings available, interests over one to three bairros (some a whole city,
 * a few anywhere), 30% to rent, every etapa. Deterministic. Properties go in before interests so
 * the alert triggers find nobody to alert while seeding. Used by scripts/bench.ts and
 * tests/api/real-estate/matching-scale.test.ts.
 */

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

function propertyRow(rng: Rng, orgId: string, i: number, tag: string) {
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
    bairroChave: placeKey(bairro),
    cidadeChave: placeKey(city.cidade),
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

export interface RealEstateSeed {
  propertyIds: string[];
  interestIds: string[];
  /** An available property for sale in Pinheiros (São Paulo's most wanted): the one to measure a property's matches on. */
  busyPropertyId: string | undefined;
}

/** Seeds `clients`, `properties` and `interests` rows in `orgId`; `tag` keeps ids and slugs apart between calls. */
export async function seedRealEstate(
  db: Database,
  orgId: string,
  volume: { clients: number; properties: number; interests: number },
  tag = "b",
  /** Existing clients to give the interests to (none: `volume.clients` new ones are created). */
  existingClientIds: readonly string[] = [],
): Promise<RealEstateSeed> {
  const { clients: clientCount, properties: propertyCount, interests: interestCount } = volume;
  const scope = orgScope(db, orgId);
  const rng = createRng(hashSeed(`match-scale-${propertyCount}`));
  const clientMod = moduleOf("clients");
  const interestMod = moduleOf("interesses");
  const clientRows = Array.from({ length: existingClientIds.length ? 0 : clientCount }, (_, i) =>
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
  const clientIds = existingClientIds.length ? existingClientIds : clientRows.map((r) => r.id as string);
  // Properties before interests: the alert triggers find nobody to alert while seeding.
  const propertyRows = Array.from({ length: propertyCount }, (_, i) => propertyRow(rng, orgId, i, `${tag}${propertyCount}-`));
  for (const part of chunks(chunks(propertyRows, 300), 10))
    await db.batch(part.map((rows) => db.insert(properties).values(rows as never)) as unknown as [BatchItem<"sqlite">]);
  const interestRows = Array.from({ length: interestCount }, (_, i) =>
    insertValues(
      interestMod,
      scope,
      interestMod.definition.schema.parse(interestInput(rng, clientIds[i % clientIds.length] as string, i)) as Record<string, unknown>,
      null,
      new Date(1_700_000_000_000 + i * 1000),
    ),
  );
  for (const part of chunks(chunks(interestRows, 200), 10))
    await db.batch(part.map((rows) => db.insert(propertyInterests).values(rows as never)) as unknown as [BatchItem<"sqlite">]);
  await db.run(sql`ANALYZE`);
  const busy = propertyRows.find(
    (p) => p.status === "disponivel" && p.cidade === "São Paulo" && p.bairro === "Pinheiros" && p.finalidade === "venda",
  );
  return { propertyIds: propertyRows.map((p) => p.id), interestIds: interestRows.map((r) => r.id as string), busyPropertyId: busy?.id };
}
