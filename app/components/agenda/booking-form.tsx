import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatBRL } from "../../../shared/format.ts";
import type { AgendaViewData } from "../../server/agenda/agenda.server.ts";
import { RelationPicker } from "../data/relation-picker.tsx";
import { buttonClass } from "../ui/button.tsx";
import type { ActionAnswer } from "./appointment-panel.tsx";
import { AGENDA_FIELD, AgendaFormFooter } from "./form-footer.tsx";

/** Where the form starts: the clicked slot, or today's next step ("Novo agendamento"). */
export interface BookingStart {
  dia: string;
  hora: string;
  profissionalId: string | null;
}

type NextAnswer = { proximo?: { dia: string; hora: string; profissionalId: string; texto: string }; error?: string };

const field = AGENDA_FIELD;

/**
 * "Novo agendamento" (ADR 060): client (searched), one or more services, a professional or
 * "qualquer um", day and time — or "Próximo horário livre", which fills the first free start for
 * those services. Booking runs core's rules and guard; a refusal is shown as the server said it
 * (pt-BR, naming the conflict) and nothing is saved.
 */
export function BookingForm({
  view,
  start,
  onClose,
  onDone,
}: {
  view: AgendaViewData;
  start: BookingStart;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const fetcher = useFetcher<ActionAnswer>();
  const next = useFetcher<NextAnswer>();
  const heading = useRef<HTMLHeadingElement>(null);
  const [dia, setDia] = useState(start.dia);
  const [hora, setHora] = useState(start.hora);
  const [pro, setPro] = useState(start.profissionalId ?? "");
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone("Agendamento criado.");
  }, [fetcher.state, fetcher.data, onDone]);
  useEffect(() => {
    const found = next.state === "idle" ? next.data?.proximo : undefined;
    if (!found) return;
    setDia(found.dia);
    setHora(found.hora);
    setPro(found.profissionalId);
  }, [next.state, next.data]);

  // The services the chosen professional performs (everyone's for "qualquer um"), by category.
  const offered = useMemo(() => {
    const performer = view.professionals.find((p) => p.id === pro);
    const list = performer ? view.services.filter((s) => performer.servicos.includes(s.id)) : view.services;
    const groups = new Map<string, typeof list>();
    for (const s of list) {
      const key = s.categoria ?? "Outros";
      groups.set(key, [...(groups.get(key) ?? []), s]);
    }
    return [...groups.entries()];
  }, [view.professionals, view.services, pro]);
  const duration = view.services.filter((s) => chosen.includes(s.id)).reduce((sum, s) => sum + s.duracaoMin, 0);
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const nextError = next.state === "idle" ? next.data?.error : undefined;
  const nextFound = next.state === "idle" ? next.data?.proximo : undefined;

  const askNext = () => {
    const body = new FormData();
    body.set("intent", "proximo");
    body.set("profissionalId", pro);
    for (const s of chosen) body.append("servicoIds", s);
    next.submit(body, { method: "post" });
  };

  return (
    <section className="mb-3 rounded-lg border border-line bg-surface p-3 shadow-sm" aria-labelledby={`${id}-titulo`}>
      <div className="flex items-start justify-between gap-2">
        <h2 id={`${id}-titulo`} ref={heading} tabIndex={-1} className="text-base font-semibold">
          Novo agendamento
        </h2>
        <button type="button" onClick={onClose} className={buttonClass("secondary", "!px-2.5")} aria-label="Fechar o novo agendamento">
          ✕
        </button>
      </div>
      <fetcher.Form method="post" className="mt-2 space-y-3">
        <input type="hidden" name="intent" value="agendar" />
        <div>
          <label htmlFor={`${id}-cliente`} className="text-xs font-semibold">
            Cliente
          </label>
          <RelationPicker
            id={`${id}-cliente`}
            name="clienteId"
            relation="clients"
            label="Cliente"
            defaultSelected={[]}
            required
            placeholder="Busque pelo nome, telefone ou e-mail"
          />
        </div>
        <label className="block text-xs font-semibold" htmlFor={`${id}-pro`}>
          Profissional
          <select id={`${id}-pro`} name="profissionalId" value={pro} onChange={(e) => setPro(e.target.value)} className={field}>
            <option value="">Qualquer um</option>
            {view.professionals.map((p) => (
              <option key={p.id} value={p.id}>
                {p.nome}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="min-w-0">
          <legend className="text-xs font-semibold">
            Serviços {duration ? <span className="font-normal text-fg-soft">({duration} min no total)</span> : null}
          </legend>
          {offered.length === 0 ? (
            <p className="mt-1 text-sm text-fg-soft">Nenhum serviço ativo{pro ? " para este profissional" : ""}. Cadastre em Serviços.</p>
          ) : (
            <div className="mt-1 max-h-48 space-y-2 overflow-y-auto rounded-lg border border-line p-2">
              {offered.map(([categoria, list]) => (
                <div key={categoria}>
                  <p className="text-[0.7rem] font-semibold text-fg-soft uppercase">{categoria}</p>
                  {list.map((s) => (
                    <label key={s.id} className="flex items-center gap-2 py-0.5 text-sm">
                      <input
                        type="checkbox"
                        name="servicoIds"
                        value={s.id}
                        checked={chosen.includes(s.id)}
                        onChange={(e) => setChosen((c) => (e.target.checked ? [...c, s.id] : c.filter((x) => x !== s.id)))}
                      />
                      <span className="min-w-0 flex-1 truncate">{s.nome}</span>
                      <span className="shrink-0 text-xs text-fg-soft tabular-nums">
                        {s.duracaoMin} min · {formatBRL(s.precoCentavos)}
                      </span>
                    </label>
                  ))}
                </div>
              ))}
            </div>
          )}
        </fieldset>
        <div className="grid grid-cols-2 gap-2">
          <label className="text-xs font-semibold" htmlFor={`${id}-dia`}>
            Dia
            <input
              id={`${id}-dia`}
              name="dia"
              type="date"
              required
              value={dia}
              onChange={(e) => setDia(e.target.value)}
              className={field}
            />
          </label>
          <label className="text-xs font-semibold" htmlFor={`${id}-hora`}>
            Horário
            <input
              id={`${id}-hora`}
              name="hora"
              type="time"
              required
              step={view.settings.stepMin * 60}
              value={hora}
              onChange={(e) => setHora(e.target.value)}
              className={field}
            />
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={askNext}
            disabled={chosen.length === 0 || next.state !== "idle"}
          >
            {next.state !== "idle" ? "Procurando…" : "Próximo horário livre"}
          </button>
          <p className="text-xs text-fg-soft" aria-live="polite">
            {chosen.length === 0 ? "Escolha os serviços para achar o próximo horário livre." : (nextFound?.texto ?? "")}
          </p>
        </div>
        {nextError ? (
          <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
            {nextError}
          </p>
        ) : null}
        <AgendaFormFooter id={id} error={error} busy={fetcher.state !== "idle"} submitLabel="Agendar" onClose={onClose} />
      </fetcher.Form>
    </section>
  );
}
