import { sql } from "drizzle-orm";
import { z } from "zod";
import { products, stockMovements } from "../../../../db/schema/index.ts";
import { STOCK_MOVEMENT_KIND, STOCK_MOVEMENT_KINDS } from "../../../../shared/enums/records.ts";
import type { ReportKpi, ReportRow } from "../../../../shared/reports/document.ts";
import { boundsOf, defineReport, num, type ReportBody } from "../engine.ts";

/**
 * Estoque (issue 23, ADR 085): the position — every live product's stock now, its value at cost
 * (stock × unit cost, rounded to the centavo) and whether it is below its minimum — and the
 * movement of the period from the stock ledger (`stock_movements`, not deleted, by the instant it
 * happened, the organização's days): by kind (entradas, saídas, ajustes, vendas, consumo em
 * serviço, cancelamentos), and per product its entradas (entrada + cancelamento), saídas (saída +
 * venda + consumo) and ajustes (±). Quantities are in the product's unit (the ledger keeps
 * thousandths); values are the ledger's (|quantity| × unit cost when recorded).
 */

const filtersSchema = z.object({ categoria: z.string().max(80).optional().catch(undefined) });

const IN = ["entrada", "cancelamento"];
const OUT = ["saida", "venda", "consumo"];

export const estoqueReport = defineReport({
  id: "estoque",
  title: "Estoque",
  description: "Posição de cada produto com o valor a custo e os abaixo do mínimo; entradas, saídas e ajustes do período.",
  group: "Estoque",
  area: "relatorios-operacionais",
  filters: { schema: filtersSchema, fields: [{ key: "categoria", label: "Categoria" }] },
  queries(db, ctx, params) {
    const org = ctx.actor.orgId;
    const { start, end } = boundsOf(params.period, ctx.zone);
    const cat = params.filters.categoria ? sql` and p.category = ${params.filters.categoria}` : sql``;
    const moved = sql`m.org_id = ${org} and m.deleted_at is null and m.occurred_at >= ${start} and m.occurred_at < ${end}`;
    return {
      position: db.all<{ id: string; nome: string; sku: string; unidade: string; estoque: number; minimo: number; custo: number }>(sql`
        select p.id as id, p.name as nome, p.sku as sku, p.unit as unidade, p.stock_milli as estoque, p.min_stock_milli as minimo, p.cost_cents as custo
        from ${products} p
        where p.org_id = ${org} and p.deleted_at is null${cat}
        order by p.name_norm, p.id`),
      byKind: db.all<{ tipo: string; n: number; quantidade: number; valor: number }>(sql`
        select m.kind as tipo, count(*) as n, sum(m.quantity_milli) as quantidade, sum(m.value_cents) as valor
        from ${stockMovements} m join ${products} p on p.id = m.product_id and p.org_id = ${org}
        where ${moved}${cat}
        group by m.kind`),
      byProduct: db.all<{
        id: string;
        nome: string;
        unidade: string;
        entradas: number;
        saidas: number;
        ajustes: number;
        valorEntradas: number;
        valorSaidas: number;
      }>(sql`
        select p.id as id, p.name as nome, p.unit as unidade,
          coalesce(sum(case when m.kind in ('entrada', 'cancelamento') then m.quantity_milli end), 0) as entradas,
          coalesce(sum(case when m.kind in ('saida', 'venda', 'consumo') then -m.quantity_milli end), 0) as saidas,
          coalesce(sum(case when m.kind = 'ajuste' then m.quantity_milli end), 0) as ajustes,
          coalesce(sum(case when m.kind in ('entrada', 'cancelamento') then m.value_cents end), 0) as "valorEntradas",
          coalesce(sum(case when m.kind in ('saida', 'venda', 'consumo') then m.value_cents end), 0) as "valorSaidas"
        from ${stockMovements} m join ${products} p on p.id = m.product_id and p.org_id = ${org}
        where ${moved}${cat}
        group by p.id order by p.name_norm, p.id`),
    };
  },
  assemble(rows): ReportBody {
    const positionRows: ReportRow[] = rows.position.map((p) => {
      const estoque = num(p.estoque);
      const minimo = num(p.minimo);
      return {
        produto: p.nome,
        sku: p.sku,
        estoque: estoque / 1000,
        minimo: minimo / 1000,
        custo: num(p.custo),
        valor: Math.round((Math.max(estoque, 0) * num(p.custo)) / 1000),
        // Below its minimum as the dashboard's card counts it (stock < minimum).
        situacao: estoque < minimo ? (estoque <= 0 ? "Sem estoque" : "Abaixo do mínimo") : "OK",
      };
    });
    const below = positionRows.filter((r) => r.situacao !== "OK").length;
    const stockValue = positionRows.reduce((t, r) => t + num(r.valor), 0);
    const kind = (k: string) => rows.byKind.find((r) => r.tipo === k);
    const kindRows: ReportRow[] = STOCK_MOVEMENT_KINDS.map((k) => ({
      tipo: STOCK_MOVEMENT_KIND.label(k),
      movimentos: num(kind(k)?.n),
      quantidade: num(kind(k)?.quantidade) / 1000,
      valor: num(kind(k)?.valor),
    }));
    const sumOf = (kinds: string[], key: "n" | "valor") => kinds.reduce((t, k) => t + num(kind(k)?.[key]), 0);
    const kpis: ReportKpi[] = [
      { label: "Valor do estoque a custo", kind: "money", value: stockValue },
      { label: "Produtos", kind: "integer", value: positionRows.length },
      { label: "Abaixo do mínimo", kind: "integer", value: below },
      { label: "Entradas no período (valor)", kind: "money", value: sumOf(IN, "valor") },
      { label: "Saídas no período (valor)", kind: "money", value: sumOf(OUT, "valor") },
    ];
    const productRows: ReportRow[] = rows.byProduct.map((r) => ({
      produto: r.nome,
      entradas: num(r.entradas) / 1000,
      saidas: num(r.saidas) / 1000,
      ajustes: num(r.ajustes) / 1000,
      valorEntradas: num(r.valorEntradas),
      valorSaidas: num(r.valorSaidas),
    }));
    return {
      kpis,
      sections: [
        {
          id: "posicao",
          title: "Posição atual",
          note: "O estoque de agora (não o do fim do período); valor a custo = estoque × custo unitário do cadastro.",
          table: {
            columns: [
              { key: "produto", label: "Produto", kind: "text", width: 3 },
              { key: "sku", label: "SKU", kind: "text" },
              { key: "estoque", label: "Estoque", kind: "number" },
              { key: "minimo", label: "Mínimo", kind: "number" },
              { key: "custo", label: "Custo unitário", kind: "money" },
              { key: "valor", label: "Valor a custo", kind: "money" },
              { key: "situacao", label: "Situação", kind: "text" },
            ],
            rows: positionRows,
            totals: { produto: "Total", sku: null, estoque: null, minimo: null, custo: null, valor: stockValue, situacao: null },
          },
        },
        {
          id: "movimentacao",
          title: "Movimentação por tipo",
          note: "Do livro de estoque, pelo dia em que aconteceu. Quantidade com sinal: entradas +, saídas −, ajustes ±.",
          chart: {
            type: "bar",
            labels: kindRows.map((r) => String(r.tipo)),
            series: [{ name: "Movimentos", values: kindRows.map((r) => num(r.movimentos)) }],
            kind: "integer",
          },
          table: {
            columns: [
              { key: "tipo", label: "Tipo", kind: "text", width: 2 },
              { key: "movimentos", label: "Movimentos", kind: "integer" },
              { key: "quantidade", label: "Quantidade", kind: "number" },
              { key: "valor", label: "Valor", kind: "money" },
            ],
            rows: kindRows,
          },
        },
        {
          id: "por-produto",
          title: "Movimentação por produto",
          note: "Entradas: entradas e devoluções de vendas canceladas. Saídas: saídas, vendas e consumo em serviços.",
          table: {
            columns: [
              { key: "produto", label: "Produto", kind: "text", width: 3 },
              { key: "entradas", label: "Entradas", kind: "number" },
              { key: "saidas", label: "Saídas", kind: "number" },
              { key: "ajustes", label: "Ajustes", kind: "number" },
              { key: "valorEntradas", label: "Valor das entradas", kind: "money" },
              { key: "valorSaidas", label: "Valor das saídas", kind: "money" },
            ],
            rows: productRows,
          },
        },
      ],
    };
  },
});
