import type { Generation } from "../../../shared/ai/generation-api.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { isRunning } from "./use-generation.ts";

const STAGE: Record<string, string> = {
  na_fila: "Na fila: começa em instantes…",
  gerando: "Escrevendo…",
  cancelada: "Geração cancelada. Nada foi guardado.",
};

/**
 * A generation's state while it runs and when it ends: the streamed text (not announced piece by
 * piece: the status line says when it is done), a cancel button, the notice (no AI key, texts
 * refused) and the error in pt-BR.
 */
export function GenerationStatus({
  generation,
  text,
  error,
  onCancel,
  label,
}: {
  generation: Generation | null;
  text: string;
  error: string | null;
  onCancel: () => void;
  label: string;
}) {
  const running = isRunning(generation);
  const status = generation
    ? generation.status === "pronta"
      ? `${label} pronto.`
      : generation.status === "falhou"
        ? ""
        : (STAGE[generation.status] ?? "")
    : "";
  return (
    <div className="space-y-3">
      <p role="status" aria-live="polite" className="text-sm text-fg-soft" data-testid="ai-status">
        {status}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {generation?.erro ? <Alert tone="error">{generation.erro.mensagem}</Alert> : null}
      {running ? (
        <div className="space-y-3">
          <p className="sr-only">O texto aparece abaixo enquanto é escrito; avisamos quando terminar.</p>
          <div
            aria-busy="true"
            data-testid="ai-stream"
            className="min-h-16 whitespace-pre-wrap break-words rounded-lg border border-dashed border-line bg-muted p-3 text-sm"
          >
            {text || "Preparando…"}
            <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-accent align-middle" />
          </div>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
        </div>
      ) : null}
      {generation?.status === "pronta" && generation.aviso ? <Alert>{generation.aviso}</Alert> : null}
    </div>
  );
}
