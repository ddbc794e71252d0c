/**
 * The list engine's bulk actions (ADR 076): the definition declares them; the list offers only
 * those the member's role may run; the confirmation names the selected rows of the page (never
 * another id), sums their amounts in R$ and gives each field its default (today, in the
 * organização's zone, as the last day allowed). The settle words agree in number.
 */
import { describe, expect, it } from "vitest";
import { buildListView } from "../../../app/components/data/view.server.ts";
import { formatBRL } from "../../../shared/format.ts";
import { despesaDefinition, type DespesaRow } from "../../../shared/resources/despesas.ts";
import { defaultListQuery } from "../../../shared/resources/query.ts";
import { receitaDefinition } from "../../../shared/resources/receitas.ts";

const NOW = new Date("2026-03-02T02:30:00.000Z"); // still 1 March in São Paulo, already the 2nd in UTC

const bill = (id: string, descricao: string, valorCentavos: number): DespesaRow => ({
  id,
  descricao,
  categoria: "Energia elétrica",
  fornecedorId: null,
  fornecedorNome: null,
  valorCentavos,
  vencimento: "2026-02-20",
  status: "aberta",
  recorrencia: "nenhuma",
  recorrenciaFim: null,
  serieId: null,
  pagaEm: null,
  contaId: null,
  contaNome: null,
  forma: null,
  observacoes: null,
  criadoEm: "2026-02-01T12:00:00.000Z",
  atualizadoEm: "2026-02-01T12:00:00.000Z",
  criadoPor: null,
  criadoPorNome: null,
  atualizadoPor: null,
  atualizadoPorNome: null,
});

const rows = [bill("a", "Conta de luz", 24590), bill("b", "Internet", 12990), bill("c", "Aluguel", 150000)];

function view(confirmIds: string[], bulk: Parameters<typeof buildListView>[3]["bulk"]) {
  return buildListView(
    despesaDefinition,
    defaultListQuery(despesaDefinition),
    { rows, total: rows.length, page: 1, pageSize: 25, nextCursor: null, totals: {}, relationTitles: {} },
    { pathname: "/contas", confirmIds, bulk, now: NOW, timeZone: "America/Sao_Paulo" },
  );
}

describe("bulk actions in the list view", () => {
  it("offers only the actions the role may run", () => {
    expect(view([], { allowed: ["pagar"] }).bulkActions).toEqual([{ key: "pagar", label: "Marcar como pago" }]);
    expect(view([], { allowed: [] }).bulkActions).toEqual([]);
  });

  it("confirms the selected rows of the page with their sum, the account choices and today's date", () => {
    const accounts = [
      { value: "acc-1", label: "Caixa" },
      { value: "acc-2", label: "Banco" },
    ];
    const v = view(["a", "c", "someone-elses"], { allowed: ["pagar"], asked: { key: "pagar", choices: { contaId: accounts }, now: NOW } });
    expect(v.confirmDelete).toBeNull();
    const c = v.confirmBulk;
    expect(c?.title).toBe("Marcar 2 despesas como pagas?");
    expect(c?.ids).toEqual(["a", "c"]);
    expect(c?.names).toEqual(["Conta de luz", "Aluguel"]);
    expect(c?.totalText).toBe(formatBRL(24590 + 150000));
    const field = (name: string) => c?.fields.find((f) => f.name === name);
    expect(field("dia")).toMatchObject({ kind: "date", defaultValue: "2026-03-01", max: "2026-03-01", required: true });
    expect(field("contaId")).toMatchObject({ kind: "select", options: accounts, defaultValue: "acc-1", required: true });
    expect(field("forma")).toMatchObject({ defaultValue: "", required: false, placeholder: "Não informar" });
    expect(field("forma")?.options.map((o) => o.value)).toContain("pix");
  });

  it("an action not allowed is never confirmed: the selection stays a delete confirmation", () => {
    const v = view(["a"], { allowed: [] });
    expect(v.confirmBulk).toBeNull();
    expect(v.confirmDelete?.ids).toEqual(["a"]);
  });
});

describe("settle words", () => {
  it("agree in number", () => {
    const [pagar] = despesaDefinition.bulkActions ?? [];
    const [receber] = receitaDefinition.bulkActions ?? [];
    expect([pagar?.title(1), pagar?.done(1), pagar?.done(3)]).toEqual([
      "Marcar 1 despesa como paga?",
      "1 despesa marcada como paga.",
      "3 despesas marcadas como pagas.",
    ]);
    expect([receber?.key, receber?.access, receber?.title(2), receber?.done(2)]).toEqual([
      "receber",
      "update",
      "Marcar 2 receitas como recebidas?",
      "2 receitas marcadas como recebidas.",
    ]);
  });
});
