import { PROPERTY_FEATURE, PROPERTY_FEATURES, PROPERTY_TYPE, PROPERTY_TYPES } from "../enums/real-estate.ts";
import { formatNumber } from "../format.ts";

/**
 * The pt-BR reasons of a match ("3 quartos ✓", "bairro ✓", "R$ 20 mil acima do teto"), written
 * from the columns the matching query returns. Client-safe and pure (unit tested).
 */

/** The columns a match row carries (see worker/services/real-estate/match-sql.ts). */
export interface MatchColumns {
  score: number;
  price: number | null;
  purpose: string | null;
  typesMask: number;
  minPrice: number | null;
  maxPrice: number | null;
  minBedrooms: number | null;
  minSuites: number | null;
  minParking: number | null;
  /** Hundredths of m², as stored. */
  minArea: number | null;
  wantedFeatures: number;
  features: number;
  type: string | null;
  bedrooms: number | null;
  suites: number | null;
  parking: number | null;
  area: number | null;
  district: string | null;
  city: string | null;
  /** 1 when a bairro of the interest matched, 0 when only the whole city, null when the interest has no places. */
  byDistrict: number | null;
  anywhere: number;
}

/** Money compactly in pt-BR: "R$ 850", "R$ 20 mil", "R$ 1,2 mi". */
export function formatCompactBRL(centavos: number): string {
  const reais = Math.round(centavos / 100);
  const abs = Math.abs(reais);
  if (abs >= 1_000_000) return `R$ ${formatNumber(reais / 1_000_000, { maximumFractionDigits: 1 })} mi`;
  if (abs >= 1_000) return `R$ ${formatNumber(Math.round(reais / 1_000))} mil`;
  return `R$ ${formatNumber(reais)}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The reasons, in the order a broker reads them: place, kind, price, rooms, area, features. */
export function matchReasons(m: MatchColumns): string[] {
  const out: string[] = [];
  if (m.byDistrict === 1) out.push("bairro ✓");
  else if (m.byDistrict === 0) out.push("cidade ✓");
  if (m.typesMask && m.type) out.push(`${PROPERTY_TYPE.label(m.type)} ✓`);
  if (m.price !== null && m.maxPrice !== null && m.price > m.maxPrice) out.push(`${formatCompactBRL(m.price - m.maxPrice)} acima do teto`);
  else if (m.price !== null && (m.maxPrice !== null || m.minPrice !== null)) out.push("preço ✓");
  if (m.minBedrooms) out.push(`${plural(m.bedrooms ?? 0, "quarto", "quartos")} ✓`);
  if (m.minSuites) out.push(`${plural(m.suites ?? 0, "suíte", "suítes")} ✓`);
  if (m.minParking) out.push(`${plural(m.parking ?? 0, "vaga", "vagas")} ✓`);
  if (m.minArea) out.push(`${formatNumber((m.area ?? 0) / 100, { maximumFractionDigits: 2 })} m² ✓`);
  PROPERTY_FEATURES.forEach((feature, i) => {
    const bit = 2 ** i;
    if (Math.floor(m.wantedFeatures / bit) % 2 !== 1) return;
    const label = PROPERTY_FEATURE.label(feature);
    out.push(Math.floor(m.features / bit) % 2 === 1 ? `${label} ✓` : `sem ${label.toLowerCase()}`);
  });
  return out;
}

/** The bit of one kind (for code that builds property rows). */
export function typeBit(type: string | null | undefined): number {
  const i = type ? PROPERTY_TYPES.indexOf(type as (typeof PROPERTY_TYPES)[number]) : -1;
  return i < 0 ? 0 : 2 ** i;
}

/** Why a match was raised, as the dashboard says it. */
export const MATCH_REASON_LABELS: Record<string, string> = {
  novo_imovel: "imóvel novo",
  baixa_preco: "baixou o preço",
  novo_interesse: "interesse novo",
};
