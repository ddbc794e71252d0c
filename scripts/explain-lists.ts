/**
 * `npx node scripts/explain-lists.ts [clients|produtos|movimentacoes] [N] [--analyze]`: seeds a
 * scratch database with one organization at the benchmark's volume (50,000 clients, 5,000
 * companies, 20,000 products, 200,000 stock movements; `N` clients and proportionally fewer of the
 * rest when given) and prints, for each list the screens and the benchmark ask for, the query
 * plans SQLite picks (rows, total, sums) and the time of the page's batch measured
 * in-process — the database's own share of a request. Without a list name, all three. The
 * numbers in docs/decisions/007-search-and-pagination.md come from here. Without statistics
 * unless `--analyze` (ADR 011).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BatchItem } from "drizzle-orm/batch";
import { seedDemo } from "./seed/demo.ts";
import { orgScope } from "../db/tenant.ts";
import { localDay } from "../shared/format.ts";
import type { ListQuery } from "../shared/resources/types.ts";
import { encodeCursor, readCursor } from "../worker/resources/cursor.ts";
import { pageQueries, sortTypeOf } from "../worker/resources/list-engine.ts";
import { moduleOf } from "../worker/resources/registry.ts";
import { seedResources } from "./lib/bench-seed.ts";
import { migrateDatabase } from "./lib/migrate.ts";

const CLIENTS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 50_000);
const scale = CLIENTS / 50_000;
const RUNS = 40;
const LISTS = ["clients", "produtos", "movimentacoes"] as const;
const only = LISTS.filter((l) => process.argv.includes(l));
const wanted = only.length ? only : LISTS;

const [y, m] = localDay(new Date()).split("-") as [string, string];
const thisMonth = `${y}-${m}-01..${y}-${m}-${String(new Date(Date.UTC(Number(y), Number(m), 0)).getUTCDate()).padStart(2, "0")}`;

const dir = mkdtempSync(path.join(tmpdir(), "alicerce-explain-"));
try {
  const db = await migrateDatabase(`file:${path.join(dir, "explain.db")}`);
  const { orgId } = await seedDemo(db);
  const stock = wanted.some((l) => l !== "clients");
  const seeded = await seedResources(db, orgId, {
    clients: CLIENTS,
    companies: Math.round(CLIENTS / 10),
    products: stock ? Math.round(20_000 * scale) : 0,
    movements: stock ? Math.round(200_000 * scale) : 0,
  });
  if (process.argv.includes("--analyze")) await db.$client.execute("analyze");
  const r = seeded.rows;
  console.log(`${r.clients} clientes, ${r.companies} empresas, ${r.products} produtos, ${r.movements} movimentações\n`);
  const scope = orgScope(db, orgId);

  async function explain(resource: string, cases: [string, Partial<ListQuery>][]): Promise<void> {
    const mod = moduleOf(resource);
    const { key, dir: defaultDir } = mod.definition.defaultSort;
    const base: ListQuery = { q: "", sort: key, dir: defaultDir, page: 1, after: null, filters: {}, columns: null };
    console.log(`== ${mod.definition.labels.listTitle}`);
    for (const [label, patch] of cases) {
      const query = { ...base, ...patch };
      const cursor = readCursor(query.after, query.sort, query.dir, sortTypeOf(mod, query.sort));
      const pageSize = mod.definition.pageSize;
      const page = { limit: pageSize, offset: cursor ? 0 : (query.page - 1) * pageSize, cursor };
      const q = pageQueries(db, scope, mod, query, page);
      const rowsSql = q.rows.toSQL();
      const plan = await db.$client.execute({ sql: `explain query plan ${rowsSql.sql}`, args: rowsSql.params as never[] });
      const totalSql = q.total.toSQL();
      const totalPlan = await db.$client.execute({ sql: `explain query plan ${totalSql.sql}`, args: totalSql.params as never[] });
      const totalsSql = q.totals?.toSQL();
      const totalsPlan = totalsSql
        ? await db.$client.execute({ sql: `explain query plan ${totalsSql.sql}`, args: totalsSql.params as never[] })
        : null;
      const batch = [q.rows, q.total, ...(q.totals ? [q.totals] : [])] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
      let result: unknown[] = [];
      for (let i = 0; i < 5; i++) result = await db.batch(batch);
      const started = performance.now();
      for (let i = 0; i < RUNS; i++) await db.batch(batch);
      const ms = (performance.now() - started) / RUNS;
      const [rows, total] = result as [unknown[], { n: number }[]];
      console.log(`${ms.toFixed(2).padStart(7)} ms  ${label}  (${rows.length} linhas de ${total[0]?.n ?? 0})`);
      console.log(`           linhas: ${plan.rows.map((row) => row.detail).join(" | ")}`);
      console.log(`           total:  ${totalPlan.rows.map((row) => row.detail).join(" | ")}`);
      if (totalsPlan) console.log(`           somas:  ${totalsPlan.rows.map((row) => row.detail).join(" | ")}`);
    }
    console.log("");
  }

  if (wanted.includes("clients")) {
    // A cursor in the middle of the list, for the keyset case.
    const middle = await db.$client.execute({
      sql: "select name_norm, id from clients where org_id = ? and deleted_at is null order by name_norm, id limit 1 offset ?",
      args: [orgId, Math.floor(CLIENTS / 2)],
    });
    const [nameNorm, id] = [String(middle.rows[0]?.[0]), String(middle.rows[0]?.[1])];
    const after = encodeCursor({ sort: "nome", dir: "asc", value: nameNorm, id });
    await explain("clients", [
      ["primeira página (nome)", {}],
      ["página 900 (offset 22.475)", { page: 900 }],
      ["página 1999 (offset 49.950)", { page: 1999 }],
      ["keyset no meio (after)", { page: 1000, after }],
      ["ordem por cadastro (desc)", { sort: "criadoEm", dir: "desc" }],
      ["filtro origem=instagram", { filters: { origem: ["instagram"] } }],
      ["filtro tags=vip", { filters: { tags: ["vip"] } }],
      ["filtro cidade=São Paulo", { filters: { cidade: ["São Paulo"] } }],
      ["busca joao", { q: "joao" }],
      ["busca maria", { q: "maria" }],
      ["busca silva", { q: "silva" }],
      ["busca jo", { q: "jo" }],
      ["busca a", { q: "a" }],
      ["busca joao silva", { q: "joao silva" }],
      ["busca telefone 11 9", { q: "(11) 9" }],
      ["busca CPF 123.4", { q: "123.4" }],
      ["busca joao + origem", { q: "joao", filters: { origem: ["instagram"] } }],
      ["busca joao por cadastro", { q: "joao", sort: "criadoEm", dir: "desc" }],
    ]);
  }
  if (wanted.includes("produtos"))
    await explain("produtos", [
      ["primeira página (nome)", {}],
      ["página 400 (offset 9.975)", { page: 400 }],
      ["busca placa", { q: "placa" }],
      ["busca placa vende", { q: "placa vende" }],
      ["busca SKU BCH-0100", { q: "BCH-0100" }],
      ["filtro abaixo do mínimo", { filters: { abaixoMinimo: ["sim"] } }],
      ["filtro categoria Limpeza", { filters: { categoria: ["Limpeza"] } }],
      ["ordem por estoque (asc)", { sort: "estoque", dir: "asc" }],
      ["ordem por preço (desc), página 400", { sort: "preco", dir: "desc", page: 400 }],
    ]);
  if (wanted.includes("movimentacoes"))
    await explain("movimentacoes-produtos", [
      ["primeira página (data desc)", {}],
      ["página 4000 (offset 99.975)", { page: 4000 }],
      ["filtro tipo=saida", { filters: { tipo: ["saida"] } }],
      [`filtro tipo=saida, data ${thisMonth}`, { filters: { tipo: ["saida"], ocorridoEm: [thisMonth] } }],
      [`filtro data ${thisMonth}`, { filters: { ocorridoEm: [thisMonth] } }],
      ["ordem por valor (desc)", { sort: "valor", dir: "desc" }],
    ]);
  db.$client.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
