import { Link, useNavigate } from "react-router";
import {
  type AgendaQuery,
  type AgendaView,
  agendaPeriodLabel,
  agendaSearch,
  stepAgendaDate,
} from "../../../shared/agenda/calendar-view.ts";
import type { AgendaProfessional } from "../../../shared/agenda/calendar-data.ts";
import { buttonClass } from "../ui/button.tsx";

const VIEW_LABEL: Record<AgendaView, string> = { dia: "Dia", semana: "Semana", mes: "Mês" };
const STEP_LABEL: Record<AgendaView, [string, string]> = {
  dia: ["Dia anterior", "Próximo dia"],
  semana: ["Semana anterior", "Próxima semana"],
  mes: ["Mês anterior", "Próximo mês"],
};

/**
 * Prev / Hoje / next, the period's name, the view (dia, semana, mês) and whose agenda: all in
 * the URL (`?vista=&data=&profissional=`), so a link or the back button shows the same view.
 */
export function AgendaToolbar({
  query,
  today,
  professionals,
  fixedProfessional,
}: {
  query: AgendaQuery;
  today: string;
  professionals: readonly AgendaProfessional[];
  /** A professional who sees only their own agenda has no choice to make. */
  fixedProfessional: boolean;
}) {
  const navigate = useNavigate();
  const [before, after] = STEP_LABEL[query.vista];
  return (
    <nav aria-label="Período" className="mb-3 flex flex-wrap items-center gap-2">
      <div className="flex items-center gap-1">
        <Link
          to={agendaSearch(query, { data: stepAgendaDate(query, -1) })}
          className={buttonClass("secondary", "!px-2.5")}
          aria-label={before}
        >
          ‹
        </Link>
        <Link to={agendaSearch(query, { data: today })} className={buttonClass("secondary")}>
          Hoje
        </Link>
        <Link
          to={agendaSearch(query, { data: stepAgendaDate(query, 1) })}
          className={buttonClass("secondary", "!px-2.5")}
          aria-label={after}
        >
          ›
        </Link>
      </div>
      <h2 className="min-w-0 text-lg font-semibold first-letter:uppercase" aria-live="polite">
        {agendaPeriodLabel(query)}
      </h2>
      <div className="flex w-full flex-wrap items-center gap-2 sm:ml-auto sm:w-auto">
        {fixedProfessional ? null : (
          <label className="flex min-w-0 basis-full items-center gap-2 text-sm sm:basis-auto">
            <span className="shrink-0 font-semibold">Profissional</span>
            <select
              className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-2 py-1.5 text-sm"
              value={query.profissional ?? ""}
              onChange={(e) => navigate(agendaSearch(query, { profissional: e.target.value || null }))}
            >
              <option value="">Todos</option>
              {professionals.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.nome}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="flex rounded-lg border border-line p-0.5 text-sm">
          {(["dia", "semana", "mes"] as const).map((vista) => (
            <Link
              key={vista}
              to={agendaSearch(query, { vista })}
              aria-current={query.vista === vista ? "page" : undefined}
              className={`rounded-md px-3 py-1 font-semibold ${query.vista === vista ? "bg-accent text-accent-fg" : "text-fg-soft hover:text-fg"}`}
            >
              {VIEW_LABEL[vista]}
            </Link>
          ))}
        </div>
      </div>
    </nav>
  );
}
