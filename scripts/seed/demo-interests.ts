import { asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import { matchAlerts, properties, propertyInterests, propertyVisits } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import {
  INTEREST_ORIGINS,
  INTEREST_STAGES,
  INTEREST_TEMPERATURES,
  type InterestStage,
  type PropertyFeature,
  type Role,
} from "../../shared/enums.ts";
import { localInstant } from "../../shared/format.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";
import { raiseAlertsSql } from "../../worker/services/real-estate/matching.ts";
import { createRng, hashSeed, type Rng } from "./demo-random.ts";

/**
 * The demo's Interesses em Imóveis: 40 clients' interests spread over every etapa and
 * temperatura (each pair at least twice), a few on one specific imóvel, most search profiles cut
 * from the demo's own listings (their bairro or city, type, a ceiling around the price, a
 * bedroom minimum, features they have) so they really match; two far from anything on offer.
 * Then visits (done in the past, scheduled ahead) and the new-match alerts the app would have
 * raised, the older ones seen. Deterministic (seeded); interests go through the registry's
 * write path (schema, derived columns, places trigger).
 */

const DAY = 86_400_000;
const COUNT = 40;

const LOST_REASONS = [
  "Comprou com outra imobiliária.",
  "Desistiu da mudança por enquanto.",
  "Não conseguiu aprovar o financiamento.",
  "Achou os valores acima do orçamento.",
];

const NOTES = [
  "Prefere andar alto e sol da manhã.",
  "Tem um cachorro de porte médio.",
  "Quer escola a pé para os filhos.",
  "Vende o imóvel atual para comprar este.",
  "Trabalha perto da Faria Lima; quer metrô perto.",
  "",
];

/** A live, listed property as the profiles are cut from it. */
interface Listed {
  id: string;
  finalidade: string;
  tipo: string;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  preco: number | null;
  quartos: number | null;
  caracteristicas: string[];
}

/** A search profile around `p`: same purpose, type and place, a ceiling near its price, minimums it meets. */
function profileOf(rng: Rng, p: Listed): Record<string, unknown> {
  const price = p.preco ?? 0;
  // Mostly inside the range; one in five a little under the price (inside the 10% band: "acima do teto").
  const ceiling = Math.round((price * (rng.chance(0.2) ? 0.95 : 1.05 + rng.next() * 0.25)) / 1_000_000) * 1_000_000;
  const wholeCity = p.cidade !== "São Paulo" || rng.chance(0.25);
  const features = rng.shuffle(p.caracteristicas).slice(0, rng.int(0, 2)) as PropertyFeature[];
  return {
    finalidade: p.finalidade === "locacao" ? "locacao" : p.finalidade === "venda_locacao" && rng.chance(0.5) ? "locacao" : "venda",
    tipos: rng.chance(0.7) ? [p.tipo] : [],
    locais: [wholeCity ? { cidade: p.cidade, uf: p.uf } : { bairro: p.bairro, cidade: p.cidade, uf: p.uf }],
    precoMaxCentavos: p.finalidade === "venda_locacao" ? undefined : ceiling > 0 ? ceiling : undefined,
    quartosMin: p.quartos ? Math.max(1, p.quartos - rng.int(0, 1)) : undefined,
    caracteristicas: features,
  };
}

/** The day `days` from `now` in São Paulo, `aaaa-mm-dd`. */
function spDay(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY - 3 * 3_600_000).toISOString().slice(0, 10);
}

export async function seedDemoInterests(
  db: Database,
  orgId: string,
  people: { id: string; email: string; role: Role }[],
  refs: { clientIds: string[]; propertyIds: string[] },
  now: Date,
): Promise<void> {
  const scope = orgScope(db, orgId);
  const mod = moduleOf("interesses");
  const rng = createRng(hashSeed("demo-interesses"));
  const brokers = people.filter((p) => p.role !== "staff");
  const team = brokers.length ? brokers : people;
  const by = team[0]?.id ?? null;
  // The listings as they are now (status, price): in `refs` order, so the same profiles every run.
  const found = refs.propertyIds.length
    ? await db
        .select({
          id: properties.id,
          finalidade: properties.finalidade,
          tipo: properties.tipo,
          bairro: properties.bairro,
          cidade: properties.cidade,
          uf: properties.uf,
          preco: properties.precoCentavos,
          quartos: properties.quartos,
          caracteristicas: properties.caracteristicas,
          status: properties.status,
        })
        .from(properties)
        .where(scope.where(properties, inArray(properties.id, refs.propertyIds), isNull(properties.excluidoEm)))
        .orderBy(asc(properties.codigo))
    : [];
  const order = new Map(refs.propertyIds.map((id, i) => [id, i]));
  const available: Listed[] = found
    .filter((p) => p.status === "disponivel")
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)) as Listed[];

  const rows: Record<string, unknown>[] = [];
  const stages: InterestStage[] = [];
  for (let i = 0; i < COUNT; i++) {
    const etapa = INTEREST_STAGES[i % INTEREST_STAGES.length] as InterestStage;
    const temperatura = INTEREST_TEMPERATURES[Math.floor(i / INTEREST_STAGES.length) % INTEREST_TEMPERATURES.length];
    const base = available.length ? (available[(i * 7) % available.length] as Listed) : null;
    // Every seventh on one specific imóvel; two profiles far from anything on offer; the rest cut from a listing.
    const shape =
      base && i % 7 === 3
        ? { imovelId: base.id, finalidade: base.finalidade === "locacao" ? "locacao" : "venda" }
        : !base || i === 11 || i === 29
          ? { finalidade: "venda", tipos: ["casa"], locais: [{ cidade: "Santos", uf: "SP" }], precoMaxCentavos: 90_000_000, quartosMin: 3 }
          : profileOf(rng, base);
    const created = new Date(now.getTime() - (90 - i * 2) * DAY - rng.int(0, 8) * 3_600_000);
    const input = {
      clienteId: refs.clientIds[(i * 5) % Math.max(1, refs.clientIds.length)],
      ...shape,
      temperatura,
      etapa,
      motivoPerda: etapa === "perdido" ? LOST_REASONS[i % LOST_REASONS.length] : undefined,
      corretorId: team[i % team.length]?.id,
      proximaAcaoEm: etapa === "fechado" || etapa === "perdido" ? undefined : spDay(now, rng.int(-2, 10)),
      origem: INTEREST_ORIGINS[i % INTEREST_ORIGINS.length],
      observacoes: rng.pick(NOTES) || undefined,
    };
    rows.push(insertValues(mod, scope, mod.definition.schema.parse(input) as Record<string, unknown>, by, created));
    stages.push(etapa);
  }

  const open = (k: number) => stages[k] !== "fechado" && stages[k] !== "perdido";
  // One row per statement: the places and kanban-position triggers read the rows before it.
  const statements: BatchItem<"sqlite">[] = rows.map((values) => db.insert(propertyInterests).values(values as never));

  // Visits: each interest past "contato" visited (or will visit) the listing it was cut from.
  rows.forEach((r, k) => {
    const base = available.length ? (available[(k * 7) % available.length] as Listed) : null;
    const stage = stages[k] as InterestStage;
    if (!base || !["visita_agendada", "proposta", "fechado", "perdido"].includes(stage)) return;
    const ahead = stage === "visita_agendada";
    const day = spDay(now, ahead ? 1 + (k % 6) : -(3 + (k % 20)));
    const hour = 9 + (k % 9);
    const at = (m: number) => localInstant(day, `${String(hour).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    statements.push(
      db.insert(propertyVisits).values(
        scope.values({
          id: crypto.randomUUID(),
          clienteId: r.clienteId as string,
          imovelId: base.id,
          interesseId: r.id as string,
          corretorId: (r.corretorId as string | null) ?? by,
          inicio: at(0),
          fim: at(45),
          resultado: ahead ? "agendada" : stage === "perdido" && k % 2 ? "nao_compareceu" : "realizada",
          observacoes: ahead ? "Confirmar com o cliente na véspera." : stage === "proposta" ? "Gostou muito; vai fazer proposta." : null,
          criadoEm: new Date(now.getTime() - 5 * DAY),
          criadoPor: by,
        }) as never,
      ),
    );
  });

  // The alerts the create hook raises (up to 3 per open profile), then the older half seen.
  rows.forEach((r, k) => {
    if (open(k) && !r.imovelId) statements.push(db.run(raiseAlertsSql(orgId, { interestId: r.id as string }, now, 3)));
  });
  const seen = rows.filter((_, k) => k % 2 === 0).map((r) => r.id as string);
  statements.push(
    db
      .update(matchAlerts)
      .set({ vistoEm: now })
      .where(scope.where(matchAlerts, inArray(matchAlerts.interestId, seen), sql`${matchAlerts.vistoEm} is null`)),
  );
  // Creation dates spread over the last days, best matches newest (the dashboard lists newest first).
  statements.push(
    db
      .update(matchAlerts)
      .set({ criadoEm: sql`${now.getTime()} - (100 - ${matchAlerts.pontuacao}) * ${2 * 3_600_000}` })
      .where(scope.where(matchAlerts, eq(matchAlerts.motivo, "novo_interesse"))),
  );
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
