import type { ReportRow, ReportSource } from "../../shared/reports/document.ts";

/**
 * A report as the catalogue would build it (shared/reports/document.ts), for the PDF and wire
 * tests: a logo, filters, KPIs, one section per chart type, and a detail table of `rows` sales
 * made up deterministically page by page (never all at once).
 */

/** An 8×8 PNG, solid #2563EB: small enough to inline, big enough to find in a rendered page. */
export const BLUE_LOGO_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNQTX6NFTEMLQkADGRcwcht3uAAAAAASUVORK5CYII=";

const CLIENTS = ["Ana Luíza Gonçalves", "João Araújo", "Márcia Conceição", "Cláudio Peçanha", "Beatriz Ângelo Müller", "José Ribeiro"];
const PROS = ["Carla", "Fábio", "Lúcia"];
const METHODS = ["Pix", "Cartão de crédito", "Dinheiro", "Cartão de débito"];

export function detailRow(i: number): ReportRow {
  const day = 1 + (i % 30);
  const minutes = (i * 37) % (11 * 60);
  const hour = 8 + Math.floor(minutes / 60);
  return {
    numero: 1000 + i,
    quando: `2026-11-${String(day).padStart(2, "0")}T${String(hour + 3).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:00.000Z`,
    cliente: `${CLIENTS[i % CLIENTS.length]}${i % 7 === 0 ? " de Albuquerque Cavalcanti e Vasconcelos Sobrinho" : ""}`,
    profissional: PROS[i % PROS.length] ?? null,
    forma: METHODS[i % METHODS.length] ?? null,
    itens: 1 + (i % 4),
    desconto: (i % 5) / 20,
    total: 1990 + ((i * 7919) % 250_000),
  };
}

export function reportFixture(options: { rows?: number; pageSize?: number; logo?: string | null } = {}): ReportSource {
  const rows = options.rows ?? 120;
  const pageSize = options.pageSize ?? 500;
  const days = Array.from({ length: 30 }, (_, i) => `${String(i + 1).padStart(2, "0")}/11`);
  return {
    reportId: "vendas",
    title: "Vendas do período",
    orgName: "Salão Beleza & Cia Ltda.",
    logo: options.logo === undefined ? BLUE_LOGO_PNG : options.logo,
    period: { from: "2026-11-01", to: "2026-11-30" },
    zone: "America/Sao_Paulo",
    generatedAt: "2026-11-27T17:30:00.000Z",
    generatedBy: "Ana Souza",
    filters: ["Profissional: Carla", "Forma: Pix", "Situação: concluídas (canceladas não entram)"],
    kpis: [
      { label: "Faturamento", value: 12_345_678, kind: "money", previous: 11_000_000 },
      { label: "Vendas", value: 1234, kind: "integer", previous: 1301 },
      { label: "Ticket médio", value: 10_004, kind: "money" },
      { label: "Descontos", value: 0.125, kind: "percent" },
    ],
    sections: [
      {
        id: "por-dia",
        title: "Vendas por dia",
        note: "Vendas canceladas não entram; devoluções abatem o dia da devolução.",
        chart: {
          type: "bar",
          kind: "money",
          labels: days,
          series: [{ name: "Faturamento", values: days.map((_, i) => 150_000 + ((i * 48_271) % 400_000)) }],
        },
        table: {
          columns: [
            { key: "dia", label: "Dia", kind: "date" },
            { key: "vendas", label: "Vendas", kind: "integer" },
            { key: "total", label: "Faturamento", kind: "money" },
          ],
          rows: days.map((_, i) => ({
            dia: `2026-11-${String(i + 1).padStart(2, "0")}`,
            vendas: 30 + (i % 9),
            total: 150_000 + ((i * 48_271) % 400_000),
          })),
          totals: { dia: "Total", vendas: 1234, total: 12_345_678 },
        },
      },
      {
        id: "por-forma",
        title: "Por forma de pagamento",
        chart: {
          type: "donut",
          kind: "money",
          labels: METHODS,
          series: [{ name: "Total", values: [5_000_000, 4_000_000, 2_000_000, 1_345_678] }],
        },
        table: {
          columns: [
            { key: "forma", label: "Forma", kind: "text" },
            { key: "total", label: "Total", kind: "money" },
            { key: "parte", label: "Participação", kind: "percent" },
          ],
          rows: METHODS.map((m, i) => ({
            forma: m,
            total: [5_000_000, 4_000_000, 2_000_000, 1_345_678][i] ?? 0,
            parte: [0.405, 0.324, 0.162, 0.109][i] ?? 0,
          })),
        },
      },
      {
        id: "por-profissional",
        title: "Por profissional, mês a mês",
        chart: {
          type: "stacked-bar",
          kind: "money",
          labels: ["set/26", "out/26", "nov/26"],
          series: PROS.map((p, i) => ({ name: p, values: [300_000 + i * 50_000, 350_000 - i * 20_000, 420_000 + i * 10_000] })),
        },
        table: {
          columns: [
            { key: "pro", label: "Profissional", kind: "text" },
            { key: "total", label: "Total", kind: "money" },
          ],
          rows: PROS.map((p, i) => ({ pro: p, total: 1_070_000 + i * 40_000 })),
        },
      },
      {
        id: "ocupacao",
        title: "Ocupação da agenda",
        chart: {
          type: "line",
          kind: "percent",
          labels: days,
          series: [
            { name: "Ocupação", values: days.map((_, i) => 0.4 + ((i * 13) % 50) / 100) },
            { name: "Faltas", values: days.map((_, i) => ((i * 7) % 10) / 100) },
          ],
        },
        table: {
          columns: [
            { key: "dia", label: "Dia", kind: "date" },
            { key: "ocupacao", label: "Ocupação", kind: "percent" },
          ],
          rows: [],
        },
      },
    ],
    detail: {
      id: "vendas",
      title: "Vendas (detalhe)",
      total: rows,
      columns: [
        { key: "numero", label: "Nº", kind: "integer", width: 0.7 },
        { key: "quando", label: "Data e hora", kind: "datetime", width: 1.4 },
        { key: "cliente", label: "Cliente", kind: "text", width: 2.5 },
        { key: "profissional", label: "Profissional", kind: "text", width: 1.3 },
        { key: "forma", label: "Forma de pagamento", kind: "text", width: 1.6 },
        { key: "itens", label: "Itens", kind: "integer", width: 0.6 },
        { key: "desconto", label: "Desconto", kind: "percent", width: 0.9 },
        { key: "total", label: "Total", kind: "money", width: 1.2 },
      ],
      async *pages() {
        for (let start = 0; start < rows; start += pageSize) {
          const page: ReportRow[] = [];
          for (let i = start; i < Math.min(rows, start + pageSize); i++) page.push(detailRow(i));
          yield page;
        }
      },
    },
  };
}
