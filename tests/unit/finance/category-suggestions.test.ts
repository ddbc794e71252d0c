/**
 * The usual categories (shared/finance/expense-categories.ts) are offered as typed: a text field's
 * own `suggestions` render a native datalist, merged with what the page offers (no repeats), free
 * typing kept; and the Despesas list's category filter offers them.
 */
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FIELD_KINDS, type InputContext } from "../../../app/components/data/field-kinds.tsx";
import { EXPENSE_CATEGORIES } from "../../../shared/finance/expense-categories.ts";
import { despesaDefinition } from "../../../shared/resources/despesas.ts";

const categoria = despesaDefinition.fields.find((f) => f.name === "categoria");

function render(selectOptions: InputContext["selectOptions"]): string {
  const ctx = {
    common: { label: "Categoria", name: "categoria", required: false, error: undefined, autoComplete: "off" },
    text: () => "",
    selectOptions,
  } as unknown as InputContext;
  if (!categoria) throw new Error("no categoria field");
  return renderToStaticMarkup(createElement(Fragment, null, FIELD_KINDS.text.input(categoria, ctx)));
}

describe("category suggestions", () => {
  it("the expense form offers every usual category in a datalist tied to the text input", () => {
    const html = render({});
    expect(html).toContain('list="categoria-sugestoes"');
    expect(html).toContain('<datalist id="categoria-sugestoes">');
    for (const c of EXPENSE_CATEGORIES) expect(html).toContain(`<option value="${c}">`);
  });

  it("merges the page's own suggestions without repeating one", () => {
    const html = render({
      categoria: [
        { value: "Café da equipe", label: "Café da equipe" },
        { value: "Contador", label: "Contador" },
      ],
    });
    expect(html).toContain('<option value="Café da equipe">');
    expect(html.match(/<option value="Contador">/g)).toHaveLength(1);
  });

  it("the Despesas list filters by them", () => {
    const column = despesaDefinition.columns.find((c) => c.key === "categoria");
    expect(column?.filter?.type).toBe("text");
    expect(column?.filter?.options?.map((o) => o.value)).toEqual([...EXPENSE_CATEGORIES]);
  });
});
