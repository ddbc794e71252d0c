import type { z } from "zod";
import type { ResourceDefinition } from "../../../shared/resources/types.ts";

/**
 * Each shared definition file as its own lazy chunk: a form loads its resource's schema (and
 * zod) on first need, so no screen's chunk carries it (ADR 013). A definition lives in the file
 * named after it (`shared/resources/<name>.ts`, held by the registry test).
 */
const DEFINITION_FILES = import.meta.glob<Record<string, unknown>>(["../../../shared/resources/*.ts", "!**/definitions.ts"]);

function isDefinitionNamed(name: string) {
  return (value: unknown): value is ResourceDefinition<{ id: string }, unknown> =>
    typeof value === "object" && value !== null && (value as { name?: unknown }).name === name && "schema" in value;
}

/** The schema of the resource `name`, loaded on demand. */
export async function loadResourceSchema(name: string): Promise<z.ZodType> {
  const load = DEFINITION_FILES[`../../../shared/resources/${name}.ts`];
  const definition = load ? Object.values(await load()).find(isDefinitionNamed(name)) : undefined;
  if (!definition) throw new Error(`Nenhuma definição chamada ${name} em shared/resources.`);
  return definition.schema as z.ZodType;
}
