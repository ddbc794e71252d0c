import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { FilterView } from "../../app/components/data/types.ts";
import { buildListView, datePresets, formValuesFromRow } from "../../app/components/data/view.server.ts";
import { formatBRL, formatDateTime } from "../../shared/format.ts";
import { OFFICE_RECORD } from "../../shared/permissions.ts";
import { defaultListQuery } from "../../shared/resources/query.ts";
import type { ListQuery, ListResult, ResourceDefinition } from "../../shared/resources/types.ts";

/** A ledger-like resource with one column of every cell kind. */
interface Row {
  id: string;
  nome: string;
  valorCentavos: number;
  quantidade: number;
  ocorridoEm: string;
  status: "ok" | "atrasado";
  foto: string | null;
  fornecedorId: string | null;
  fornecedorNome: string | null;
  criadoEm: string;
}

const def: ResourceDefinition<Row, unknown> = {
  name: "lancamentos",
  basePath: "/lancamentos",
  api: "lancamentos",
  access: OFFICE_RECORD,
  labels: {
    singular: "lançamento",
    plural: "lançamentos",
    listTitle: "Lançamentos",
    newTitle: "Novo Lançamento",
    editTitle: "Editar Lançamento",
    newButton: "Novo lançamento",
    empty: "Nenhum lançamento.",
    emptyHint: "",
    searchPlaceholder: "Buscar",
    deleted: "Lançamento excluído.",
    restored: "Lançamento restaurado.",
  },
  columns: [
    { key: "nome", label: "Nome", text: (r) => r.nome, sort: "text", cell: { kind: "image", src: (r) => r.foto } },
    {
      key: "valor",
      label: "Valor",
      text: (r) => formatBRL(r.valorCentavos),
      value: (r) => r.valorCentavos / 100,
      cell: { kind: "money" },
      filter: { type: "money-range" },
      total: true,
    },
    {
      key: "quantidade",
      label: "Quantidade",
      text: (r) => `${r.quantidade.toString().replace(".", ",")} un`,
      value: (r) => r.quantidade,
      cell: { kind: "number" },
      filter: { type: "number-range" },
    },
    { key: "ocorridoEm", label: "Data", text: (r) => formatDateTime(r.ocorridoEm), cell: { kind: "date" } },
    {
      key: "status",
      label: "Status",
      text: (r) => (r.status === "ok" ? "Em dia" : "Atrasado"),
      cell: { kind: "badge", tone: (r) => (r.status === "ok" ? "green" : "red") },
      filter: {
        type: "enum",
        options: [
          { value: "ok", label: "Em dia" },
          { value: "atrasado", label: "Atrasado" },
        ],
      },
    },
    { key: "foto", label: "Foto", text: () => "", cell: { kind: "image", src: (r) => r.foto } },
    {
      key: "fornecedor",
      label: "Fornecedor",
      text: (r) => r.fornecedorNome ?? "",
      cell: { kind: "link", href: (r) => (r.fornecedorId ? `/companies/${r.fornecedorId}` : null) },
      filter: { type: "relation", relation: "companies" },
    },
    { key: "pago", label: "Pago", text: () => "Sim", filter: { type: "boolean" }, defaultVisible: false },
    { key: "criadoEm", label: "Cadastrado em", text: (r) => r.criadoEm, filter: { type: "date-range" }, defaultVisible: false },
  ],
  fields: [
    { name: "nome", label: "Nome", kind: "text", section: "Dados" },
    { name: "valorCentavos", label: "Valor", kind: "money", section: "Dados" },
    { name: "quantidade", label: "Quantidade", kind: "number", step: "0.001", section: "Dados" },
    { name: "ocorridoEm", label: "Data e hora", kind: "datetime", section: "Dados" },
    { name: "fornecedorId", label: "Fornecedor", kind: "relation", relation: "companies", section: "Dados" },
  ],
  schema: z.unknown(),
  defaultSort: { key: "nome", dir: "asc" },
  pageSize: 25,
  subtitle: (r) => r.status,
  title: (r) => r.nome,
};

const row = (patch: Partial<Row> = {}): Row => ({
  id: "r1",
  nome: "Cimento",
  valorCentavos: 123456,
  quantidade: 2.5,
  ocorridoEm: "2026-03-05T17:30:00.000Z",
  status: "atrasado",
  foto: "https://cdn.exemplo.com.br/cimento.jpg",
  fornecedorId: "c1",
  fornecedorNome: "ACME Materiais",
  criadoEm: "2026-03-05T17:30:00.000Z",
  ...patch,
});

function result(rows: Row[], patch: Partial<ListResult<Row>> = {}): ListResult<Row> {
  return { rows, total: rows.length, page: 1, pageSize: 25, nextCursor: null, totals: {}, relationTitles: {}, ...patch };
}

function query(patch: Partial<ListQuery> = {}): ListQuery {
  return { ...defaultListQuery(def), ...patch };
}

const NOW = new Date("2026-03-01T15:00:00.000Z"); // Sunday, 1 March 2026, 12:00 in São Paulo

function view(q: Partial<ListQuery>, rows: Row[], patch: Partial<ListResult<Row>> = {}) {
  return buildListView(def, query(q), result(rows, patch), { pathname: "/lancamentos", now: NOW, timeZone: "America/Sao_Paulo" });
}

function filter<T extends FilterView["type"]>(filters: FilterView[], key: string, type: T): Extract<FilterView, { type: T }> {
  const found = filters.find((f) => f.key === key);
  if (found?.type !== type) throw new Error(`filter ${key} is not ${type}`);
  return found as Extract<FilterView, { type: T }>;
}

describe("buildListView: cells by kind", () => {
  const cells = view({}, [row()]).rows[0]?.cells ?? {};

  it("formats every kind on the server and sends strings", () => {
    expect(cells.valor).toEqual({ kind: "money", text: "R$ 1.234,56" });
    expect(cells.quantidade).toEqual({ kind: "number", text: "2,5 un" });
    expect(cells.ocorridoEm).toEqual({ kind: "date", text: "05/03/2026 14:30" });
    expect(cells.status).toEqual({ kind: "badge", text: "Atrasado", tone: "red" });
    expect(cells.foto).toEqual({ kind: "image", text: "", src: "https://cdn.exemplo.com.br/cimento.jpg", alt: "Imagem de Cimento" });
    expect(cells.fornecedor).toEqual({ kind: "link", text: "ACME Materiais", href: "/companies/c1" });
  });

  it("right-aligns money and numbers, and sends only the visible columns", () => {
    const v = view({}, [row()]);
    const align = Object.fromEntries(v.columns.map((c) => [c.key, c.align]));
    expect(align).toMatchObject({ nome: "left", valor: "right", quantidade: "right", status: "left" });
    expect(Object.keys(v.rows[0]?.cells ?? {})).not.toContain("criadoEm");
  });

  it("keeps money, numbers and dates on one line; free text wraps", () => {
    const nowrap = Object.fromEntries(view({}, [row()]).columns.map((c) => [c.key, c.nowrap]));
    expect(nowrap).toMatchObject({ nome: false, valor: true, quantidade: true, ocorridoEm: true, status: false });
  });

  it("keeps a column on one line when its field is a document, phone or date, with no flag on the column", () => {
    const withCodes: ResourceDefinition<Row, unknown> = {
      ...def,
      columns: [
        ...def.columns,
        { key: "cnpj", label: "CNPJ", text: () => "52.904.478/0001-40" },
        { key: "obs", label: "Obs.", text: () => "" },
      ],
      fields: [
        ...def.fields,
        { name: "cnpj", label: "CNPJ", kind: "cnpj", section: "Dados" },
        { name: "obs", label: "Obs.", kind: "text", section: "Dados" },
      ],
    };
    const v = buildListView(withCodes, query({}), result([row()]), { pathname: "/lancamentos", now: NOW, timeZone: "America/Sao_Paulo" });
    expect(Object.fromEntries(v.columns.map((c) => [c.key, c.nowrap]))).toMatchObject({ cnpj: true, obs: false });
  });

  it("gives a placeholder for a missing image and plain text for a link without a target", () => {
    const c = view({}, [row({ foto: null, fornecedorId: null, fornecedorNome: "Sem cadastro" })]).rows[0]?.cells ?? {};
    expect(c.foto).toMatchObject({ kind: "image", src: null });
    expect(c.fornecedor).toEqual({ kind: "link", text: "Sem cadastro", href: null });
  });

  it("never links outside the app or shows a script as an image", () => {
    const hostile: ResourceDefinition<Row, unknown> = {
      ...def,
      columns: [
        def.columns[0] as (typeof def.columns)[number],
        { key: "a", label: "A", text: () => "x", cell: { kind: "link", href: () => "//evil.example/x" } },
        { key: "b", label: "B", text: () => "x", cell: { kind: "link", href: () => "javascript:alert(1)" } },
        { key: "c", label: "C", text: () => "x", cell: { kind: "image", src: () => "javascript:alert(1)" } },
        { key: "d", label: "D", text: () => "x", cell: { kind: "image", src: () => "/arquivos/foto.png" } },
      ],
    };
    const c =
      buildListView(hostile, defaultListQuery(hostile), result([row()]), { pathname: "/x", now: NOW, timeZone: "America/Sao_Paulo" })
        .rows[0]?.cells ?? {};
    expect(c.a).toMatchObject({ href: null });
    expect(c.b).toMatchObject({ href: null });
    expect(c.c).toMatchObject({ src: null });
    expect(c.d).toMatchObject({ src: "/arquivos/foto.png" });
  });
});

describe("buildListView: totals", () => {
  it("shows the filtered list's sums in R$, naming how many rows they cover", () => {
    const v = view({ filters: { status: ["atrasado"] } }, [row(), row({ id: "r2" })], { total: 37, totals: { valor: 9876543 } });
    expect(v.totals).toEqual({ label: "Total (37 registros filtrados)", values: { valor: "R$ 98.765,43" } });
  });

  it("says 'registro' for one and leaves 'filtrados' out when nothing filters", () => {
    expect(view({}, [row()], { totals: { valor: 5 } }).totals).toEqual({ label: "Total (1 registro)", values: { valor: "R$ 0,05" } });
  });

  it("has no totals row for an empty list or when the total column is hidden", () => {
    expect(view({}, [], { totals: { valor: 0 } }).totals).toBeNull();
    expect(view({ columns: ["nome", "status"] }, [row()], { totals: { valor: 100 } }).totals).toBeNull();
  });
});

describe("date presets (America/Sao_Paulo, weeks from Monday)", () => {
  const byLabel = (now: Date) => Object.fromEntries(datePresets(now, "America/Sao_Paulo").map((p) => [p.label, p.value]));

  it("on a Wednesday in January, last month is the year before", () => {
    expect(byLabel(new Date("2026-01-14T15:00:00Z"))).toEqual({
      Hoje: "2026-01-14..2026-01-14",
      "Esta semana": "2026-01-12..2026-01-18",
      "Este mês": "2026-01-01..2026-01-31",
      "Mês passado": "2025-12-01..2025-12-31",
    });
  });

  it("on a Sunday the week began the Monday before (and February has 28 days)", () => {
    expect(byLabel(NOW)).toEqual({
      Hoje: "2026-03-01..2026-03-01",
      "Esta semana": "2026-02-23..2026-03-01",
      "Este mês": "2026-03-01..2026-03-31",
      "Mês passado": "2026-02-01..2026-02-28",
    });
  });

  it("takes the day from São Paulo's clock: 23:00 on 31 March is still March there, though April in UTC", () => {
    expect(byLabel(new Date("2026-04-01T02:00:00Z"))).toEqual({
      Hoje: "2026-03-31..2026-03-31",
      "Esta semana": "2026-03-30..2026-04-05",
      "Este mês": "2026-03-01..2026-03-31",
      "Mês passado": "2026-02-01..2026-02-28",
    });
  });

  it("marks the preset the URL holds and names the chip after it", () => {
    const v = view({ filters: { criadoEm: ["2026-03-01..2026-03-31"] } }, [row()]);
    const dates = filter(v.filters, "criadoEm", "date-range");
    expect(dates.presets.filter((p) => p.current).map((p) => p.label)).toEqual(["Este mês"]);
    expect(dates).toMatchObject({ from: "2026-03-01", to: "2026-03-31" });
    expect(dates.presets.find((p) => p.label === "Hoje")?.href).toBe("/lancamentos?f.criadoEm=2026-03-01..2026-03-01");
    expect(v.activeFilters).toEqual([{ key: "criadoEm", label: "Cadastrado em: Este mês", removeHref: "/lancamentos" }]);
  });

  it("reads any other range as dates", () => {
    const v = view({ filters: { criadoEm: ["2026-01-10.."] } }, [row()]);
    expect(filter(v.filters, "criadoEm", "date-range").presets.some((p) => p.current)).toBe(false);
    expect(v.activeFilters[0]?.label).toBe("Cadastrado em: a partir de 10/01/2026");
  });
});

describe("buildListView: filters and their chips", () => {
  it("names chosen relation records from relationTitles, one chip each", () => {
    const v = view({ q: "cim", filters: { fornecedor: ["c1", "c9"] } }, [row()], {
      relationTitles: { fornecedor: [{ id: "c1", title: "ACME Materiais" }] },
    });
    const picker = filter(v.filters, "fornecedor", "relation");
    expect(picker.relation).toBe("companies");
    expect(picker.selected).toEqual([
      { id: "c1", title: "ACME Materiais" },
      { id: "c9", title: "Registro não encontrado" },
    ]);
    expect(v.activeFilters).toEqual([
      { key: "fornecedor", label: "Fornecedor: ACME Materiais", removeHref: "/lancamentos?q=cim&f.fornecedor=c9" },
      { key: "fornecedor", label: "Fornecedor: Registro não encontrado", removeHref: "/lancamentos?q=cim&f.fornecedor=c1" },
    ]);
    // "Limpar filtros" keeps the search.
    expect(v.clearFiltersHref).toBe("/lancamentos?q=cim");
  });

  it("fills range inputs as people type them and reads the chips in pt-BR", () => {
    const v = view({ filters: { valor: ["10000..123456"], quantidade: ["1.5.."], status: ["ok"], pago: ["nao"] } }, [row()]);
    expect(filter(v.filters, "valor", "money-range")).toMatchObject({ from: "100,00", to: "1.234,56" });
    expect(filter(v.filters, "quantidade", "number-range")).toMatchObject({ from: "1,5", to: "" });
    expect(v.activeFilters.map((c) => c.label)).toEqual([
      "Valor: de R$ 100,00 até R$ 1.234,56",
      "Quantidade: a partir de 1,5",
      "Status: Em dia",
      "Pago: Não",
    ]);
    expect(v.activeFilters[0]?.removeHref).toBe("/lancamentos?f.quantidade=1.5..&f.status=ok&f.pago=nao");
  });
});

describe("form values for the new field kinds", () => {
  it("shows centavos as R$, decimals with a comma and São Paulo wall-clock time", () => {
    expect(formValuesFromRow(def, row(), "America/Sao_Paulo")).toMatchObject({
      valorCentavos: "R$ 1.234,56",
      quantidade: "2,5",
      ocorridoEm: "2026-03-05T14:30",
      fornecedorId: "c1",
    });
  });
});
