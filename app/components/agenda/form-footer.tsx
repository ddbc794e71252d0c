import { buttonClass } from "../ui/button.tsx";

/** The agenda's booking forms share their field style and their end: notes, the refusal, submit and cancel. */
export const AGENDA_FIELD = "mt-1 w-full rounded-lg border border-line bg-surface px-2 py-1.5 text-sm";

export function AgendaFormFooter({
  id,
  error,
  busy,
  submitLabel,
  onClose,
}: {
  id: string;
  error: string | undefined;
  busy: boolean;
  submitLabel: string;
  onClose: () => void;
}) {
  return (
    <>
      <label className="block text-xs font-semibold" htmlFor={`${id}-obs`}>
        Observações
        <textarea id={`${id}-obs`} name="observacoes" rows={2} maxLength={1000} className={AGENDA_FIELD} />
      </label>
      {error ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          {busy ? "Agendando…" : submitLabel}
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={onClose}>
          Cancelar
        </button>
      </div>
    </>
  );
}
