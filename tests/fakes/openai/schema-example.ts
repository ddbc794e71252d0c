/**
 * A value that satisfies a JSON schema (the subset OpenAI's strict structured output accepts:
 * objects with every property required, arrays, enums, const, anyOf, $ref into $defs), so the
 * fake answers any structured request sensibly when a test scripted nothing.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
};

const SAMPLE_TEXT = "Texto de exemplo do servidor falso da OpenAI";

export function exampleFromSchema(root: unknown): unknown {
  const schema = (root ?? {}) as JsonSchema;
  const defs = { ...schema.definitions, ...schema.$defs };
  return example(schema, defs, 0);
}

function example(schema: JsonSchema, defs: Record<string, JsonSchema>, depth: number): unknown {
  if (depth > 12) return null;
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/(\$defs|definitions)\//, "");
    return example(defs[name] ?? {}, defs, depth + 1);
  }
  if ("const" in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) {
    const nonNull = choices.find((c) => c.type !== "null") ?? choices[0];
    return example(nonNull ?? {}, defs, depth + 1);
  }
  if (schema.allOf?.length) return example(Object.assign({}, ...schema.allOf), defs, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== "null") ?? "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, example(value, defs, depth + 1)]));
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => example(schema.items ?? {}, defs, depth + 1));
    case "string": {
      const text = SAMPLE_TEXT.padEnd(schema.minLength ?? 0, ".");
      return schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
    }
    case "integer":
    case "number": {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return schema.maximum !== undefined ? Math.min(low, schema.maximum) : low;
    }
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return SAMPLE_TEXT;
  }
}
