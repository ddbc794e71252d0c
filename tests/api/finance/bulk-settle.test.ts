/**
 * Bulk "Marcar como pago / recebido" (ADR 076) through the real list route (the list engine's
 * bulk actions, /contas and /receitas) and the API against libSQL: one write, all or nothing — a
 * selection holding one already settled is refused in pt-BR with nothing changed; two racing
 * overlapping selections have exactly one effect; another organização's ids or account are
 * refused; roles the permission table refuses get 403 and change nothing.
 */
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "../../../app/routes/records/list.tsx";
import { cashMovements, expenses, receivables } from "../../../db/schema/index.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { accountOfKind } from "../../../worker/services/finance/default-accounts.ts";
import { createOwner, type Harness } from "../harness.ts";
import { createPageHarness } from "../page-harness.ts";
import { addMember, api, errorMessage } from "../records.ts";

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;
let caixa: string;
let otherCaixa: string;

const ZONE = "America/Sao_Paulo";
const daysAgo = (n: number) => dayIn(new Date(Date.now() - n * 86_400_000), ZONE);

beforeAll(async () => {
  h = await createPageHarness({ contas: listRoute, receitas: listRoute });
  owner = await createOwner(h, "Contas em lote");
  other = await createOwner(h, "Outra empresa");
  caixa = (await accountOfKind(h.fresh.db, owner.orgId, "caixa"))?.id as string;
  otherCaixa = (await accountOfKind(h.fresh.db, other.orgId, "caixa"))?.id as string;
});

async function bill(who: { cookie: string }, descricao: string, valorCentavos: number, api_ = "despesas"): Promise<string> {
  const res = await api<{ data: { id: string } }>(h, who.cookie, "POST", `/api/${api_}`, {
    descricao,
    valorCentavos,
    vencimento: daysAgo(2),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** The list screen's POST, as its confirmation sends it (single fetch: the answer carries the error text). */
function screenPost(cookie: string, path: string, intent: string, ids: string[], fields: [string, string][] = []): Promise<Response> {
  return h.request(`${path}.data`, {
    method: "POST",
    cookie,
    body: new URLSearchParams([
      ["intent", intent],
      ["redirectTo", path],
      ...ids.map((id): [string, string] => ["ids", id]),
      ...fields,
    ]).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** What may change: the statuses of the bills and the ledger's row count and sum, per organização. */
async function snapshot(orgId: string) {
  const db = h.fresh.db;
  const [e, r, m] = await Promise.all([
    db.select({ id: expenses.id, status: expenses.status }).from(expenses).where(eq(expenses.orgId, orgId)).orderBy(expenses.id),
    db
      .select({ id: receivables.id, status: receivables.status })
      .from(receivables)
      .where(eq(receivables.orgId, orgId))
      .orderBy(receivables.id),
    db.select({ n: count() }).from(cashMovements).where(eq(cashMovements.orgId, orgId)),
  ]);
  const sum = await db.select({ v: cashMovements.valorCentavos }).from(cashMovements).where(eq(cashMovements.orgId, orgId));
  return { e, r, movements: m[0]?.n ?? 0, sum: sum.reduce((s, x) => s + x.v, 0) };
}

async function ledgerSum(orgId: string, account: string): Promise<number> {
  const rows = await h.fresh.db
    .select({ v: cashMovements.valorCentavos })
    .from(cashMovements)
    .where(and(eq(cashMovements.orgId, orgId), eq(cashMovements.contaId, account)));
  return rows.reduce((s, r) => s + r.v, 0);
}

describe("despesas: marcar como pago em lote pela lista", () => {
  it("the confirmation names the selection and its sum; confirming pays all of them in one write", async () => {
    const a = await bill(owner, "Conta de luz", 24590);
    const b = await bill(owner, "Internet da loja", 12990);
    const page = await h.request(`/contas.data?acao=pagar&excluir=${a}&excluir=${b}`, { cookie: owner.cookie });
    const text = await page.text();
    expect(page.status).toBe(200);
    expect(text).toContain("Marcar 2 despesas como pagas?");
    expect(text).toMatch(/R\$\s375,80/);
    expect(text).toContain("Conta de onde saiu");
    const before = await ledgerSum(owner.orgId, caixa);
    const res = await screenPost(
      owner.cookie,
      "/contas",
      "pagar",
      [a, b],
      [
        ["dia", daysAgo(1)],
        ["contaId", caixa],
        ["forma", "pix"],
      ],
    );
    expect(res.status, await res.clone().text()).toBeLessThan(400);
    expect(await ledgerSum(owner.orgId, caixa)).toBe(before - 24590 - 12990);
    const rows = await h.fresh.db
      .select({ status: expenses.status, forma: expenses.forma })
      .from(expenses)
      .where(eq(expenses.orgId, owner.orgId));
    expect(rows.filter((r) => r.status === "paga")).toHaveLength(2);
  });

  it("one already paid in the selection: 409 in pt-BR naming it, nothing changed", async () => {
    const paid = await bill(owner, "Aluguel", 300000);
    const open = await bill(owner, "Contador", 45000);
    expect((await api(h, owner.cookie, "POST", "/api/despesas/pagar", { ids: [paid], contaId: caixa })).status).toBe(200);
    const before = await snapshot(owner.orgId);
    const res = await screenPost(owner.cookie, "/contas", "pagar", [open, paid], [["contaId", caixa]]);
    expect(res.status).toBe(409);
    expect(await res.text()).toMatch(/Já está paga: Aluguel \(\d\d\/\d\d\)\. Desmarque ela e tente de novo; nada foi alterado\./);
    expect(await snapshot(owner.orgId)).toEqual(before);
    // The API says the same, and changes nothing either.
    const viaApi = await api(h, owner.cookie, "POST", "/api/despesas/pagar", { ids: [open, paid], contaId: caixa });
    expect([viaApi.status, errorMessage(viaApi.body)]).toEqual([409, expect.stringContaining("Aluguel") as unknown as string]);
    expect(await snapshot(owner.orgId)).toEqual(before);
  });

  it("bad input on the screen: a missing account or a future day is refused in pt-BR, nothing changed", async () => {
    const id = await bill(owner, "Água", 8000);
    const before = await snapshot(owner.orgId);
    const cases: [[string, string][], number, string][] = [
      [[], 422, "Escolha a conta financeira."],
      [
        [
          ["contaId", caixa],
          ["dia", dayIn(new Date(Date.now() + 3 * 86_400_000), ZONE)],
        ],
        422,
        "A data do pagamento não pode ser no futuro.",
      ],
      [
        [
          ["contaId", caixa],
          ["dia", "2026-02-30"],
        ],
        422,
        "Data inválida: use dd/mm/aaaa.",
      ],
      [
        [
          ["contaId", caixa],
          ["forma", "cheque"],
        ],
        422,
        "Forma de pagamento inválida.",
      ],
    ];
    for (const [fields, status, message] of cases) {
      const res = await screenPost(owner.cookie, "/contas", "pagar", [id], fields);
      expect([res.status, (await res.text()).includes(message)], JSON.stringify(fields)).toEqual([status, true]);
    }
    const none = await screenPost(owner.cookie, "/contas", "pagar", [], [["contaId", caixa]]);
    expect(none.status).toBe(400);
    expect(await snapshot(owner.orgId)).toEqual(before);
  });

  it("two racing overlapping selections: exactly one takes effect, whole", async () => {
    const a = await bill(owner, "Fornecedor A", 1000);
    const b = await bill(owner, "Fornecedor B", 2000);
    const c = await bill(owner, "Fornecedor C", 4000);
    const before = await ledgerSum(owner.orgId, caixa);
    const [one, two] = await Promise.all([
      screenPost(owner.cookie, "/contas", "pagar", [a, b], [["contaId", caixa]]),
      api(h, owner.cookie, "POST", "/api/despesas/pagar", { ids: [b, c], contaId: caixa }),
    ]);
    const wins = [one.status < 400, two.status === 200];
    expect(wins.filter(Boolean)).toHaveLength(1);
    const spent = before - (await ledgerSum(owner.orgId, caixa));
    expect(spent).toBe(wins[0] ? 3000 : 6000);
    const statuses = await h.fresh.db
      .select({ id: expenses.id, status: expenses.status })
      .from(expenses)
      .where(eq(expenses.orgId, owner.orgId));
    const of = (id: string) => statuses.find((s) => s.id === id)?.status;
    expect([of(a), of(b), of(c)]).toEqual(wins[0] ? ["paga", "paga", "aberta"] : ["aberta", "paga", "paga"]);
  });

  it("another organização's bills or account are refused; nothing changes on either side", async () => {
    const mine = await bill(owner, "Minha conta", 1500);
    const theirs = await bill(other, "Conta alheia", 99900);
    const [mineBefore, theirsBefore] = [await snapshot(owner.orgId), await snapshot(other.orgId)];
    const cases = [
      await screenPost(owner.cookie, "/contas", "pagar", [mine, theirs], [["contaId", caixa]]),
      await screenPost(owner.cookie, "/contas", "pagar", [mine], [["contaId", otherCaixa]]),
    ];
    expect(cases.map((r) => r.status)).toEqual([404, 422]);
    const viaApi = await api(h, owner.cookie, "POST", "/api/despesas/pagar", { ids: [theirs], contaId: caixa });
    expect(viaApi.status).toBe(404);
    expect(await snapshot(owner.orgId)).toEqual(mineBefore);
    expect(await snapshot(other.orgId)).toEqual(theirsBefore);
    // Their list never confirms my ids either (only the rows it shows can be confirmed).
    const confirm = await (await h.request(`/contas.data?acao=pagar&excluir=${mine}`, { cookie: other.cookie })).text();
    expect(confirm).not.toContain("Minha conta");
  });

  it("staff and professionals get 403 from the screen's bulk action and change nothing", async () => {
    const id = await bill(owner, "Limpeza", 3000);
    const before = await snapshot(owner.orgId);
    for (const role of ["staff", "professional"] as const) {
      const member = await addMember(h, owner.orgId, role);
      const res = await screenPost(member.cookie, "/contas", "pagar", [id], [["contaId", caixa]]);
      expect(res.status, role).toBe(403);
    }
    expect(await snapshot(owner.orgId)).toEqual(before);
  });
});

describe("receitas: marcar como recebido em lote", () => {
  it("receives a selection into the account in one write; one already received refuses the whole set", async () => {
    const a = await bill(owner, "Aluguel da sala", 180000, "receitas");
    const b = await bill(owner, "Serviço faturado", 35000, "receitas");
    const c = await bill(owner, "Comissão", 5000, "receitas");
    const page = await (await h.request(`/receitas.data?acao=receber&excluir=${a}&excluir=${b}`, { cookie: owner.cookie })).text();
    expect(page).toContain("Marcar 2 receitas como recebidas?");
    expect(page).toContain("Conta onde entrou");
    const before = await ledgerSum(owner.orgId, caixa);
    const res = await screenPost(owner.cookie, "/receitas", "receber", [a, b], [["contaId", caixa]]);
    expect(res.status).toBeLessThan(400);
    expect(await ledgerSum(owner.orgId, caixa)).toBe(before + 180000 + 35000);
    const snap = await snapshot(owner.orgId);
    const refused = await screenPost(owner.cookie, "/receitas", "receber", [c, a], [["contaId", caixa]]);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Já está recebida: Aluguel da sala");
    expect(await snapshot(owner.orgId)).toEqual(snap);
  });
});
