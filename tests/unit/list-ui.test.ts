import { createElement as h, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ListRow, TotalsFoot } from "../../app/components/data/rows.tsx";
import type { ColumnView, RowView } from "../../app/components/data/types.ts";
import { BreakableAddress, KeepWhole } from "../../app/components/data/whole-values.tsx";
import { decimalsOfStep, maskDecimalInput, maskMoneyInput } from "../../app/components/ui/number-input.ts";

const column = (key: string, label: string, align: "left" | "right" = "left", nowrap = false): ColumnView => ({
  key,
  label,
  align,
  nowrap,
  visible: true,
  sortHref: null,
  sortDir: null,
});

const columns = [
  column("nome", "Nome"),
  column("valor", "Valor", "right"),
  column("status", "Status"),
  column("foto", "Foto"),
  column("fornecedor", "Fornecedor"),
  column("obs", "Obs."),
  column("documento", "CPF/CNPJ", "left", true),
];

const row: RowView = {
  id: "r1",
  href: "/produtos/r1",
  title: `Cimento <b>"CP II"</b>`,
  subtitle: "SKU-1 · 10 un",
  cells: {
    nome: { kind: "image", text: `Cimento <b>"CP II"</b>`, src: "https://cdn.exemplo.com.br/c.jpg", alt: "Imagem de Cimento" },
    valor: { kind: "money", text: "R$ 1.234,56" },
    status: { kind: "badge", text: "Sem estoque", tone: "red" },
    foto: { kind: "image", text: "", src: null, alt: "Imagem de Cimento" },
    fornecedor: { kind: "link", text: "ACME", href: "/companies/c1" },
    obs: { kind: "text", text: "" },
    documento: { kind: "text", text: "52.904.478/0001-40" },
  },
};

function render(element: ReactElement): string {
  return renderToStaticMarkup(h(MemoryRouter, null, h("table", null, element)));
}

function rowHtml(selectable: boolean, patch: Partial<RowView> = {}): string {
  return render(
    h(
      "tbody",
      null,
      h(ListRow, { row: { ...row, ...patch }, columns, selectable, formId: "produtos-selecao", checked: false, onToggle: () => {} }),
    ),
  );
}

describe("list rows", () => {
  const html = rowHtml(true);

  it("links the first cell to the record, with its thumbnail and the subtitle for phones", () => {
    expect(html).toContain('<a href="/produtos/r1" data-discover="true">Cimento &lt;b&gt;&quot;CP II&quot;&lt;/b&gt;</a>');
    expect(html).toMatch(/<img src="https:\/\/cdn\.exemplo\.com\.br\/c\.jpg" alt="Imagem de Cimento" loading="lazy"[^>]*class="dl-thumb"/);
    expect(html).toContain("<p>SKU-1 · 10 un</p>");
    expect(html).not.toContain("<b>");
  });

  it("renders each kind: money right-aligned and unbroken, a toned badge, a placeholder, a related link, a dash", () => {
    expect(html).toContain(
      '<td class="dl-cell dl-num dl-money" data-label="Valor"><span class="whitespace-nowrap">R$ 1.234,56</span></td>',
    );
    expect(html).toContain('<span class="badge badge-red">Sem estoque</span>');
    expect(html).toContain('<span class="dl-thumb dl-thumb-empty" aria-hidden="true"></span>');
    expect(html).toContain('<a class="dl-link" href="/companies/c1" data-discover="true">ACME</a>');
    expect(html).toContain('<td class="dl-cell" data-label="Obs."><span class="dl-empty">—</span></td>');
  });

  it("keeps a code (document, phone) on one line", () => {
    expect(html).toContain(
      '<td class="dl-cell dl-nowrap" data-label="CPF/CNPJ"><span class="whitespace-nowrap">52.904.478/0001-40</span></td>',
    );
  });

  it("keeps each document, phone, date or amount inside a text whole, the words around it free to wrap", () => {
    const text = "Comprar · Perdizes · até R$ 880.000,00 · (11) 5490-1247 desde 25/11/2026 14:48, CNPJ 52.904.478/0001-40";
    expect(renderToStaticMarkup(h(KeepWhole, { text }))).toBe(
      '<span>Comprar · Perdizes · até <span class="whitespace-nowrap">R$ 880.000,00</span> · <span class="whitespace-nowrap">(11) 5490-1247</span> desde <span class="whitespace-nowrap">25/11/2026 14:48</span>, CNPJ <span class="whitespace-nowrap">52.904.478/0001-40</span></span>',
    );
    expect(renderToStaticMarkup(h(KeepWhole, { text: "Apartamento de 2 quartos" }))).toBe("Apartamento de 2 quartos");
  });

  it("lets an e-mail or web address break only at its punctuation", () => {
    expect(renderToStaticMarkup(h(BreakableAddress, { text: "adm@aliancacontabil.com.br" }))).toBe(
      "adm@<wbr/>aliancacontabil<wbr/>.com<wbr/>.br",
    );
    expect(renderToStaticMarkup(h(BreakableAddress, { text: "https://ex.com/a" }))).toBe("https://ex<wbr/>.com/<wbr/>a");
    expect(renderToStaticMarkup(h(BreakableAddress, { text: "Sr. João da Silva" }))).toBe("Sr. João da Silva");
  });

  it("shows a related record's name as plain text when it has no page", () => {
    const plain = rowHtml(false, { cells: { ...row.cells, fornecedor: { kind: "link", text: "ACME", href: null } } });
    expect(plain).toContain('data-label="Fornecedor">ACME</td>');
  });

  it("gives each checkbox the bulk form and an accessible name, and none without the permission", () => {
    expect(html).toContain(
      '<input type="checkbox" form="produtos-selecao" aria-label="Selecionar Cimento &lt;b&gt;&quot;CP II&quot;&lt;/b&gt;" name="excluir" value="r1"/>',
    );
    expect(rowHtml(false)).not.toContain('type="checkbox"');
  });
});

describe("totals row", () => {
  it("puts the label over the columns before the first sum, the checkbox column included", () => {
    const html = render(
      h(TotalsFoot, { totals: { label: "Total (3 registros filtrados)", values: { valor: "R$ 10,00" } }, columns, selectable: true }),
    );
    expect(html).toContain('<th scope="row" colSpan="2" class="px-3 py-3 text-left">Total (3 registros filtrados)</th>');
    expect(html).toContain(">R$ 10,00</td>");
    // One cell per remaining column, so the sums sit under their headers.
    expect(html.match(/<td/g)).toHaveLength(columns.length - 1);
  });

  it("puts the label above the sum when a sum is the first column", () => {
    const html = render(
      h(TotalsFoot, {
        totals: { label: "Total (2 registros)", values: { valor: "R$ 3,00" } },
        columns: [columns[1], columns[0]] as ColumnView[],
        selectable: true,
      }),
    );
    expect(html).not.toContain("<th");
    expect(html).toContain(
      '<td></td><td class="px-3 py-3 text-right whitespace-nowrap tabular-nums"><span class="block text-xs font-normal text-fg-soft">Total (2 registros)</span>R$ 3,00</td>',
    );
  });
});

describe("input masks", () => {
  it("masks money as it is typed", () => {
    // Each keystroke lands on what the mask showed after the last one.
    let value = "";
    const shown: string[] = [];
    for (const ch of "1234,567") {
      value = maskMoneyInput(value + ch);
      shown.push(value);
    }
    expect(shown).toEqual(["R$ 1", "R$ 12", "R$ 123", "R$ 1.234", "R$ 1.234,", "R$ 1.234,5", "R$ 1.234,56", "R$ 1.234,56"]);
    expect(maskMoneyInput("R$ 1.2345")).toBe("R$ 12.345");
    expect(maskMoneyInput("0012")).toBe("R$ 12");
    expect(maskMoneyInput("15.")).toBe("R$ 15,");
    expect(maskMoneyInput("abc")).toBe("");
    expect(maskMoneyInput("1234,5", { prefix: false })).toBe("1.234,5");
  });

  it("keeps the decimals a number's step allows", () => {
    expect(decimalsOfStep(undefined)).toBe(0);
    expect(decimalsOfStep("0.001")).toBe(3);
    expect(maskDecimalInput("1.2345", 3)).toBe("1,234");
    expect(maskDecimalInput("−2,5", 3)).toBe("-2,5");
    expect(maskDecimalInput("12,5a", 0)).toBe("125");
  });
});
