import { data, Form, Link } from "react-router";
import type { Route } from "./+types/balances";
import { BalanceChart } from "../../components/finance/balance-chart.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { Field, SelectField } from "../../components/ui/form.tsx";
import { completeMoneyInput, onMoneyInput } from "../../components/ui/number-input.ts";
import { Toaster } from "../../components/ui/toast.tsx";
import { formatLocalDay } from "../../../shared/finance/local-day.ts";
import { addDays } from "../../../shared/finance/recurrence.ts";
import { formatBRL } from "../../../shared/format.ts";
import { movimentacaoDefinition } from "../../../shared/resources/movimentacoes.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { activeAccounts, periodBalances, transferBetweenAccounts } from "../../../worker/services/finance/ledger-actions.ts";
import { titleMeta } from "../../lib/title.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { orgTimeZone } from "../../server/guards.server.ts";
import { guard, screenPermissions } from "../../server/resources.server.ts";

/**
 * /movimentacoes/saldos "Saldos e transferências" (ADR 072): each account's opening, money in and
 * out and closing over a period (in the URL: `?de=&ate=`), its balance day by day as a light
 * chart, and the transfer between accounts. Every figure is read from the ledger only.
 */
export const meta: Route.MetaFunction = () => titleMeta("Saldos e transferências");

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function period(url: URL, today: string): { de: string; ate: string } {
  const de = url.searchParams.get("de") ?? "";
  const ate = url.searchParams.get("ate") ?? "";
  return { de: DAY.test(de) ? de : `${today.slice(0, 8)}01`, ate: DAY.test(ate) ? ate : today };
}

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, movimentacaoDefinition, "read");
  const zone = orgTimeZone(args.context, args.request);
  const today = dayIn(new Date(), zone);
  const url = new URL(args.request.url);
  const { de, ate } = period(url, today);
  let error: string | null = null;
  let balances: Awaited<ReturnType<typeof periodBalances>> = [];
  try {
    balances = await periodBalances(ctx, actor, { de, ate });
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    error = e.message;
  }
  const canTransfer = screenPermissions(args, movimentacaoDefinition).canCreate;
  // The transfer's accounts are the balances' active ones (same order): no second round trip.
  const accounts = !canTransfer
    ? []
    : error
      ? await activeAccounts(ctx, actor)
      : balances.filter((b) => b.ativo).map((b) => ({ id: b.contaId, nome: b.nome, tipo: b.tipo }));
  const lastMonthEnd = addDays(`${today.slice(0, 8)}01`, -1);
  return {
    de,
    ate,
    error,
    presets: [
      { label: "Este mês", de: `${today.slice(0, 8)}01`, ate: today },
      { label: "Mês passado", de: `${lastMonthEnd.slice(0, 8)}01`, ate: lastMonthEnd },
      { label: "Últimos 30 dias", de: addDays(today, -29), ate: today },
    ],
    rows: balances.map((b) => ({
      id: b.contaId,
      nome: b.nome,
      ativo: b.ativo,
      abertura: b.saldoInicial,
      entradas: b.entradas,
      saidas: b.saidas,
      fechamento: b.saldoFinal,
    })),
    series: balances.filter((b) => b.ativo || b.saldoFinal !== 0).map((b) => ({ label: b.nome, values: b.dias.map((d) => d.saldoFinal) })),
    accounts,
    canTransfer,
  };
}

export async function action(args: Route.ActionArgs) {
  const { ctx, actor } = guard(args, movimentacaoDefinition, "create");
  const form = await readForm(args.request);
  if (form.get("intent") !== "transferir") return unknownIntent();
  try {
    await transferBetweenAccounts(ctx, actor, {
      deContaId: String(form.get("deContaId") ?? ""),
      paraContaId: String(form.get("paraContaId") ?? ""),
      valorCentavos: String(form.get("valorCentavos") ?? ""),
      descricao: String(form.get("descricao") ?? ""),
    });
  } catch (error) {
    if (error instanceof DomainError && error.status !== 403) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  return { toast: { id: crypto.randomUUID(), message: "Transferência registrada." } };
}

const money = (n: number) => formatBRL(n);

export default function Saldos({ loaderData, actionData }: Route.ComponentProps) {
  const { de, ate, rows, series, accounts, canTransfer, presets } = loaderData;
  const error = actionData && "error" in actionData ? (actionData.error as string) : null;
  const toast = actionData && "toast" in actionData ? actionData.toast : null;
  const total = rows.reduce(
    (t, r) => ({
      abertura: t.abertura + r.abertura,
      entradas: t.entradas + r.entradas,
      saidas: t.saidas + r.saidas,
      fechamento: t.fechamento + r.fechamento,
    }),
    { abertura: 0, entradas: 0, saidas: 0, fechamento: 0 },
  );
  return (
    <>
      <PageHeader
        title="Saldos e transferências"
        description="O saldo de cada conta no período, somado das movimentações."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/movimentacoes" className={buttonClass("secondary")}>
              Movimentações
            </Link>
            <Link to="/movimentacoes/contas" className={buttonClass("secondary")}>
              Contas
            </Link>
          </div>
        }
      />
      <div className="space-y-6">
        <Card title="Período">
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <Field label="De" name="de" type="date" defaultValue={de} required />
            <Field label="Até" name="ate" type="date" defaultValue={ate} required />
            <Button type="submit" variant="secondary">
              Ver saldos
            </Button>
          </Form>
          <nav aria-label="Períodos prontos" className="mt-3 flex flex-wrap gap-2 text-sm">
            {presets.map((p) => (
              <Link
                key={p.label}
                to={`?de=${p.de}&ate=${p.ate}`}
                className="underline"
                aria-current={p.de === de && p.ate === ate ? "true" : undefined}
              >
                {p.label}
              </Link>
            ))}
          </nav>
          {loaderData.error ? (
            <div className="mt-3">
              <Alert tone="error">{loaderData.error}</Alert>
            </div>
          ) : null}
        </Card>
        <Card title={`Saldos de ${formatLocalDay(de)} a ${formatLocalDay(ate)}`}>
          {rows.length ? (
            <>
              <BalanceChart series={series} firstDay={formatLocalDay(de)} lastDay={formatLocalDay(ate)} />
              <div className="-mx-4 mt-4 overflow-x-auto sm:mx-0">
                <table className="w-full text-sm tabular-nums">
                  <caption className="sr-only">Saldo inicial, entradas, saídas e saldo final de cada conta no período</caption>
                  <thead className="text-left text-xs text-fg-soft">
                    <tr className="border-b border-line">
                      <th scope="col" className="px-2 py-2 font-semibold">
                        Conta
                      </th>
                      <th scope="col" className="px-2 py-2 text-right font-semibold">
                        Saldo inicial
                      </th>
                      <th scope="col" className="px-2 py-2 text-right font-semibold">
                        Entradas
                      </th>
                      <th scope="col" className="px-2 py-2 text-right font-semibold">
                        Saídas
                      </th>
                      <th scope="col" className="px-2 py-2 text-right font-semibold">
                        Saldo final
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.id} className="border-b border-line">
                        <th scope="row" className="px-2 py-2 text-left font-medium">
                          <Link to={`/movimentacoes?f.conta=${r.id}&f.ocorridoEm=${de}..${ate}`}>{r.nome}</Link>
                          {r.ativo ? null : <span className="ml-1 text-xs text-fg-soft">(inativa)</span>}
                        </th>
                        <td className="px-2 py-2 text-right whitespace-nowrap">{money(r.abertura)}</td>
                        <td className="px-2 py-2 text-right whitespace-nowrap text-success">{money(r.entradas)}</td>
                        <td className="px-2 py-2 text-right whitespace-nowrap text-danger">{money(r.saidas)}</td>
                        <td className="px-2 py-2 text-right whitespace-nowrap font-semibold">{money(r.fechamento)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row" className="px-2 py-2 text-left">
                        Total
                      </th>
                      <td className="px-2 py-2 text-right whitespace-nowrap">{money(total.abertura)}</td>
                      <td className="px-2 py-2 text-right whitespace-nowrap">{money(total.entradas)}</td>
                      <td className="px-2 py-2 text-right whitespace-nowrap">{money(total.saidas)}</td>
                      <td className="px-2 py-2 text-right whitespace-nowrap font-semibold">{money(total.fechamento)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            </>
          ) : (
            <p className="text-sm text-fg-soft">Nenhuma conta financeira ainda.</p>
          )}
        </Card>
        {canTransfer ? (
          <Card title="Transferir entre contas">
            {error ? (
              <div className="mb-4">
                <Alert tone="error">{error}</Alert>
              </div>
            ) : null}
            <Form method="post" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <input type="hidden" name="intent" value="transferir" />
              <SelectField
                label="De"
                name="deContaId"
                required
                options={accounts.map((a) => ({ value: a.id, label: a.nome }))}
                placeholder="Escolha"
              />
              <SelectField
                label="Para"
                name="paraContaId"
                required
                options={accounts.map((a) => ({ value: a.id, label: a.nome }))}
                placeholder="Escolha"
              />
              <Field
                label="Valor"
                name="valorCentavos"
                required
                inputMode="decimal"
                placeholder="R$ 0,00"
                onInput={(e) => onMoneyInput(e)}
                onBlur={(e) => completeMoneyInput(e.currentTarget)}
              />
              <Field label="Descrição" name="descricao" placeholder="Transferência entre contas" maxLength={200} />
              <div className="sm:col-span-2">
                <Button type="submit">Transferir</Button>
              </div>
            </Form>
          </Card>
        ) : null}
      </div>
      <Toaster toast={toast} />
    </>
  );
}
