import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FilterControls } from "../../app/components/data/filters.tsx";
import type { FilterView } from "../../app/components/data/types.ts";
import { buildListView } from "../../app/components/data/view.server.ts";
import { OFFICE_RECORD } from "../../shared/permissions.ts";
import { defaultListQuery } from "../../shared/resources/query.ts";
import type { ResourceDefinition } from "../../shared/resources/types.ts";

/** A boolean filter reads "Sim"/"Não" unless its definition names the two choices. */
interface Row {
  id: string;
  nome: string;
}

const def: ResourceDefinition<Row, unknown> = {
  name: "itens",
  basePath: "/itens",
  api: "itens",
  access: OFFICE_RECORD,
  labels: {
    singular: "item",
    plural: "itens",
    listTitle: "Itens",
    newTitle: "Novo Item",
    editTitle: "Editar Item",
    newButton: "Novo item",
    empty: "Nenhum item.",
    emptyHint: "",
    searchPlaceholder: "",
    deleted: "Item excluído.",
    restored: "Item restaurado.",
  },
  columns: [
    { key: "nome", label: "Nome", text: (r) => r.nome, sort: "text", defaultVisible: true },
    { key: "ativo", label: "Ativo", text: () => "", filter: { type: "boolean" } },
    {
      key: "abaixoMinimo",
      label: "Situação do estoque",
      text: () => "",
      filter: {
        type: "boolean",
        options: [
          { value: "sim", label: "Abaixo do mínimo" },
          { value: "nao", label: "Em dia" },
        ],
      },
    },
  ],
  fields: [],
  schema: z.unknown(),
  defaultSort: { key: "nome", dir: "asc" },
  pageSize: 25,
  subtitle: () => "",
  title: (r) => r.nome,
};

function view(filters: Record<string, string[]>) {
  return buildListView(
    def,
    { ...defaultListQuery(def), filters },
    { rows: [], total: 0, page: 1, pageSize: 25, nextCursor: null, totals: {}, relationTitles: {} },
    { pathname: "/itens", now: new Date("2026-03-01T15:00:00.000Z"), timeZone: "America/Sao_Paulo" },
  );
}

function booleanFilter(filters: FilterView[], key: string) {
  const found = filters.find((f) => f.key === key);
  if (found?.type !== "boolean") throw new Error(`${key} is not a boolean filter`);
  return found;
}

describe("boolean filters", () => {
  it("name their choices from the definition, Sim/Não otherwise", () => {
    const v = view({});
    expect(booleanFilter(v.filters, "ativo")).toMatchObject({ yes: "Sim", no: "Não" });
    expect(booleanFilter(v.filters, "abaixoMinimo")).toMatchObject({ yes: "Abaixo do mínimo", no: "Em dia" });
  });

  it("show the chosen choice on the chip and as the radio's label", () => {
    const v = view({ abaixoMinimo: ["sim"], ativo: ["nao"] });
    expect(v.activeFilters.map((f) => f.label).sort()).toEqual(["Ativo: Não", "Situação do estoque: Abaixo do mínimo"]);
    const html = renderToStaticMarkup(h(FilterControls, { filters: v.filters, idPrefix: "itens" }));
    expect(html).toContain("Abaixo do mínimo");
    expect(html).toContain("Em dia");
    expect(html).toContain('name="f.abaixoMinimo" checked="" value="sim"/>Abaixo do mínimo</label>');
  });
});
