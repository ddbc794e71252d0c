import { Link } from "react-router";
import type { GenerationUsage } from "../../../shared/ai/generation-api.ts";
import { formatDate, formatNumber } from "../../../shared/format.ts";

/**
 * This month's AI tokens against the organização's limit (Configurações do Negócio): a small bar
 * a screen reader reads as a meter, the numbers in words, and when the count starts again.
 */
export function UsageMeter({ usage, zone, canSetLimit }: { usage: GenerationUsage; zone: string; canSetLimit: boolean }) {
  const { tokens, limite } = usage;
  const off = limite === 0;
  const share = limite && limite > 0 ? Math.min(1, tokens / limite) : 0;
  const renews = formatDate(usage.renovaEm, zone);
  const summary = off
    ? "A IA está desligada neste negócio: o gerador de modelos escreve sem custo."
    : limite === null
      ? `${formatNumber(tokens)} tokens usados neste mês (sem limite definido).`
      : `${formatNumber(tokens)} de ${formatNumber(limite)} tokens usados neste mês.`;
  return (
    <div className="space-y-2 text-sm" data-testid="ai-usage">
      <p>{summary}</p>
      {limite && limite > 0 ? (
        <meter
          aria-label="Uso de IA no mês"
          min={0}
          max={limite}
          high={limite * 0.8}
          optimum={0}
          value={Math.min(tokens, limite)}
          className="block h-2 w-full"
        >
          {Math.round(share * 100)}% do limite
        </meter>
      ) : null}
      <p className="text-xs text-fg-soft">
        A contagem volta a zero em {renews}.
        {canSetLimit ? (
          <>
            {" "}
            <Link className="text-accent underline" to="/business-settings">
              Alterar o limite
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
