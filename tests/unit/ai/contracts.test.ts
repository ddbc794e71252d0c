import { zodTextFormat } from "openai/helpers/zod";
import { describe, expect, it } from "vitest";
import { freeGenerationSchema, monthPlanSchema, postGenerationSchema, postRequestSchema } from "../../../shared/ai/contracts.ts";

type Json = { type?: string; properties?: Record<string, Json>; required?: string[]; additionalProperties?: boolean; items?: Json };

/** Every object in a strict schema lists all its fields as required and allows no others. */
function strictObjects(schema: Json, path = "#"): string[] {
  const problems: string[] = [];
  if (schema.type === "object" || schema.properties) {
    const keys = Object.keys(schema.properties ?? {});
    if (schema.additionalProperties !== false) problems.push(`${path}: additionalProperties`);
    if ([...keys].sort().join() !== [...(schema.required ?? [])].sort().join()) problems.push(`${path}: required`);
    for (const k of keys) problems.push(...strictObjects(schema.properties?.[k] as Json, `${path}/${k}`));
  }
  if (schema.items) problems.push(...strictObjects(schema.items, `${path}[]`));
  return problems;
}

describe("the output contracts are OpenAI strict structured outputs", () => {
  it.each([
    ["post", postGenerationSchema],
    ["texto_livre", freeGenerationSchema],
    ["mes_de_ideias", monthPlanSchema],
  ] as const)("%s converts with zodTextFormat: a root object, every field required, nothing extra", (name, schema) => {
    const format = zodTextFormat(schema, name);
    expect(format.type).toBe("json_schema");
    expect(format.strict).toBe(true);
    expect((format.schema as Json).type).toBe("object");
    expect(strictObjects(format.schema as Json)).toEqual([]);
  });

  it("an optional first comment is null, never absent; 2–3 variants", () => {
    const variant = { legenda: "a", hashtags: [], chamada: "b", textosAlternativos: [], primeiroComentario: null, afirmacoes: [] };
    expect(postGenerationSchema.safeParse({ variantes: [variant, variant] }).success).toBe(true);
    const { primeiroComentario: _, ...missing } = variant;
    expect(postGenerationSchema.safeParse({ variantes: [missing, missing] }).success).toBe(false);
    expect(postGenerationSchema.safeParse({ variantes: [variant] }).success).toBe(false);
    expect(postGenerationSchema.safeParse({ variantes: [variant, variant, variant, variant] }).success).toBe(false);
  });

  it("a request names the record, the networks, a goal and a tone", () => {
    const ok = { registro: { tipo: "imovel", id: "x" }, redes: ["instagram"], objetivo: "vender", tom: "acolhedor" };
    expect(postRequestSchema.safeParse(ok).success).toBe(true);
    expect(postRequestSchema.safeParse({ ...ok, objetivo: "lucrar" }).success).toBe(false);
    expect(postRequestSchema.safeParse({ ...ok, redes: [] }).success).toBe(false);
  });
});
