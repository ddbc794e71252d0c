import { Link } from "react-router";
import { buttonClass } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";

export interface MatchItem {
  id: string;
  title: string;
  subtitle: string;
  price: string;
  score: number;
  reasons: string[];
  /** Raised as a new match (alert) not yet seen. */
  novo: boolean;
  href: string;
  whatsapp: string | null;
}

/** Matches with their score, reasons in pt-BR, and one click to send by WhatsApp. */
export function MatchList({ title, empty, items, newAlerts }: { title: string; empty: string; items: MatchItem[]; newAlerts: number }) {
  return (
    <Card title={title}>
      {newAlerts ? (
        <p className="mb-3 text-sm" role="status">
          <span className="badge badge-green">{newAlerts === 1 ? "1 novo match" : `${newAlerts} novos matches`}</span>
        </p>
      ) : null}
      {items.length ? (
        <ul className="divide-y divide-line" aria-label="Combinações">
          {items.map((m) => (
            <li key={m.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-match={m.id}>
              <div className="min-w-0">
                <p className="font-semibold">
                  <Link to={m.href} className="hover:text-accent hover:underline">
                    {m.title}
                  </Link>{" "}
                  {m.novo ? <span className="badge badge-green">novo</span> : null}
                </p>
                <p className="text-xs text-fg-soft">{[m.subtitle, m.price].filter(Boolean).join(" · ")}</p>
                <p className="mt-1 text-sm">{m.reasons.join(", ")}</p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <span className="text-sm font-semibold tabular-nums">
                  <span className="sr-only">Compatibilidade: </span>
                  {m.score}%
                </span>
                {m.whatsapp ? (
                  <a href={m.whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
                    Enviar por WhatsApp
                  </a>
                ) : (
                  <span className="text-xs text-fg-soft">Cliente sem telefone</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-fg-soft">{empty}</p>
      )}
    </Card>
  );
}
