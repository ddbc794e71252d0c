import type { FilterOption } from "./types.ts";

/**
 * What a "lines" field offers to pick (products and services with their prices), carried in the
 * form's `selectOptions` as plain options: the value is `produto:<id>:<centavos>` or
 * `servico:<id>:<centavos>`, the label the name. Client-safe.
 */

export type LineKind = "produto" | "servico";

export interface CatalogueEntry {
  kind: LineKind;
  id: string;
  name: string;
  priceCentavos: number;
}

export function catalogueOption(entry: CatalogueEntry): FilterOption {
  return { value: `${entry.kind}:${entry.id}:${entry.priceCentavos}`, label: entry.name };
}

/** Who performs services, offered on a service line (`profissional:<id>:<service ids, comma-separated>`). */
export interface CatalogueProfessional {
  id: string;
  name: string;
  serviceIds: readonly string[];
}

export function professionalOption(p: CatalogueProfessional): FilterOption {
  return { value: `profissional:${p.id}:${p.serviceIds.join(",")}`, label: p.name };
}

export function catalogueProfessional(option: FilterOption): CatalogueProfessional | null {
  const m = /^profissional:([^:]+):([^:]*)$/.exec(option.value);
  if (!m) return null;
  return { id: m[1] as string, name: option.label, serviceIds: (m[2] as string).split(",").filter(Boolean) };
}

/** The professionals offered for a service: those who perform it; everyone when nobody is linked to it yet. */
export function professionalsFor(all: readonly CatalogueProfessional[], serviceId: string): CatalogueProfessional[] {
  const performing = all.filter((p) => p.serviceIds.includes(serviceId));
  return performing.length ? performing : [...all];
}

export function catalogueEntry(option: FilterOption): CatalogueEntry | null {
  const m = /^(produto|servico):([^:]+):(\d+)$/.exec(option.value);
  if (!m) return null;
  return { kind: m[1] as LineKind, id: m[2] as string, name: option.label, priceCentavos: Number(m[3]) };
}

/** A line as the form holds it: what was typed (amounts as "1.234,56", quantities as "1,5"). */
export interface LineDraft {
  produtoId?: string;
  servicoId?: string;
  /** A service line's professional (commissions follow it to the sale). */
  profissionalId?: string;
  descricao: string;
  quantidade: string;
  precoUnitarioCentavos: string;
  descontoCentavos: string;
}

/** The form's text of a stored line list (the hidden input's JSON). */
export function linesFormValue(
  lines: readonly {
    produtoId: string | null;
    servicoId: string | null;
    profissionalId?: string | null;
    descricao: string;
    quantidade: number;
    precoUnitarioCentavos: number;
    descontoCentavos: number;
  }[],
  money: (centavos: number) => string,
  quantity: (value: number) => string,
): string {
  return JSON.stringify(
    lines.map(
      (l): LineDraft => ({
        ...(l.produtoId ? { produtoId: l.produtoId } : {}),
        ...(l.servicoId ? { servicoId: l.servicoId } : {}),
        ...(l.servicoId && l.profissionalId ? { profissionalId: l.profissionalId } : {}),
        descricao: l.descricao,
        quantidade: quantity(l.quantidade),
        precoUnitarioCentavos: money(l.precoUnitarioCentavos),
        descontoCentavos: money(l.descontoCentavos),
      }),
    ),
  );
}
