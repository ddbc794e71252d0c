import { ID_PATTERN } from "../../../shared/id.ts";
import type { FilterDef } from "../../../shared/resources/types.ts";
import type { ResourceModule } from "../../resources/define.ts";
import { moduleByApi } from "../../resources/registry.ts";
import type { JsonSchema, Parameter, Ref } from "../route-doc.ts";
import { sentence } from "./vocabulary.ts";
import { optionsText } from "./request-schema.ts";

/** A list's and an export's query parameters: the page URL's state (shared/resources/query.ts). See ADR 015. */

function filterSchema(filter: FilterDef): { schema: JsonSchema; form: string; example: unknown; explode: boolean } {
  const values = (filter.options ?? []).map((o) => o.value);
  switch (filter.type) {
    case "enum":
      return { schema: { type: "string", enum: values }, form: "um dos valores", example: values[0], explode: false };
    case "multi-enum":
      return {
        schema: { type: "array", items: { type: "string", enum: values }, maxItems: 20 },
        form: "um ou mais valores (repita o parâmetro ou separe com vírgulas): qualquer um deles",
        example: values.slice(0, 2),
        explode: true,
      };
    case "boolean":
      return { schema: { type: "string", enum: ["sim", "nao"] }, form: "sim ou nao", example: "sim", explode: false };
    case "date-range":
      return {
        schema: { type: "string", pattern: "^(\\d{4}-\\d{2}-\\d{2})?\\.\\.(\\d{4}-\\d{2}-\\d{2})?$" },
        form: "aaaa-mm-dd..aaaa-mm-dd, um dos lados pode ficar vazio; dias de São Paulo, os dois incluídos",
        example: "2026-01-01..2026-01-31",
        explode: false,
      };
    case "number-range":
      return {
        schema: { type: "string", pattern: "^(-?\\d{1,15}(\\.\\d{1,6})?)?\\.\\.(-?\\d{1,15}(\\.\\d{1,6})?)?$" },
        form: "min..max (decimais com ponto), um dos lados pode ficar vazio",
        example: "10..100",
        explode: false,
      };
    case "money-range":
      return {
        schema: { type: "string", pattern: "^(-?\\d{1,15})?\\.\\.(-?\\d{1,15})?$" },
        form: "min..max em centavos, um dos lados pode ficar vazio",
        example: "1000..50000",
        explode: false,
      };
    case "relation":
      return {
        schema: { type: "array", items: { type: "string", pattern: ID_PATTERN }, maxItems: 20 },
        form: `ids de registros de ${filter.relation ? (moduleByApi(filter.relation)?.definition.labels.listTitle ?? filter.relation) : "outro recurso"} (repita o parâmetro): qualquer um deles`,
        example: ["<id>"],
        explode: true,
      };
    case "text":
      return {
        schema: { type: "array", items: { type: "string", maxLength: 80 }, maxItems: 20 },
        form: "texto comparado sem acentos nem maiúsculas (repita o parâmetro para qualquer um deles)",
        example: undefined,
        explode: true,
      };
  }
}

export function listParameters(mod: ResourceModule, use: "list" | "export"): (Parameter | Ref)[] {
  const def = mod.definition;
  const sortable = def.columns.filter((c) => c.sort);
  const params: (Parameter | Ref)[] = [
    {
      name: "q",
      in: "query",
      description: sentence([
        "Busca por prefixos de palavras, sem acentos nem maiúsculas.",
        def.labels.searchPlaceholder ? `${def.labels.searchPlaceholder}.` : undefined,
      ]),
      schema: { type: "string", maxLength: 100 },
    },
    {
      name: "sort",
      in: "query",
      description: `Ordenação: ${sortable.map((c) => `${c.key} (${c.label})`).join(", ")}. Padrão: ${def.defaultSort.key}.`,
      schema: { type: "string", enum: sortable.map((c) => c.key), default: def.defaultSort.key },
    },
    {
      name: "dir",
      in: "query",
      description:
        def.defaultSort.dir === "asc"
          ? "Direção: asc ou desc. Padrão: asc."
          : `Direção: asc ou desc. Padrão: desc na ordenação padrão (${def.defaultSort.key}), asc nas outras.`,
      schema: { type: "string", enum: ["asc", "desc"] },
    },
  ];
  if (use === "list") params.push({ $ref: "#/components/parameters/Page" }, { $ref: "#/components/parameters/After" });
  for (const column of def.columns) {
    if (!column.filter) continue;
    const { schema, form, example, explode } = filterSchema(column.filter);
    const options = column.filter.type === "enum" || column.filter.type === "multi-enum" ? optionsText(column.filter.options) : undefined;
    params.push({
      name: `f.${column.key}`,
      in: "query",
      description: sentence([`Filtro ${column.label}: ${form}.`, options]),
      schema,
      style: "form",
      explode,
      ...(example === undefined ? {} : { example }),
    });
  }
  if (use === "export") {
    params.push({
      name: "cols",
      in: "query",
      description: `Colunas do arquivo, separadas por vírgula, na ordem da lista: ${def.columns.map((c) => c.key).join(", ")}. Ausente: as colunas visíveis por padrão.`,
      schema: { type: "string" },
    });
  }
  return params;
}
