import { formatPlace, placeKey } from "../../../shared/real-estate/places.ts";
import type { FilterOption } from "../../../shared/resources/types.ts";
import type { Actor, ServiceContext } from "../../../worker/services/context.ts";
import { knownPlaces } from "../../../worker/services/real-estate/known-places.ts";

/** What the screens offer to pick places from: the places of the organização's imóveis. */

/**
 * The places an interest's form offers: each bairro of the organização's imóveis, then each of
 * their cities as a whole ("Campinas - SP"), as the places field writes them.
 */
export async function placeChoices(ctx: ServiceContext, actor: Actor): Promise<FilterOption[]> {
  const known = await knownPlaces(ctx, actor);
  const bairros = known
    .filter((p) => p.bairro)
    .map((p) => formatPlace({ bairro: p.bairro ?? undefined, cidade: p.cidade, uf: p.uf ?? undefined }));
  const cities = [...new Set(known.map((p) => formatPlace({ cidade: p.cidade, uf: p.uf ?? undefined })))];
  return [...bairros, ...cities].map((text) => ({ value: text, label: text }));
}

/** The Imóveis list's Bairro filter: the organização's bairros, each once (spelling as first written). */
export async function bairroChoices(ctx: ServiceContext, actor: Actor): Promise<FilterOption[]> {
  const seen = new Set<string>();
  const out: FilterOption[] = [];
  for (const { bairro } of await knownPlaces(ctx, actor)) {
    const key = placeKey(bairro);
    if (!bairro || !key || seen.has(key)) continue;
    seen.add(key);
    out.push({ value: bairro, label: bairro });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label, "pt-BR"));
}
