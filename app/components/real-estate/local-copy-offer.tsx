import { formatDateTime } from "../../../shared/format.ts";
import type { DraftValues } from "../../lib/draft-store.ts";
import { Button } from "../ui/button.tsx";

/**
 * The draft form's offer of changes kept on this device that never reached the server (loaded
 * only when there are some: ADR 029's budget). "Manter" puts them back in the form; "Usar a
 * cópia salva" forgets them.
 */
export function LocalCopyOffer({
  conflict,
  savedAt,
  zone,
  onKeepLocal,
  onKeepServer,
}: {
  conflict: { values: DraftValues; editedAt: string; base?: string | undefined };
  savedAt: string;
  zone: string;
  onKeepLocal: () => void;
  onKeepServer: () => void;
}) {
  return (
    <div role="alert" className="mb-4 space-y-3 rounded-xl border border-accent/40 bg-accent-soft p-4 text-sm">
      <p className="font-semibold">
        {conflict.base && conflict.base !== savedAt
          ? "Este aparelho tem alterações que não chegaram ao servidor, e o rascunho foi salvo em outro lugar depois delas."
          : "Este aparelho tem alterações mais novas que as salvas."}
      </p>
      <p>
        Alteradas aqui em {formatDateTime(conflict.editedAt, zone)}; a cópia salva é de {formatDateTime(savedAt, zone)}. Qual você quer
        manter?
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={onKeepLocal}>
          Manter as deste aparelho
        </Button>
        <Button type="button" variant="secondary" onClick={onKeepServer}>
          Usar a cópia salva
        </Button>
      </div>
    </div>
  );
}
