import { useEffect, useRef } from "react";
import { formatTime } from "../../../shared/format.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import { Button } from "../ui/button.tsx";
import type { DraftConflictInfo } from "./draft-autosave.ts";

/**
 * The choice when the server's copy of a draft is newer than the one these edits started from
 * (ADR 037): a modal <dialog> (focus kept inside, read as an alert dialog), which fields differ,
 * and the two ways out. Escape does not close it: nothing is saved until the person chooses.
 */
export function DraftConflictDialog({
  conflict,
  onKeepMine,
  onUseServer,
}: {
  conflict: DraftConflictInfo;
  onKeepMine: () => void;
  onUseServer: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const zone = useTimeZone();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const who = conflict.por ?? "Outra pessoa";
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby="conflito-rascunho-titulo"
      aria-describedby="conflito-rascunho-texto"
      onCancel={(e) => e.preventDefault()}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-line bg-surface p-5 text-fg shadow-xl backdrop:bg-black/40"
    >
      <h2 id="conflito-rascunho-titulo" className="text-lg font-semibold">
        Este rascunho mudou em outro lugar
      </h2>
      <p id="conflito-rascunho-texto" className="mt-2 text-sm text-fg-soft">
        {who} salvou uma versão às {formatTime(conflict.versao, zone)}, depois que você começou a editar. Nada do que você digitou foi
        perdido nem gravado ainda: escolha qual versão fica.
      </p>
      {conflict.campos.length ? (
        <>
          <h3 className="mt-4 text-sm font-semibold">Campos diferentes nas duas versões</h3>
          <ul aria-label="Campos diferentes" className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
            {conflict.campos.map((c) => (
              <li key={c.campo}>{c.rotulo}</li>
            ))}
          </ul>
        </>
      ) : null}
      <ul className="mt-4 space-y-1 text-xs text-fg-soft">
        <li>“Manter a minha versão” grava este formulário por cima da versão do servidor.</li>
        <li>“Usar a versão do servidor” descarta as alterações deste aparelho e mostra a versão salva.</li>
      </ul>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onUseServer}>
          Usar a versão do servidor
        </Button>
        <Button type="button" onClick={onKeepMine}>
          Manter a minha versão
        </Button>
      </div>
    </dialog>
  );
}
