import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { plainScreenRoutes, SCREENS } from "../../app/routes/records/config.ts";
import { buildDetailView } from "../../app/components/data/view.server.ts";
import { NAV_ITEMS, navFor } from "../../app/server/navigation.server.ts";
import { formatBRL, formatDateTime } from "../../shared/format.ts";
import { type AnyDefinition, DEFINITIONS, definitionByPath, screenPaths } from "../../shared/resources/definitions.ts";
import { type MovimentacaoProdutoRow, movimentacaoProdutoDefinition } from "../../shared/resources/movimentacoes-produtos.ts";

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
      ["servicos", "servicos/create", "servicos/import", "servicos/export", "servicos/:id", "servicos/:id/edit"],
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

  it("a resource writes its own route module only for a screen with behaviour: the route files each one keeps", () => {
    // Every route under a definition's paths (index routes too) whose module is not a shared screen.
    const withIndexes = (entries: readonly RouteConfigEntry[], parent = ""): { path: string; file: string }[] =>
      entries.flatMap((e) => {
        const full = [parent, e.path ?? ""].filter(Boolean).join("/");
        return [{ path: full, file: e.file }, ...withIndexes(e.children ?? [], full)];
      });
    const ownFiles = (def: AnyDefinition) =>
      new Set(
        withIndexes(routes)
          .filter((r) => screenPaths(def).some((p) => `/${r.path}` === p || `/${r.path}`.startsWith(`${p}/`)))
          .map((r) => r.file)
          .filter((file) => !file.startsWith("routes/records/")),
      );
    const counts = Object.fromEntries(definitions.map((def) => [def.name, ownFiles(def).size]));
    // The client's page (timeline, LGPD card), the company's (its clients), the product's (the
    // ledger); the movement's page is the shared one. Properties and interests keep their pages.
    expect(counts).toEqual({
      companies: 1,
      clients: 1,
      produtos: 1,
      "movimentacoes-produtos": 0,
      imoveis: 7,
      interesses: 3,
      // The editor (accounts, live counter, photos, previews) and the post's page (each network's
      // status and moves); the list and export are the shared ones.
      posts: 2,
      // Contas de Referência: every screen is the shared one.
      referencias: 0,
      // Profissionais: the form (services and members to choose from) and the page (availability, time off, login).
      profissionais: 2,
      // Agendamentos: the calendar at /agenda (ADR 060) is its own route module; no shared screen.
      agendamentos: 1,
      // The service's page (products consumed with stock and cost, margin, "Gerar post") and its
      // form (the team's checkboxes and the categories in use, read with the record).
      servicos: 2,
      // Documentos: the list with its upload area, the page with the preview, the metadata form
      // (the file fields are the API's only); the export is the shared one.
      documentos: 3,
      // Pedidos: the list with its board, the form (the items' catalogue) and the order's page (pipeline, history, sale).
      pedidos: 3,
      // Vendas: the list and export are the shared ones; the point of sale, its search (JSON) and the receipt are their own.
      vendas: 3,
      // Money (ADR 072): the bill's and the receivable's pages settle them; the movement's page
      // reverses it, and the balances page (chart, transfer) sits under /movimentacoes.
      "contas-financeiras": 0,
      despesas: 1,
      receitas: 1,
      movimentacoes: 2,
    });
    const ownScreens: Record<string, number> = {
      posts: 2,
      profissionais: 2,
      servicos: 2,
      documentos: 3,
      pedidos: 3,
      vendas: 3,
      movimentacoes: 2,
    };
    for (const def of definitions.filter((d) => d.screens?.plain.length))
      expect(counts[def.name], def.name).toBeLessThanOrEqual(ownScreens[def.name] ?? 1);
  });
});

describe("the shared record page", () => {
  const movement = movimentacaoProdutoDefinition;
  const row: MovimentacaoProdutoRow = {
    id: "01JD0000000000000000000001",
    produtoId: "01JD0000000000000000000002",
    produtoNome: "Tinta acrílica 18 L",
    produtoSku: "TIN-18",
    produtoUnidade: "un",
    tipo: "saida",
    quantidade: -1.5,
    custoUnitarioCentavos: null,
    valorCentavos: 4275,
    motivo: null,
    ocorridoEm: "2026-11-20T17:30:00.000Z",
    criadoEm: "2026-11-20T17:30:00.000Z",
    atualizadoEm: "2026-11-20T17:30:00.000Z",
    criadoPor: null,
    criadoPorNome: "Ana",
    atualizadoPor: null,
    atualizadoPorNome: null,
  };
  const readings = (def: typeof movement, r: MovimentacaoProdutoRow) =>
    Object.fromEntries(buildDetailView(def, r, {}, "America/Sao_Paulo").sections.flatMap((s) => s.items.map((i) => [i.name, i.value])));
  const values = (r: MovimentacaoProdutoRow) => readings(movement, r);
  // The same definition without its record page's texts: the kinds' own readings.
  const bare = { ...movement, screens: movement.screens && { ...movement.screens, detail: undefined } };

  it("serves the record page of each definition that lists it as plain", () => {
    const routed = all.filter((r) => r.file === SCREENS.detail.file).map((r) => r.path);
    const plainDetail = definitions.filter((d) => d.screens?.plain.includes("detail"));
    expect(plainDetail.map((d) => d.name)).toContain(movement.name);
    for (const def of plainDetail) expect(routed, def.name).toContain(`${def.basePath.slice(1)}/:id`);
  });

  it("reads a relation as a link to the related record's page, with the definition's text in place of the kind's", () => {
    const v = values(row);
    expect(v.produtoId).toEqual({ kind: "link", text: "Tinta acrílica 18 L (TIN-18)", href: `/produtos/${row.produtoId}` });
    expect(v.quantidade).toEqual({ kind: "text", text: "−1,5 un", numeric: true });
    // A blank reading becomes the definition's text, aligned as its kind.
    expect(v.custoUnitarioCentavos).toEqual({ kind: "text", text: formatBRL(0), numeric: true });
    expect(v.ocorridoEm).toMatchObject({ kind: "text", text: formatDateTime(row.ocorridoEm) });
    expect(v.motivo).toEqual({ kind: "empty" });
  });

  it("a relation whose record is gone is no link (the definition names it)", () => {
    expect(values({ ...row, produtoNome: null }).produtoId).toEqual({ kind: "text", text: "Produto excluído" });
    expect(readings(bare, { ...row, produtoNome: null }).produtoId).toEqual({ kind: "empty" });
    expect(readings(bare, row).produtoId).toEqual({ kind: "link", text: "Tinta acrílica 18 L", href: `/produtos/${row.produtoId}` });
  });

  it("gives the note above the fields and the delete note from the definition", () => {
    expect(movement.screens?.detail?.note?.(row)).toEqual([
      "Valor da movimentação: ",
      { figure: formatBRL(4275) },
      ". Movimentações não se editam: para corrigir, registre um ajuste.",
    ]);
    expect(movement.screens?.detail?.deleteNote).toBe(
      "A movimentação sai do razão e o estoque do produto volta ao que era sem ela. Você pode desfazer logo em seguida.",
    );
    expect(movement.screens?.plain).not.toContain("edit");
  });
});

describe("the menu", () => {
  it("lists each definition's list under its group, in the order the menu had, then Configurações", () => {
    const owner = navFor([...new Set(NAV_ITEMS.map((i) => i.resource))]);
    expect(owner.groups.map((g) => [g.group, g.items.map((i) => i.label)])).toEqual([
      [
        "Negócio",
        ["Dashboard", "Clientes", "Empresas", "Produtos", "Pedidos", "Movimentações de produtos", "Documentos", "Relatórios", "Analytics"],
      ],
      ["Agenda", ["Agendamentos", "Atendimento", "Profissionais", "Horários", "Serviços"]],
      ["Imóveis", ["Imóveis", "Rascunhos de Imóveis", "Interesses em Imóveis", "Landing Page"]],
      ["Financeiro", ["Vendas", "Despesas", "Receitas", "Movimentações", "Saldos e transferências", "Contas financeiras"]],
      [
        "Redes Sociais",
        [
          "Gerar Postagem",
          "Rascunhos",
          "Gerador de Conteúdo IA",
          "Posts",
          "Calendário de Posts",
          "Feed",
          "Posts do Facebook",
          "Posts do Instagram",
          "Histórico",
          "Contas de Referência",
          "Conectar Redes",
        ],
      ],
    ]);
    expect(owner.settings).toEqual({ to: "/settings", label: "Configurações" });
    // Every definition with screens (one without has no list to link to).
    for (const def of definitions.filter((d) => d.screens))
      expect(
        NAV_ITEMS.some((i) => i.to === def.basePath && i.resource === def.name),
        def.name,
      ).toBe(true);
  });

  it("shows only what the role may read", () => {
    expect(navFor(["account", "clients"]).groups.flatMap((g) => g.items.map((i) => i.to))).toEqual(["/", "/clients"]);
  });
});
