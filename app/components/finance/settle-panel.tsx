import { Form, Link } from "react-router";
import { PAYMENT_METHOD } from "../../../shared/money/payment-method.ts";
import { Alert } from "../ui/alert.tsx";
import { Button, buttonClass } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { Field, SelectField } from "../ui/form.tsx";

/** What the panel says for a bill (despesa) or a receivable (receita). */
export interface SettleWords {
  /** "Marcar como paga" / "Marcar como recebida". */
  action: string;
  /** "Paga" / "Recebida". */
  done: string;
  /** "Desfazer pagamento" / "Desfazer recebimento". */
  undo: string;
  /** "Data do pagamento" / "Data do recebimento". */
  day: string;
  /** "Conta de onde saiu" / "Conta onde entrou". */
  account: string;
  /** What undoing does, in the confirmation. */
  undoNote: string;
}

export interface SettleState {
  status: string;
  overdue: boolean;
  /** "05/11/2026" (the bill's due day). */
  dueText: string;
  /** "Paga em 05/11/2026 · Caixa · Pix" when settled. */
  settledText: string | null;
  today: string;
  accounts: { id: string; nome: string }[];
  /** The account offered first (the caixa, or the one it was settled from before). */
  defaultAccount: string | null;
  confirmingUndo: boolean;
  canSettle: boolean;
  error: string | null;
}

/**
 * Marking a bill or receivable paid/received (account, day, method) and undoing it after a
 * confirmation, as plain forms: works without JavaScript, with the keyboard, at 390 px.
 */
export function SettlePanel({ state, words, selfHref }: { state: SettleState; words: SettleWords; selfHref: string }) {
  const methods = PAYMENT_METHOD.options;
  if (state.status === "cancelada") {
    return (
      <Card title="Situação">
        <p className="text-sm text-fg-soft">Cancelada: não se marca nem se desfaz.</p>
      </Card>
    );
  }
  if (state.status !== "aberta") {
    return (
      <Card title="Situação">
        <p className="text-sm">
          <span className="badge badge-green">{words.done}</span> <span className="ml-1">{state.settledText}</span>
        </p>
        {state.error ? (
          <div className="mt-3">
            <Alert tone="error">{state.error}</Alert>
          </div>
        ) : null}
        {state.canSettle ? (
          state.confirmingUndo ? (
            <fieldset className="mt-4 space-y-3 rounded-lg border border-line p-4" aria-labelledby="desfazer-titulo">
              <h3 id="desfazer-titulo" className="font-semibold">
                {words.undo}?
              </h3>
              <p className="text-sm text-fg-soft">{words.undoNote}</p>
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="desfazer" />
                  <Button variant="danger" type="submit">
                    Sim, {words.undo.toLowerCase()}
                  </Button>
                </Form>
                <Link to={selfHref} className={buttonClass("secondary")}>
                  Cancelar
                </Link>
              </div>
            </fieldset>
          ) : (
            <div className="mt-4">
              <Link to={`${selfHref}?desfazer`} className={buttonClass("secondary")}>
                {words.undo}
              </Link>
            </div>
          )
        ) : null}
      </Card>
    );
  }
  return (
    <Card title={words.action}>
      {state.overdue ? (
        <div className="mb-4">
          <Alert tone="error">Vencida em {state.dueText}.</Alert>
        </div>
      ) : null}
      {state.error ? (
        <div className="mb-4">
          <Alert tone="error">{state.error}</Alert>
        </div>
      ) : null}
      {state.canSettle ? (
        state.accounts.length ? (
          <Form method="post" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <input type="hidden" name="intent" value="liquidar" />
            <SelectField
              label={words.account}
              name="contaId"
              required
              options={state.accounts.map((a) => ({ value: a.id, label: a.nome }))}
              defaultValue={state.defaultAccount ?? undefined}
            />
            <Field label={words.day} name="dia" type="date" required defaultValue={state.today} max={state.today} />
            <SelectField label="Forma" name="forma" options={methods} placeholder="Não informada" />
            <div className="sm:col-span-3">
              <Button type="submit">{words.action}</Button>
            </div>
          </Form>
        ) : (
          <p className="text-sm text-fg-soft">
            Nenhuma conta ativa. <Link to="/movimentacoes/contas/create">Cadastre uma conta</Link> para registrar.
          </p>
        )
      ) : (
        <p className="text-sm text-fg-soft">Em aberto, vence em {state.dueText}.</p>
      )}
    </Card>
  );
}
