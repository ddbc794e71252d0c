import { createElement as h, Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { escapeHtml, rowsMarkup } from "../../app/components/data/row-markup.ts";
import type { ColumnView, RowView } from "../../app/components/data/types.ts";

// The rows the shared list rendered as React elements before they became one string: the
// string must stay the same markup (same CSS hooks, labels and escaping), so React is the oracle.
function reactRows(rows: RowView[], columns: ColumnView[], selectable: boolean, formId: string): string {
  const cell = (row: RowView, column: ColumnView, i: number): ReactNode => {
    const text = row.cells[column.key] ?? "";
    if (i === 0) {
      return h(
        "td",
        { key: column.key, className: "dl-first" },
        h("a", { href: row.href }, text || row.title),
        row.subtitle ? h("p", null, row.subtitle) : null,
      );
    }
    return h(
      "td",
      { key: column.key, className: column.align === "right" ? "dl-cell dl-num" : "dl-cell", "data-label": column.label },
      text || h("span", { className: "dl-empty" }, "—"),
    );
  };
  return renderToStaticMarkup(
    h(
      Fragment,
      null,
      rows.map((row) =>
        h(
          "tr",
          { key: row.id, className: "dl-row" },
          selectable
            ? h(
                "td",
                { className: "dl-check" },
                h("input", { type: "checkbox", form: formId, name: "excluir", value: row.id, "aria-label": `Selecionar ${row.title}` }),
              )
            : null,
          columns.map((c, i) => cell(row, c, i)),
        ),
      ),
    ),
  );
}

const column = (key: string, label: string, align: "left" | "right" = "left"): ColumnView => ({
  key,
  label,
  align,
  visible: true,
  sortHref: null,
  sortDir: null,
});

const HOSTILE = [
  `<script>alert("x")</script>`,
  `"><img src=x onerror=alert(1)>`,
  `Tom & Jerry's "Café"`,
  "João Ção 🏠 \u{1F600}",
  "a\u0000b",
  "",
];

const rows: RowView[] = HOSTILE.map((text, i) => ({
  id: `id-${i}"'<>&`,
  href: `/clients/${i}?a=1&b="2"`,
  title: `Título ${text}`,
  subtitle: i % 2 ? `sub ${text}` : "",
  cells: { nome: i === 5 ? "" : text, total: i % 3 ? `R$ ${i},00` : "", cidade: text },
}));
const columns = [column("nome", "Nome <b>"), column("total", `Total "R$"`, "right"), column("cidade", "Cidade & UF")];

describe("rowsMarkup", () => {
  it("writes the same markup React wrote for the rows, with and without checkboxes", () => {
    for (const selectable of [true, false]) {
      expect(rowsMarkup(rows, { columns, selectable, formId: `lista"x` })).toBe(reactRows(rows, columns, selectable, `lista"x`));
    }
  });

  it("never lets stored text open a tag or leave an attribute", () => {
    const html = rowsMarkup(rows, { columns, selectable: true, formId: "f" });
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toMatch(/"\s*onerror=/);
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#x27;");
  });

  it("shows a dash for an empty cell and the title when the first column is empty", () => {
    const html = rowsMarkup([{ id: "1", href: "/c/1", title: "Ana", subtitle: "", cells: {} }], {
      columns: [column("nome", "Nome"), column("email", "E-mail")],
      selectable: false,
      formId: "f",
    });
    expect(html).toBe(
      '<tr class="dl-row"><td class="dl-first"><a href="/c/1">Ana</a></td><td class="dl-cell" data-label="E-mail"><span class="dl-empty">—</span></td></tr>',
    );
  });

  it("renders nothing for no rows", () => {
    expect(rowsMarkup([], { columns, selectable: true, formId: "f" })).toBe("");
  });
});
