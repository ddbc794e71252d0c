import { describe, expect, it } from "vitest";
import type { ListView } from "../../../app/components/data/types.ts";
import { keepParam } from "../../../app/server/list-view-param.ts";

/** The /properties cards choice (`view=cards`) survives every list link, never a record's link. */

const view = {
  basePath: "/properties",
  selfHref: "/properties?f.tipo=casa",
  prevHref: null,
  nextHref: "/properties?f.tipo=casa&page=2",
  clearHref: "/properties",
  exportHrefs: { csv: "/properties/export?format=csv", xlsx: "/properties/export?format=xlsx" },
  panelHrefs: { filtros: "/properties?painel=filtros", colunas: "/properties?painel=colunas" },
  activeFilters: [{ key: "tipo", label: "Casa", removeHref: "/properties" }],
  columns: [{ key: "preco", sortHref: "/properties?sort=preco&dir=asc" }],
  rows: [{ id: "1", href: "/properties/1", title: "Casa", subtitle: "", cells: {} }],
  params: [["f.tipo", "casa"]],
  labels: { listTitle: "Imóveis" },
} as unknown as ListView;

describe("keepParam", () => {
  it("adds view=cards to the list's links and GET forms, not to the rows' links", () => {
    const out = keepParam(view, "view", "cards") as unknown as typeof view & Record<string, never>;
    expect(out.selfHref).toBe("/properties?f.tipo=casa&view=cards");
    expect(out.nextHref).toBe("/properties?f.tipo=casa&page=2&view=cards");
    expect(out.prevHref).toBeNull();
    expect(out.clearHref).toBe("/properties?view=cards");
    expect(out.panelHrefs.filtros).toBe("/properties?painel=filtros&view=cards");
    expect(out.activeFilters[0]?.removeHref).toBe("/properties?view=cards");
    expect(out.columns[0]?.sortHref).toBe("/properties?sort=preco&dir=asc&view=cards");
    expect(out.rows[0]?.href).toBe("/properties/1");
    expect(out.labels.listTitle).toBe("Imóveis");
    expect(out.params).toEqual([
      ["f.tipo", "casa"],
      ["view", "cards"],
    ]);
  });

  it("replaces a value already there instead of repeating it", () => {
    const out = keepParam({ ...view, selfHref: "/properties?view=table" }, "view", "cards");
    expect(out.selfHref).toBe("/properties?view=cards");
  });
});
