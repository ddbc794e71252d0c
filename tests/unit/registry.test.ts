import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { getTableColumns, getTableName } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { ACTIONS } from "../../shared/permissions.ts";
import { ROLES } from "../../shared/enums.ts";
import type { ResourceModule } from "../../worker/resources/define.ts";
import { sortColumnOf } from "../../worker/resources/list-engine.ts";
import { IMPORT_PATHS, RESOURCES } from "../../worker/resources/registry.ts";
import { registryTriggers } from "../../worker/resources/triggers.ts";

/**
 * The registry is the only list of resources: generic code names none of them, and every
 * definition's sorts, filters and totals have a server mapping backed by an index.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const modules = RESOURCES as unknown as ResourceModule[];

/** Generic machinery: everything that serves every resource. Resource modules and their screens may name themselves. */
const GENERIC = [
  "worker/resources/define.ts",
  "worker/resources/list-engine.ts",
  "worker/resources/records.ts",
  "worker/resources/import.ts",
  "worker/resources/export.ts",
  "worker/resources/triggers.ts",
  "worker/resources/cursor.ts",
  "worker/resources/csv.ts",
  "worker/resources/xlsx.ts",
  "worker/resources/insert-unless.ts",
  "worker/api/resources.ts",
  "worker/api/openapi.ts",
  "worker/api/openapi",
  "worker/api/route-doc.ts",
  "worker/api/docs.ts",
  "worker/http/middleware.ts",
  "worker/auth/permissions.ts",
  "app/server/resources.server.ts",
  "app/server/screens.server.ts",
  "app/server/navigation.server.ts",
  "app/routes/records",
  "app/components/data",
  "shared/resources/query.ts",
  "shared/resources/types.ts",
  "shared/resources/schema-helpers.ts",
];

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((name) => files(path.join(entry, name)));
}

/** Every way code could name a resource: its registry name, API segment, screen path and table names, as string literals. */
function resourceWords(): string[] {
  return [
    ...new Set(
      modules.flatMap((m) => [
        m.definition.name,
        m.definition.api,
        m.definition.basePath,
        m.definition.basePath.slice(1),
        getTableName(m.table),
        ...(m.keys ? [getTableName(m.keys)] : []),
      ]),
    ),
  ];
}

/**
 * String literals (quotes or backticks) in `source` equal to a resource word, starting with
 * "word/", or holding "/word" as a path segment anywhere ("/:id/word", "/word/x"). Module
 * specifiers (`from "…"`, `import("…")`) are files' paths, not names, and are left out.
 */
function namedResources(source: string, words: readonly string[]): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    // A module specifier is a file's path (shared/agenda/…), not a resource named by the code.
    if (/(?:\bfrom|\bimport\s*\(|^import|\nimport)\s*$/.test(source.slice(Math.max(0, (match.index ?? 0) - 12), match.index))) continue;
    const text = match[2] ?? "";
    for (const word of words) {
      const segment = word.replace(/^\//, "");
      if (text === word || text.startsWith(`${word}/`) || text.split(/[/?#]/).slice(1).includes(segment))
        found.push(`${word} in ${match[0]}`);
    }
  }
  return found;
}

describe("the resource registry", () => {
  it("generic code names no resource", () => {
    const words = resourceWords();
    const offenders = GENERIC.flatMap(files)
      .filter((f) => /\.(ts|tsx)$/.test(f))
      .flatMap((file) =>
        namedResources(withoutComments(readFileSync(file, "utf8")), words).map((w) => `${path.relative(ROOT, file)}: ${w}`),
      );
    expect(offenders, "generic code must read the registry, not name a resource").toEqual([]);
  });

  it("the naming check itself can fail", () => {
    const words = resourceWords();
    expect(namedResources(`if (name === "clients") return;`, words).length).toBeGreaterThan(0);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source code of a template literal, as a string
    expect(namedResources("const path = `/produtos/${id}`;", words).length).toBeGreaterThan(0);
    expect(namedResources(`const x = "clientes-vip";`, words)).toHaveLength(0);
    // A resource's own route, named by path anywhere (what a table of routes by path would hold).
    expect(namedResources(`const routes = { "/:id/clients": {} };`, words).length).toBeGreaterThan(0);
    expect(namedResources(`const x = "/:id/clientes-vip";`, words)).toHaveLength(0);
  });

  it("names, API segments and screen paths are unique; every action of the permission table is answered with known roles", () => {
    for (const key of ["name", "api", "basePath"] as const) {
      const values = modules.map((m) => m.definition[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
    for (const m of modules) {
      for (const action of ACTIONS) {
        expect(m.definition.access[action], `${m.definition.name}.${action}`).toBeDefined();
        for (const role of Object.keys(m.definition.access[action])) expect(ROLES).toContain(role);
      }
    }
  });

  it("derives the import paths the middleware lets carry a session (every resource's page and API)", () => {
    for (const m of modules) {
      expect(IMPORT_PATHS.test(`/api/${m.definition.api}/import`)).toBe(true);
      expect(IMPORT_PATHS.test(`${m.definition.basePath}/import.data`)).toBe(true);
    }
    expect(IMPORT_PATHS.test("/api/desconhecido/import")).toBe(false);
  });

  it("every form field is a field of the schema and the other way round (the API refuses only what the form does not have)", () => {
    for (const m of modules) {
      const shape = schemaShape(m.definition.schema);
      expect(shape, `${m.definition.name}: schema shape`).not.toBeNull();
      expect(Object.keys(shape ?? {}).sort(), m.definition.name).toEqual(m.definition.fields.map((f) => f.name).sort());
    }
  });

  it("every example is valid input", () => {
    for (const m of modules) {
      const result = m.definition.schema.safeParse(m.example(() => "00000000-0000-4000-8000-000000000000", "T"));
      expect(result.success, `${m.definition.name}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });
});

describe("the list engine's definitions", () => {
  /** Indexes of a table: name and the column names it starts with. */
  function indexes(m: ResourceModule): { name: string; columns: string[] }[] {
    return getTableConfig(m.table).indexes.map((i) => ({
      name: i.config.name,
      columns: i.config.columns.map((c) => ("name" in c ? String((c as SQLiteColumn).name) : "(expressão)")),
    }));
  }
  const served = (m: ResourceModule, column: SQLiteColumn) =>
    indexes(m).some((i) => i.columns[0] === "org_id" && i.columns[1] === column.name);

  it("every sort has a column and an index (org first, then the sort column)", () => {
    for (const m of modules) {
      for (const column of m.definition.columns.filter((c) => c.sort)) {
        const sortColumn = sortColumnOf(m, column.key);
        expect(served(m, sortColumn), `${m.definition.name}: sort "${column.key}" needs an index on (org_id, ${sortColumn.name}, …)`).toBe(
          true,
        );
      }
    }
  });

  it("every filter has a server mapping and an index (a column's, the search keys', or a named one)", () => {
    const missing: string[] = [];
    for (const m of modules) {
      for (const column of m.definition.columns.filter((c) => c.filter)) {
        const binding = m.filters?.[column.key];
        expect(binding, `${m.definition.name}: filter "${column.key}" has no server mapping`).toBeDefined();
        if (!binding) continue;
        if ("column" in binding) {
          if (!served(m, binding.column))
            missing.push(`${m.definition.name}: filter "${column.key}" needs an index on (org_id, ${binding.column.name}, …)`);
        } else if ("key" in binding) {
          expect(m.keys, `${m.definition.name}: filter "${column.key}" matches search keys, but the resource has none`).not.toBeNull();
        } else {
          expect(
            indexes(m).map((i) => i.name),
            `${m.definition.name}: filter "${column.key}"`,
          ).toContain(binding.index);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("every money total has a summed column, and only money columns total", () => {
    for (const m of modules) {
      for (const column of m.definition.columns.filter((c) => c.total)) {
        expect(column.cell?.kind, `${m.definition.name}.${column.key}`).toBe("money");
        expect(m.totals?.[column.key], `${m.definition.name}: total "${column.key}" has no column`).toBeDefined();
      }
      for (const key of Object.keys(m.totals ?? {})) expect(m.definition.columns.find((c) => c.key === key)?.total).toBe(true);
    }
  });

  it("the mappings name no column the table does not have", () => {
    for (const m of modules) {
      const own = new Set(Object.values(getTableColumns(m.table)));
      for (const binding of Object.values(m.filters ?? {})) if ("column" in binding) expect(own.has(binding.column)).toBe(true);
      for (const column of Object.values(m.sorts ?? {})) expect(own.has(column)).toBe(true);
    }
  });

  it("writes the triggers of every resource from the registry (search keys, counts, relations) with unique names", () => {
    const triggers = registryTriggers();
    const names = triggers.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const m of modules) {
      const table = getTableName(m.table);
      expect(names).toContain(`${table}_count_ai`);
      if (m.keys) expect(names).toContain(`${table}_keys_ai`);
      for (const relation of m.relations ?? []) expect(names).toContain(`${table}_${relation.column.name}_rel_bi`);
    }
  });
});

/** Source without comments (they may name resources as examples). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** The object shape inside a schema built with preprocess, pipes, refinements and transforms. */
function schemaShape(schema: unknown): Record<string, unknown> | null {
  const queue: unknown[] = [schema];
  for (let i = 0; i < 20 && queue.length; i++) {
    const node = queue.shift() as { shape?: Record<string, unknown>; def?: Record<string, unknown> } | undefined;
    if (!node) continue;
    if (node.shape && typeof node.shape === "object") return node.shape;
    for (const key of ["in", "out", "schema", "innerType"]) if (node.def?.[key]) queue.push(node.def[key]);
  }
  return null;
}
