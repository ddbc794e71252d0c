import type { Context, Hono } from "hono";
import { MAX_SETTLE, settleSchema } from "../../../../shared/finance/settle-rules.ts";
import { ID_PATTERN } from "../../../../shared/id.ts";
import { PAYMENT_METHODS } from "../../../../shared/money/payment-method.ts";
import { dataObject, documented, type JsonSchema, type RouteDoc } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { DomainError } from "../../../services/context.ts";
import { parsed, periodBalances, reverseManualMovement, transferBetweenAccounts } from "../../../services/finance/ledger-actions.ts";
import { markExpensesPaid, markReceivablesReceived, undoExpensePaid, undoReceivableReceived } from "../../../services/finance/settle.ts";
import type { RouteHelpers } from "../../define.ts";

/**
 * `/api/despesas`, `/api/receitas` and `/api/movimentacoes` beyond the generic CRUD (ADR 072):
 * marking paid / received (one or many, one batch) and undoing it, transfers, estornos and the
 * balances of a period. The same services as the screens: the same refusals in the same words.
 */

const ID: JsonSchema = { type: "string", pattern: ID_PATTERN };
const IDS: JsonSchema = { type: "array", items: ID };

async function body(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("Envie um corpo JSON válido.", 400);
  }
}

function settleInput(raw: unknown) {
  return parsed(settleSchema.safeParse(raw));
}

function settleDoc(what: "despesas" | "receitas"): RouteDoc {
  const paid = what === "despesas" ? "pagas" : "recebidas";
  return {
    access: { action: "update" },
    summary: what === "despesas" ? "Marcar como pagas" : "Marcar como recebidas",
    description: `Marca até ${MAX_SETTLE} ${what} em aberto como ${paid}, na conta escolhida e na data (hoje por padrão; nunca no futuro). Cada uma vira uma movimentação no caixa, e o status muda na mesma escrita: tudo ou nada. Se alguma já estiver ${what === "despesas" ? "paga" : "recebida"} (ou for marcada ao mesmo tempo por outra pessoa), nada muda e a resposta diz qual (409).`,
    body: {
      type: "object",
      required: ["ids", "contaId"],
      additionalProperties: false,
      properties: {
        ids: { ...IDS, title: what === "despesas" ? "Despesas" : "Receitas", maxItems: MAX_SETTLE },
        contaId: { ...ID, title: "Conta financeira" },
        dia: { type: "string", format: "date", title: "Data", description: "aaaa-mm-dd no fuso da organização; em branco, hoje." },
        forma: { type: ["string", "null"], enum: [...PAYMENT_METHODS, null], title: "Forma de pagamento" },
      },
    },
    bodyExample: { ids: ["00000000-0000-4000-8000-000000000000"], contaId: "00000000-0000-4000-8000-000000000001", forma: "pix" },
    response: dataObject({ ids: IDS, movimentoIds: IDS }, `As ${what} marcadas e as movimentações criadas.`),
    errors: ["400", "404", "409", "422"],
  };
}

function undoDoc(what: "despesas" | "receitas"): RouteDoc {
  return {
    access: { action: "update" },
    summary: what === "despesas" ? "Desfazer o pagamento" : "Desfazer o recebimento",
    description:
      "Estorna a movimentação do pagamento (uma linha de estorno, com o valor oposto, datada de agora) e reabre a conta, na mesma escrita. Duas tentativas ao mesmo tempo: uma só vale (a outra recebe 409).",
    response: dataObject({ estornoId: ID }, "A movimentação de estorno."),
    errors: ["404", "409"],
  };
}

const TRANSFER_DOC: RouteDoc = {
  access: { action: "create" },
  summary: "Transferir entre contas",
  description:
    "Tira o valor de uma conta e põe na outra: duas movimentações de transferência gravadas juntas. Contas inativas, de outra organização ou iguais são recusadas (422).",
  body: {
    type: "object",
    required: ["deContaId", "paraContaId", "valorCentavos"],
    additionalProperties: false,
    properties: {
      deContaId: { ...ID, title: "De" },
      paraContaId: { ...ID, title: "Para" },
      valorCentavos: { type: "integer", minimum: 1, title: "Valor (centavos)" },
      descricao: { type: "string", maxLength: 200, title: "Descrição" },
      ocorridoEm: { type: "string", format: "date-time", title: "Data e hora" },
    },
  },
  bodyExample: {
    deContaId: "00000000-0000-4000-8000-000000000000",
    paraContaId: "00000000-0000-4000-8000-000000000001",
    valorCentavos: 150000,
    descricao: "Depósito do caixa no banco",
  },
  response: dataObject({ ids: IDS }, "As duas movimentações (saída da origem, entrada no destino)."),
  errors: ["400", "422"],
};

const REVERSE_DOC: RouteDoc = {
  access: { action: "create" },
  summary: "Estornar um lançamento",
  description:
    "Desfaz uma movimentação lançada à mão (entrada, saída, saldo inicial ou transferência — esta inteira) com uma linha de estorno de valor oposto. As de vendas, despesas e receitas se desfazem na origem (409). Uma linha só se estorna uma vez.",
  body: { type: "object", additionalProperties: false, properties: { motivo: { type: "string", maxLength: 200, title: "Motivo" } } },
  bodyExample: { motivo: "Lançado em duplicidade" },
  response: dataObject({ ids: IDS }, "As linhas de estorno."),
  errors: ["400", "404", "409"],
};

const BALANCES_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Saldos do período",
  description:
    "Para cada conta: saldo no início do período, entradas e saídas (por dia e no total) e saldo no fim — somados das movimentações, nos dias do fuso da organização. Até 400 dias.",
  query: [
    { name: "de", in: "query", required: true, description: "Primeiro dia (aaaa-mm-dd).", schema: { type: "string" } },
    { name: "ate", in: "query", required: true, description: "Último dia (aaaa-mm-dd), incluído.", schema: { type: "string" } },
    { name: "conta", in: "query", description: "Só esta conta.", schema: ID },
  ],
  response: {
    description: "Os saldos por conta.",
    content: {
      "application/json": {
        schema: {
          type: "object",
          required: ["data"],
          properties: { data: { type: "array", items: { type: "object" } } },
        },
      },
    },
  },
  errors: ["422"],
};

export function expenseRoutes(app: Hono<AppEnv>, { run }: RouteHelpers): void {
  app.post(
    "/pagar",
    documented(settleDoc("despesas"), (c) =>
      run(c, async (ctx, actor) => c.json({ data: await markExpensesPaid(ctx, actor, settleInput(await body(c))) })),
    ),
  );
  app.post(
    "/:id/desfazer-pagamento",
    documented(undoDoc("despesas"), (c) =>
      run(c, async (ctx, actor) => c.json({ data: await undoExpensePaid(ctx, actor, c.req.param("id") ?? "") })),
    ),
  );
}

export function receivableRoutes(app: Hono<AppEnv>, { run }: RouteHelpers): void {
  app.post(
    "/receber",
    documented(settleDoc("receitas"), (c) =>
      run(c, async (ctx, actor) => c.json({ data: await markReceivablesReceived(ctx, actor, settleInput(await body(c))) })),
    ),
  );
  app.post(
    "/:id/desfazer-recebimento",
    documented(undoDoc("receitas"), (c) =>
      run(c, async (ctx, actor) => c.json({ data: await undoReceivableReceived(ctx, actor, c.req.param("id") ?? "") })),
    ),
  );
}

export function cashMovementRoutes(app: Hono<AppEnv>, { run }: RouteHelpers): void {
  app.get(
    "/saldos",
    documented(BALANCES_DOC, (c) =>
      run(c, async (ctx, actor) =>
        c.json({ data: await periodBalances(ctx, actor, { de: c.req.query("de"), ate: c.req.query("ate"), conta: c.req.query("conta") }) }),
      ),
    ),
  );
  app.post(
    "/transferencia",
    documented(TRANSFER_DOC, (c) =>
      run(c, async (ctx, actor) => c.json({ data: await transferBetweenAccounts(ctx, actor, await body(c)) }, 201)),
    ),
  );
  app.post(
    "/:id/estorno",
    documented(REVERSE_DOC, (c) =>
      run(c, async (ctx, actor) => {
        // No body: no reason given.
        const raw = (await c.req.raw.clone().text()).trim() === "" ? {} : await body(c);
        return c.json({ data: await reverseManualMovement(ctx, actor, c.req.param("id") ?? "", raw) }, 201);
      }),
    ),
  );
}
