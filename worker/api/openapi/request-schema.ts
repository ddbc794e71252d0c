import { z } from "zod";
import { ID_PATTERN } from "../../../shared/id.ts";
import { CALENDAR_PALETTE } from "../../../shared/agenda/professional-colors.ts";
import type { FieldDef } from "../../../shared/resources/types.ts";
import type { ResourceModule } from "../../resources/define.ts";
import { moduleByApi } from "../../resources/registry.ts";
import type { JsonSchema } from "../route-doc.ts";
import {
  BARCODE_PATTERN,
  CEP_PATTERN,
  CNPJ_PATTERN,
  CPF_CNPJ_PATTERN,
  DATE_PATTERN,
  INSTANT_PATTERN,
  MONEY_TEXT_PATTERN,
  TEL_PATTERN,
  sentence,
} from "./vocabulary.ts";

/** A resource's request body schema, from its definition's fields (limits cross-checked with zod). See ADR 015. */

/** Properties of the zod schema as zod's own conversion sees them (input side); empty when it cannot. */
function zodProperties(mod: ResourceModule): Record<string, JsonSchema> {
  try {
    const converted = z.toJSONSchema(mod.definition.schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as JsonSchema;
    return converted.properties ?? {};
  } catch {
    return {};
  }
}

function pick(from: JsonSchema | undefined, keys: readonly (keyof JsonSchema)[]): JsonSchema {
  const out: Record<string, unknown> = {};
  if (!from) return out;
  for (const key of keys) if (typeof from[key] === "number") out[key] = from[key];
  return out as JsonSchema;
}

const LENGTHS = ["minLength", "maxLength"] as const;
const RANGE = ["minimum", "maximum"] as const;

/** The example every resource module gives, with readable ids that still match the id pattern. */
export function exampleOf(mod: ResourceModule): Record<string, unknown> {
  return mod.example((api) => `id-${slug(moduleByApi(api)?.definition.labels.singular ?? api)}`, "");
}

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * What the schema makes of a field the body leaves out (a checkbox's false, a money field's 0):
 * the example without the field, parsed. Undefined when the field has no such value.
 */
function defaultOf(mod: ResourceModule, example: Record<string, unknown>, field: FieldDef): unknown {
  if (field.kind !== "checkbox" && field.kind !== "money" && field.kind !== "number") return undefined;
  const { [field.name]: _left, ...rest } = example;
  const parsed = mod.definition.schema.safeParse(rest);
  if (!parsed.success) return undefined;
  const value = (parsed.data as Record<string, unknown>)[field.name];
  return typeof value === "boolean" || typeof value === "number" ? value : undefined;
}

export function optionsText(options: FieldDef["options"]): string | undefined {
  if (!options?.length) return undefined;
  return `Valores: ${options.map((o) => (o.label === o.value ? o.value : `${o.value} (${o.label})`)).join(", ")}.`;
}

export function relationText(api: string | undefined): string {
  const target = api ? moduleByApi(api) : undefined;
  const name = target ? target.definition.labels.listTitle : (api ?? "outro recurso");
  return `Id de um registro de ${name}${api ? ` (GET /api/${api}/options?q=… devolve ids e títulos)` : ""}.`;
}

/** zod writes a discriminated union as `oneOf`; the document's subset says `anyOf` (the branches exclude each other anyway). */
function withoutOneOf(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map((s) => withoutOneOf(s as JsonSchema)) as unknown as JsonSchema;
  if (typeof schema !== "object" || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    const converted = typeof value === "object" && value !== null ? withoutOneOf(value as JsonSchema) : value;
    out[key === "oneOf" ? "anyOf" : key] = converted;
  }
  return out as JsonSchema;
}

/** The JSON Schema of one field of a create/update body. */
function fieldSchema(field: FieldDef, fromZod: JsonSchema | undefined, fields: readonly FieldDef[]): JsonSchema {
  let schema: JsonSchema;
  let note: string | undefined;
  switch (field.kind) {
    case "text":
    case "textarea":
      schema = { type: "string", ...pick(fromZod, LENGTHS) };
      break;
    case "email":
      schema = { type: "string", format: "email", ...pick(fromZod, LENGTHS) };
      note = "Guardado em minúsculas.";
      break;
    case "url":
      schema = { type: "string", format: "uri", ...pick(fromZod, LENGTHS) };
      note = "Endereço http(s); sem o esquema, https:// é acrescentado.";
      break;
    case "tel":
      schema = { type: "string", pattern: TEL_PATTERN, examples: ["(11) 91234-5678"] };
      note = "DDD + número, com ou sem máscara; guardado só com os dígitos.";
      break;
    case "cpf-cnpj":
      schema = { type: "string", pattern: CPF_CNPJ_PATTERN, ...pick(fromZod, ["maxLength"]), examples: ["529.982.247-25"] };
      note = "CPF ou CNPJ (numérico ou alfanumérico), com ou sem máscara; os dígitos verificadores são conferidos. Guardado sem máscara.";
      break;
    case "cnpj":
      schema = { type: "string", pattern: CNPJ_PATTERN, examples: ["11.222.333/0001-81"] };
      note = "CNPJ numérico ou alfanumérico, com ou sem máscara; os dígitos verificadores são conferidos. Guardado sem máscara.";
      break;
    case "cep":
      schema = { type: "string", pattern: CEP_PATTERN, examples: ["01310-100"] };
      note = "8 dígitos, com ou sem hífen.";
      break;
    case "date":
      schema = { type: "string", format: "date", pattern: DATE_PATTERN };
      note = "Data aaaa-mm-dd (dd/mm/aaaa também é aceito).";
      break;
    case "datetime":
      schema = { type: "string", format: "date-time", pattern: INSTANT_PATTERN, examples: ["2026-11-20T14:30:00-03:00"] };
      note =
        "Data e hora ISO 8601 com o fuso (2026-11-20T14:30:00-03:00); sem o fuso (aaaa-mm-ddTHH:mm), vale o fuso horário da organização (Configurações do Negócio; Brasília por padrão).";
      break;
    case "select":
      // Without fixed options, the values are the organização's own (its members): the page offers them.
      schema = field.options ? { type: "string", enum: field.options.map((o) => o.value) } : { type: "string", pattern: ID_PATTERN };
      note = field.options ? optionsText(field.options) : "Id de um registro da organização, escolhido na página.";
      break;
    case "color":
      schema = { type: "string", pattern: "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$", examples: [CALENDAR_PALETTE[0]?.value ?? "#2563eb"] };
      note = `Cor #RRGGBB, guardada em minúsculas: qualquer uma, ou uma da paleta da agenda (${CALENDAR_PALETTE.map((o) => `${o.value} ${o.label}`).join(", ")}).`;
      break;
    case "tags":
      schema = {
        type: "array",
        items: { type: "string", ...pick(fromZod?.items, LENGTHS) },
        ...pick(fromZod, ["maxItems"]),
      };
      note = "Lista de textos; repetidos (sem diferença de acentos e maiúsculas) contam uma vez.";
      break;
    case "choices":
      // Without fixed options, the values are the organização's own (its accounts, its photos): the page offers them.
      schema = field.options
        ? { type: "array", items: { type: "string", enum: field.options.map((o) => o.value) } }
        : { type: "array", items: { type: "string" }, ...pick(fromZod, ["maxItems"]) };
      note = field.options ? `${optionsText(field.options) ?? ""} Um valor fora da lista é recusado (400).` : "Lista, na ordem.";
      break;
    case "places":
      schema = {
        type: "array",
        maxItems: 20,
        items: {
          anyOf: [
            {
              type: "object",
              properties: {
                bairro: { type: "string", title: "Bairro", maxLength: 80 },
                cidade: { type: "string", title: "Cidade", maxLength: 80 },
                uf: { type: "string", title: "UF", pattern: "^[A-Z]{2}$" },
              },
              required: ["cidade"],
              additionalProperties: false,
            },
            { type: "string", examples: ["Pinheiros, São Paulo - SP"], description: "“bairro, cidade - UF” ou só “cidade - UF”." },
          ],
        },
      };
      note = "Sem bairro: a cidade toda. Acentos, maiúsculas e pontuação não contam para combinar com os imóveis.";
      break;
    case "phones": {
      const row = fromZod?.items?.properties;
      schema = {
        type: "array",
        ...pick(fromZod, ["maxItems"]),
        items: {
          type: "object",
          properties: {
            numero: { type: "string", title: "Número", pattern: TEL_PATTERN, description: "DDD + número, com ou sem máscara." },
            whatsapp: { type: "boolean", title: "WhatsApp", default: false, description: "O número atende no WhatsApp." },
            rotulo: { type: "string", title: "Rótulo", ...pick(row?.rotulo, LENGTHS), description: "Ex.: Celular, Comercial." },
          },
          required: ["numero"],
          additionalProperties: false,
        },
      };
      note = "O primeiro é o telefone principal.";
      break;
    }
    case "checkbox":
      schema = { type: "boolean" };
      break;
    case "money":
      schema = {
        anyOf: [
          { type: "integer", ...pick(fromZod, RANGE), description: "Centavos: 123456 = R$ 1.234,56." },
          { type: "string", pattern: MONEY_TEXT_PATTERN, description: 'Reais como se digita: "1.234,56".' },
        ],
      };
      note = 'Em centavos (inteiro) ou o texto em reais ("1.234,56").';
      break;
    case "number": {
      const decimals = field.step?.split(".")[1]?.length ?? 0;
      schema = { type: decimals ? "number" : "integer", ...pick(fromZod, RANGE) };
      note = decimals ? `Até ${decimals} casas decimais (ponto no JSON).` : undefined;
      break;
    }
    case "barcode":
      schema = { type: "string", pattern: BARCODE_PATTERN, examples: ["7891000100103"] };
      note = "EAN-13: 13 dígitos, dígito verificador conferido.";
      break;
    case "lines":
      schema = {
        type: "array",
        minItems: 1,
        ...pick(fromZod, ["maxItems"]),
        items: {
          type: "object",
          properties: {
            produtoId: { type: "string", pattern: ID_PATTERN, title: "Produto", description: "Id de um produto cadastrado." },
            servicoId: { type: "string", pattern: ID_PATTERN, title: "Serviço", description: "Id de um serviço cadastrado." },
            descricao: { type: "string", title: "Descrição", maxLength: 200 },
            quantidade: {
              type: "number",
              title: "Quantidade",
              minimum: 0.001,
              description: "Maior que zero; até 3 casas decimais (1.5 = 1,5 kg).",
            },
            precoUnitarioCentavos: { type: "integer", title: "Preço unitário", minimum: 0, description: "Centavos." },
            descontoCentavos: { type: "integer", title: "Desconto", minimum: 0, description: "Centavos; no máximo o valor da linha." },
          },
          required: ["descricao", "quantidade", "precoUnitarioCentavos"],
          additionalProperties: false,
        },
      };
      note = "Produtos ou serviços (um ou outro, ou nenhum: uma linha livre), na ordem; o total é calculado no servidor.";
      break;
    case "relation":
      schema = { type: "string", pattern: ID_PATTERN, ...(field.relation ? { "x-relation": field.relation } : {}) };
      note = relationText(field.relation);
      break;
    case "draft":
      // Built by a screen of its own (a sale's items): zod's own conversion is the reference.
      schema = withoutOneOf(fromZod ?? {});
      break;
  }
  const when = field.showWhen;
  const controller = when ? fields.find((f) => f.name === when.field) : undefined;
  const condition =
    when && controller
      ? `Só vale quando ${controller.name} é ${when.values.map((v) => controller.options?.find((o) => o.value === v)?.label ?? v).join(" ou ")}.`
      : undefined;
  const description = sentence([field.hint, note, condition, field.readOnly ? "Calculado: somente leitura." : undefined]);
  return {
    title: field.label,
    ...schema,
    ...(description ? { description } : {}),
    ...(field.readOnly ? { readOnly: true } : {}),
    "x-kind": field.kind,
  };
}

/** The body of `POST /api/<api>` and `PATCH /api/<api>/{id}`: every field of the definition, nothing else. */
export function requestSchema(mod: ResourceModule): JsonSchema {
  const def = mod.definition;
  const fromZod = zodProperties(mod);
  const example = exampleOf(mod);
  const properties: Record<string, JsonSchema> = {};
  for (const field of def.fields) {
    const schema = fieldSchema(field, fromZod[field.name], def.fields);
    const fallback = defaultOf(mod, example, field);
    properties[field.name] = fallback === undefined ? schema : { ...schema, default: fallback };
  }
  return {
    type: "object",
    title: def.labels.newTitle,
    description: `Os campos de ${def.labels.plural}. Opcionais podem ser omitidos; um nome que não está aqui é recusado (unknown_fields).`,
    properties,
    required: def.fields.filter((f) => f.required && !f.readOnly).map((f) => f.name),
    additionalProperties: false,
  };
}
