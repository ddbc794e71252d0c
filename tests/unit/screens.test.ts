import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { plainScreenRoutes, SCREENS } from "../../app/routes/records/config.ts";
import { NAV_ITEMS, navFor } from "../../app/server/navigation.server.ts";
import { type AnyDefinition, DEFINITIONS, definitionByPath } from "../../shared/resources/definitions.ts";

/** The plain screens come from the definitions: routes, lookups by path, the menu. */

const ROOT = path.resolve(import.meta.dirname, "../..");
const definitions = DEFINITIONS as readonly AnyDefinition[];

function flatten(entries: readonly RouteConfigEntry[], parent = ""): { path: string; file: string; id: string | undefined }[] {
  return entries.flatMap((e) => {
    const full = [parent, e.path ?? ""].filter(Boolean).join("/");
    const self = e.index ? [] : [{ path: full, file: e.file, id: e.id }];
    return [...self, ...flatten(e.children ?? [], full)];
  });
}

const all = flatten(routes);

describe("the screens of the definitions", () => {
  it("keeps every record URL the app had, each served by one route", () => {
    const urls = [
      ["clients", "clientes", "clients/create", "clients/import", "clients/export", "clients/:id", "clients/:id/edit", "clients/:id/dados"],
      ["companies", "companies/create", "companies/import", "companies/export", "companies/:id", "companies/:id/edit"],
      ["produtos", "produtos/create", "produtos/import", "produtos/export", "produtos/:id", "produtos/:id/edit"],
      ["movimentacao-produtos", "movimentacao-produtos/create", "movimentacao-produtos/import", "movimentacao-produtos/export"],
      ["movimentacao-produtos/:id", "properties", "properties/create", "properties/:id", "properties/:id/edit"],
      ["property_clients", "property_clients/create", "property_clients/:id", "property_clients/:id/edit"],
    ].flat();
    for (const url of urls)
      expect(
        all.filter((r) => r.path === url).map((r) => r.path),
        url,
      ).toEqual([url]);
    const paths = all.filter((r) => r.path).map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const ids = all.map((r) => r.id ?? r.file);
    expect(new Set(ids).size, "route ids").toBe(ids.length);
  });

  it("serves each plain screen from the shared module of its kind, under the definition's path", () => {
    const plain = plainScreenRoutes(definitions).map((r) => ({ path: r.path, file: r.file }));
    for (const def of definitions) {
      for (const kind of def.screens?.plain ?? []) {
        const expected = { path: `${def.basePath.slice(1)}${SCREENS[kind].path}`, file: SCREENS[kind].file };
        expect(plain, `${def.name} ${kind}`).toContainEqual(expected);
        expect(
          all.filter((r) => r.path === expected.path),
          `${def.name} ${kind}`,
        ).toHaveLength(1);
      }
    }
    for (const r of plain) expect(existsSync(path.join(ROOT, "app", r.file)), r.file).toBe(true);
    // The edit route is the same module as create (one editor), and no definition lists a screen twice.
    expect(new Set(plain.filter((r) => /\/(create|:id\/edit)$/.test(r.path ?? "")).map((r) => r.file))).toEqual(
      new Set(["routes/records/editor.tsx"]),
    );
  });

  it("finds a definition from any of its screens' paths (aliases and client navigations' .data too)", () => {
    for (const def of definitions) {
      for (const p of [def.basePath, `${def.basePath}.data`, `${def.basePath}/abc/edit`, `${def.basePath}/abc/edit.data`]) {
        expect(definitionByPath(p)?.name, p).toBe(def.name);
      }
      for (const alias of def.screens?.aliases ?? []) expect(definitionByPath(alias)?.name, alias).toBe(def.name);
    }
    expect(definitionByPath("/login")).toBeUndefined();
    expect(definitionByPath("/")).toBeUndefined();
  });

  it("each definition lives in the file named after it (the browser loads its schema lazily by name)", () => {
    for (const def of definitions) {
      const file = path.join(ROOT, "shared/resources", `${def.name}.ts`);
      expect(existsSync(file), def.name).toBe(true);
      expect(readFileSync(file, "utf8")).toMatch(/: ResourceDefinition</);
    }
  });

  it("a route module stays in app/routes only for a screen with behaviour of its own: at most one per plain resource", () => {
    const own = readdirSync(path.join(ROOT, "app/routes")).filter((f) => f.endsWith(".tsx"));
    for (const def of definitions.filter((d) => d.screens?.plain.length)) {
      const prefix = def.basePath.slice(1);
      expect(own.filter((f) => f.startsWith(`${prefix}.`) || f === `${prefix}.tsx`).length, def.name).toBeLessThanOrEqual(1);
    }
  });
});

describe("the menu", () => {
  it("lists each definition's list under its group, in the order the menu had", () => {
    const owner = navFor([...new Set(NAV_ITEMS.map((i) => i.resource))]);
    expect(owner.map((g) => [g.group, g.items.map((i) => i.label)])).toEqual([
      ["Negócio", ["Dashboard", "Clientes", "Empresas", "Produtos", "Movimentações de produtos"]],
      ["Imóveis", ["Imóveis", "Rascunhos", "Interesses em Imóveis", "Landing Page", "Portais"]],
      [
        "Configurações",
        ["Perfil do Negócio", "Configurações do Negócio", "Usuários", "Configurações", "Banco de Dados", "Diagnóstico do Sistema"],
      ],
    ]);
    for (const def of definitions)
      expect(
        NAV_ITEMS.some((i) => i.to === def.basePath && i.resource === def.name),
        def.name,
      ).toBe(true);
  });

  it("shows only what the role may read", () => {
    expect(navFor(["account", "clients"]).flatMap((g) => g.items.map((i) => i.to))).toEqual(["/", "/clients", "/settings"]);
  });
});
