/**
 * `node scripts/explain-lists.ts [clients] [--analyze]`: seeds a scratch database with one organization of
 * 50,000 clients and 5,000 companies (the benchmark's volume) and prints, for each list the
 * screens ask for, the query plan SQLite picks and the time of the page's batch (rows + total)
 * measured in-process — the database's own share of a request. The numbers in
 * docs/decisions/007-search-and-pagination.md come from here.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ListQuery } from "../shared/resources/types.ts";
import { seedDemo } from "../db/seed/demo.ts";
import { orgScope } from "../db/tenant.ts";
import { pageQueries } from "../worker/resources/list-engine.ts";
import { encodeCursor, readCursor } from "../worker/resources/cursor.ts";
import { moduleOf } from "../worker/resources/registry.ts";
import { seedResources } from "./lib/bench-seed.ts";
import { migrateDatabase } from "./lib/migrate.ts";

const CLIENTS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 50_000);
const RUNS = 40;

const dir = mkdtempSync(path.join(tmpdir(), "alicerce-explain-"));
try {
  const db = await migrateDatabase(`file:${path.join(dir, "explain.db")}`);
  const { orgId } = await seedDemo(db);
  const seeded = await seedResources(db, orgId, { clients: CLIENTS, companies: Math.round(CLIENTS / 10) });
  if (process.argv.includes("--analyze")) await db.$client.execute("analyze");
  console.log(`${seeded.rows.clients} clientes, ${seeded.rows.companies} empresas\n`);
  const scope = orgScope(db, orgId);
  const base: ListQuery = { q: "", sort: "nome", dir: "asc", page: 1, after: null, filters: {}, columns: null };

  // A cursor in the middle of the list, for the keyset case.
  const middle = await db.$client.execute({
    sql: "select name_norm, id from clients where org_id = ? and deleted_at is null order by name_norm, id limit 1 offset ?",
    args: [orgId, Math.floor(CLIENTS / 2)],
  });
  const [nameNorm, id] = [String(middle.rows[0]?.[0]), String(middle.rows[0]?.[1])];
  const after = encodeCursor({ sort: "nome", dir: "asc", value: nameNorm, id });

  const cases: [string, Partial<ListQuery>][] = [
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
  ];

  for (const [label, patch] of cases) {
    const query = { ...base, ...patch };
    const cursor = readCursor(query.after, query.sort, query.dir, query.sort === "nome" ? "text" : "date");
    const page = { limit: 25, offset: cursor ? 0 : (query.page - 1) * 25, cursor };
    const q = pageQueries(db, scope, moduleOf("clients"), query, page);
    const rowsSql = q.rows.toSQL();
    const plan = await db.$client.execute({ sql: `explain query plan ${rowsSql.sql}`, args: rowsSql.params as never[] });
    const totalSql = q.total.toSQL();
    const totalPlan = await db.$client.execute({ sql: `explain query plan ${totalSql.sql}`, args: totalSql.params as never[] });
    let result: unknown[] = [];
    for (let i = 0; i < 5; i++) result = await db.batch([q.rows, q.total]);
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) await db.batch([q.rows, q.total]);
    const ms = (performance.now() - started) / RUNS;
    const [rows, total] = result as [unknown[], { n: number }[]];
    console.log(`${ms.toFixed(2).padStart(7)} ms  ${label}  (${rows.length} linhas de ${total[0]?.n ?? 0})`);
    console.log(`           linhas: ${plan.rows.map((r) => r.detail).join(" | ")}`);
    console.log(`           total:  ${totalPlan.rows.map((r) => r.detail).join(" | ")}`);
  }
  db.$client.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
