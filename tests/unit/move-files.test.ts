// move-files: keep — the paths below are a tree in memory, not this repository's files.
import { describe, expect, it } from "vitest";
import { layoutMapping, renamed } from "../../scripts/layout-mapping.ts";
import { expandMoves, planMove } from "../../scripts/move-files.ts";

/** A small tree in memory: every way the project names a file, before a move (ADR 030). */
const TREE: Record<string, string> = {
  "app/routes.ts": `route("clientes", "routes/clients.tsx", { id: "routes/clientes" });`,
  "app/routes/clients.tsx": [
    `import type { Route } from "./+types/clients";`,
    `import { produto } from "../../shared/resources/produtos.ts";`,
    `const tabs = import.meta.glob("./clients.*.tsx");`,
  ].join("\n"),
  "app/routes/clients.$id.tsx": `export default function Detail() {}`,
  "app/components/x.tsx": `import Clients from "~/routes/clients.tsx";`,
  "shared/resources/produtos.ts": `export const produto = 1;`,
  "tests/unit/registry.test.ts": `const GENERIC = ["shared/resources/produtos.ts", "app/components"];`,
  "tests/unit/x.test.ts": [
    `const ROOT = path.resolve(import.meta.dirname, "../..");`,
    `vi.mock("../../shared/resources/produtos.ts");`,
    `const dotDot = (s: string) => s !== "..";`,
  ].join("\n"),
  "tests/unit/y.test.ts": `expect(build).toThrow(/imports ".*shared\\/resources\\/produtos\\.ts"/);`,
  "vitest.config.ts": `include: ["tests/unit/**/*.test.ts"]`,
  "README.md": "Definitions: `shared/resources/produtos.ts`; see shared/resources/produtos.ts.",
  "docs/decisions/001-x.md": "<!-- move-files: keep -->\nWas shared/resources/produtos.ts.",
};

const MAPPING = {
  moves: {
    "app/routes/clients.tsx": "app/routes/records/clients.tsx",
    "app/routes/clients.$id.tsx": "app/routes/records/clients.$id.tsx",
    "shared/resources/produtos.ts": "shared/stock/products.ts",
    "tests/unit/x.test.ts": "tests/unit/d/x.test.ts",
  },
};

function plan() {
  const files = Object.keys(TREE);
  const moves = expandMoves(MAPPING, files, (f) => f in TREE);
  return planMove(files, moves, (f) => TREE[f] ?? null);
}

describe("move-files", () => {
  const { contents, report } = plan();

  it("rewrites specifiers relative to each file's new folder, keeping their style", () => {
    expect(contents.get("app/routes/records/clients.tsx")).toBe(
      [
        `import type { Route } from "./+types/clients";`,
        `import { produto } from "../../../shared/stock/products.ts";`,
        `const tabs = import.meta.glob("./clients.*.tsx");`,
      ].join("\n"),
    );
    expect(contents.get("app/components/x.tsx")).toBe(`import Clients from "~/routes/records/clients.tsx";`);
    expect(contents.get("tests/unit/d/x.test.ts")).toBe(
      [
        `const ROOT = path.resolve(import.meta.dirname, "../../..");`,
        `vi.mock("../../../shared/stock/products.ts");`,
        `const dotDot = (s: string) => s !== "..";`,
      ].join("\n"),
    );
  });

  it("rewrites route files relative to app/, root-relative lists and prose, and leaves what did not move", () => {
    expect(contents.get("app/routes.ts")).toBe(`route("clientes", "routes/records/clients.tsx", { id: "routes/clientes" });`);
    expect(contents.get("tests/unit/registry.test.ts")).toBe(`const GENERIC = ["shared/stock/products.ts", "app/components"];`);
    expect(contents.get("README.md")).toBe("Definitions: `shared/stock/products.ts`; see shared/stock/products.ts.");
    expect(contents.get("tests/unit/y.test.ts")).toBe(`expect(build).toThrow(/imports ".*shared\\/stock\\/products\\.ts"/);`);
    expect(contents.has("vitest.config.ts")).toBe(false);
    expect(contents.has("docs/decisions/001-x.md")).toBe(false);
    expect(report.unresolved).toEqual([]);
  });

  it("refuses a mapping that names an untracked file or overwrites one", () => {
    const files = Object.keys(TREE);
    expect(() => expandMoves({ moves: { "app/nope.ts": "app/x.ts" } }, files, () => false)).toThrow("not tracked");
    expect(() => expandMoves({ moves: { "app/routes/clients.tsx": "app/components/x.tsx" } }, files, (f) => f in TREE)).toThrow(
      "exists already",
    );
  });
});

describe("layout-mapping", () => {
  it("names a concept once and keeps a route's URL segments", () => {
    expect(renamed("produtos.test.ts", false)).toBe("products.test.ts");
    expect(renamed("movimentacoes-produtos.ts", false)).toBe("stock-movements.ts");
    expect(renamed("property_clients.$id.edit.tsx", true)).toBe("interests.$id.edit.tsx");
    expect(renamed("properties.$id.interesses.tsx", true)).toBe("properties.$id.interesses.tsx");
    expect(renamed("imovel.$slug.tsx", true)).toBe("public-property.tsx");
  });

  it("groups known files by domain and leaves an unknown one in place, listed", () => {
    const { moves, unclassified } = layoutMapping([
      "app/routes/produtos.$id.tsx",
      "app/routes/agenda.tsx",
      "worker/services/context.ts",
      "tests/api/interests-fixtures.ts",
      "worker/resources/modules/clients-openapi.ts",
    ]);
    expect(moves).toEqual({
      "app/routes/produtos.$id.tsx": "app/routes/stock/products.$id.tsx",
      "tests/api/interests-fixtures.ts": "tests/api/real-estate/interests-fixtures.ts",
      "worker/resources/modules/clients-openapi.ts": "worker/resources/modules/customers/clients-openapi.ts",
    });
    expect(unclassified).toEqual(["app/routes/agenda.tsx"]);
  });
});
