import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { cancelSaleRequest } from "./sales-api.ts";

/**
 * "Cancelar venda" (owner/admin): a confirmation dialog that asks the reason and says what
 * cancelling does (stock back, receivables and cash reversed by new entries, nothing deleted),
 * then the sales API's cancel (ADR 071); the receipt reloads as cancelled, with a toast.
 */
/** SALE_DRAFT_LIMITS.cancelReason (the contract's module brings zod, which this page does not ship; the API checks it again). */
const CANCEL_REASON_MAX = 500;

export function CancelSaleDialog({ saleId, numero }: { saleId: string; numero: number }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const navigate = useNavigate();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    const text = reason.trim();
    if (text.length < 3) {
      setError("Diga o motivo do cancelamento (ao menos 3 caracteres).");
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await cancelSaleRequest(saleId, text);
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    ref.current?.close();
    navigate(`/sales/${saleId}?cancelada=1`, { replace: true });
  }

  return (
    <>
      <button type="button" className="btn btn-secondary px-3 text-danger" onClick={() => ref.current?.showModal()}>
        Cancelar venda
      </button>
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        className="m-auto w-[min(32rem,calc(100vw-1.5rem))] rounded-xl border border-line bg-surface p-4 text-fg shadow-xl backdrop:bg-black/40 sm:p-5"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          Cancelar a venda nº {numero}?
        </h2>
        <p className="mt-2 text-sm text-fg-soft">
          Os produtos voltam ao estoque, as parcelas em aberto são canceladas e o que entrou no caixa é estornado. Nada é apagado: a venda
          fica no histórico como cancelada.
        </p>
        <form
          noValidate
          className="mt-4 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <div>
            <label htmlFor={reasonId} className="text-sm font-medium">
              Motivo do cancelamento
            </label>
            <textarea
              id={reasonId}
              name="motivo"
              required
              minLength={3}
              maxLength={CANCEL_REASON_MAX}
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${reasonId}-erro` : undefined}
              className="mt-1.5 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm aria-[invalid=true]:border-danger"
            />
            {error ? (
              <p id={`${reasonId}-erro`} className="mt-1 text-sm text-danger" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn btn-secondary" onClick={() => ref.current?.close()}>
              Voltar
            </button>
            <button type="submit" className="btn btn-danger" disabled={busy} aria-busy={busy || undefined}>
              {busy ? "Cancelando…" : "Confirmar cancelamento"}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
