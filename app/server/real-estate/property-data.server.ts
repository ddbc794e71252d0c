import { formatRent } from "../../../shared/real-estate/listing-price.ts";
import { photoSrcSet, photoUrl } from "../../../shared/real-estate/photo-url.ts";
import { FEATURE_FIELD_PREFIX, FEATURE_GROUPS, type ImovelRow, imovelDefinition } from "../../../shared/resources/imoveis.ts";
import { buildDetailView } from "../../components/data/view.server.ts";
import type { DetailValue, DetailView } from "../../components/data/types.ts";

/**
 * The property's "Dados" tab as a corretor reads it: only what is true or filled. The features
 * come from the one list the form writes and matching reads (`caracteristicas`), grouped, never
 * as one "Não" row per feature of every kind; a yes/no fact that is "no" is left out.
 */

/** The form's fields without its feature checkboxes (the row keeps them as one list). */
const DETAIL_FIELDS = imovelDefinition.fields.filter((f) => !f.name.startsWith(FEATURE_FIELD_PREFIX));
const DETAIL_DEFINITION = { ...imovelDefinition, fields: DETAIL_FIELDS };
const CHECKBOXES = DETAIL_FIELDS.filter((f) => f.kind === "checkbox").map((f) => f.name);

export interface FeatureGroupView {
  /** "Residencial", "Comercial", "Rural". */
  title: string;
  features: string[];
}

export interface CoverView {
  src: string;
  srcSet: string;
  alt: string;
}

/** The ticked features by group, in the form's order; groups with none are left out. */
export function featureGroupsOf(features: readonly string[]): FeatureGroupView[] {
  const ticked = new Set(features);
  return FEATURE_GROUPS.map((g) => ({
    title: g.title.replace(/^Características — /, "").replace(/^./, (c) => c.toUpperCase()),
    features: g.features.filter((f) => ticked.has(f.value)).map((f) => f.label),
  })).filter((g) => g.features.length > 0);
}

export function propertyDataView(property: ImovelRow, relations: Partial<Record<string, DetailValue>>, zone: string) {
  const record = property as unknown as Record<string, unknown>;
  const overrides: Partial<Record<string, DetailValue>> = { ...relations };
  // A "no" is not a fact worth a row: only the yes/no fields that are yes are shown.
  for (const name of CHECKBOXES) if (record[name] !== true) overrides[name] = { kind: "empty" };
  if (property.valorLocacaoCentavos)
    overrides.valorLocacaoCentavos = { kind: "text", text: formatRent(property.valorLocacaoCentavos), numeric: true };
  const full = buildDetailView(DETAIL_DEFINITION, property, overrides, zone);
  const view: DetailView = {
    ...full,
    sections: full.sections.filter((s) => s.items.some((i) => i.value.kind !== "empty")),
  };
  const title = property.titulo ?? `Imóvel ${property.codigo}`;
  const cover: CoverView | null = property.capaChave
    ? { src: photoUrl(property.capaChave, 640), srcSet: photoSrcSet(property.capaChave), alt: `Foto de capa: ${title}` }
    : null;
  return { view, featureGroups: featureGroupsOf(property.caracteristicas), cover };
}
