import { Link } from "react-router";
import type { GenerationKind, GenerationStatus } from "../../../shared/ai/generation-api.ts";

// The labels of generation-api.ts's enums, kept here: that module carries zod (the page's JavaScript must not).
export const KIND: Record<GenerationKind, string> = { post: "Post de um cadastro", livre: "Conteúdo livre", mes: "Um mês de ideias" };
export const STATUS: Record<GenerationStatus, string> = {
  na_fila: "Na fila",
  gerando: "Gerando",
  pronta: "Pronta",
  falhou: "Falhou",
  cancelada: "Cancelada",
};

export interface RecentGeneration {
  id: string;
  tipo: GenerationKind;
  titulo: string;
  status: GenerationStatus;
  /** "26/11/2026 14:05" in the organização's zone. */
  quando: string;
}

/** The person's recent generations; a free one or a month plan opens here again, a post's on /gerar-postagem's side. */
export function RecentGenerations({ items, current }: { items: readonly RecentGeneration[]; current: readonly string[] }) {
  if (!items.length) return <p className="text-sm text-fg-soft">Suas gerações aparecem aqui.</p>;
  return (
    <ul className="divide-y divide-line text-sm" data-testid="ai-recent">
      {items.map((g) => {
        const label = (
          <>
            <span className="block truncate font-medium">{g.titulo}</span>
            <span className="block text-xs text-fg-soft">
              {KIND[g.tipo]} · {STATUS[g.status]} · {g.quando}
            </span>
          </>
        );
        return (
          <li key={g.id} className="py-2">
            {g.tipo === "post" ? (
              <div>{label}</div>
            ) : (
              <Link
                to={`?geracao=${g.id}`}
                className="block rounded-md px-1 hover:bg-muted"
                aria-current={current.includes(g.id) ? "true" : undefined}
              >
                {label}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
