import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as browser from "../../app/components/ui/form-data.ts";
import { clientSchema } from "../../shared/resources/clients.ts";
import { produtoSchema } from "../../shared/resources/produtos.ts";
import * as shared from "../../shared/validation.ts";

/**
 * The shared form's chunk carries no zod: its schema is imported lazily and the browser-side
 * helpers are zod-free twins of `shared/validation.ts`'s (ADR 013, client JS budget).
 */
describe("zod-free form helpers", () => {
  it("name the form-wide error as the server does", () => {
    expect(browser.FORM_ERROR_KEY).toBe(shared.FORM_ERROR_KEY);
  });

  it("read a form as the server does: repeated keys become arrays", () => {
    const form = new URLSearchParams([
      ["nome", "Ana"],
      ["tags", "a"],
      ["tags", "b"],
      ["tags", "c"],
    ]);
    expect(browser.formDataToObject(form)).toEqual(shared.formDataToObject(form));
    expect(browser.formDataToObject(form)).toEqual({ nome: "Ana", tags: ["a", "b", "c"] });
  });

  it("map a failed parse to the same pt-BR messages per field as the action", () => {
    const inputs: Record<string, unknown>[] = [
      { sku: "", nome: "x", unidade: "caixote", precoCentavos: "abc", estoqueMinimo: "-1" },
      { sku: "AB 12", nome: "Caneta", unidade: "un" },
      { sku: "CAN-1", nome: "Caneta", unidade: "un", precoCentavos: "1.234,56" },
    ];
    for (const input of inputs) {
      const result = produtoSchema.safeParse(input);
      expect(browser.formErrors(result)).toEqual(shared.formErrors(result));
    }
    const bad = clientSchema.safeParse({ tipo: "pj", nome: "", documento: "123", email: "nope", "telefones.0.numero": "12" });
    const errors = browser.formErrors(bad);
    expect(errors).toEqual(shared.formErrors(bad));
    expect(errors.nome).toBe("O campo Nome é obrigatório");
    expect(Object.keys(errors)).toContain("telefones.0.numero");
    expect(browser.formErrors(produtoSchema.safeParse({ sku: "CAN-1", nome: "Caneta", unidade: "un" }))).toEqual({});
  });
});

/** Static (runtime) imports of a module, resolved to files; `import type` and dynamic imports excluded. */
function staticImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of source.matchAll(/^import\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm)) {
    const spec = m[1] as string;
    out.push(spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : spec);
  }
  return out;
}

describe("the shared form's static imports", () => {
  it("reach neither zod nor shared/validation.ts (the schema loads lazily)", () => {
    const seen = new Set<string>();
    const queue = [path.resolve("app/components/data/resource-form.tsx")];
    const bare = new Set<string>();
    while (queue.length) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of staticImports(file)) {
        if (spec.startsWith("/")) queue.push(spec);
        else bare.add(spec);
      }
    }
    expect([...bare].filter((b) => b === "zod" || b.startsWith("zod/"))).toEqual([]);
    expect([...seen].map((f) => path.relative(process.cwd(), f))).not.toContain("shared/validation.ts");
    // The walk did follow the form's pieces.
    expect([...seen].map((f) => path.relative(process.cwd(), f))).toContain("app/components/ui/form-data.ts");
  });
});
