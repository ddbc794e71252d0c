import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import type { AgendaViewData } from "../../server/agenda/agenda.server.ts";
import { RelationPicker } from "../data/relation-picker.tsx";
import { buttonClass } from "../ui/button.tsx";
import type { ActionAnswer } from "./appointment-panel.tsx";
import { AGENDA_FIELD, AgendaFormFooter } from "./form-footer.tsx";
import type { BookingStart } from "./booking-form.tsx";

const field = AGENDA_FIELD;
const LENGTHS = [30, 45, 60, 90, 120] as const;

/**
 * "Agendar visita": the client's interest + imóvel + corretor, day, time and length, booked by the
 * visits' own service (the visit stays on its interest, whose page lists it; the client is the
 * interest's). A visit without an interest waits for the agenda's visit scheduling (ADR 059).
 */
export function VisitForm({
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone("Visita agendada.");
  }, [fetcher.state, fetcher.data, onDone]);
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const linked = view.professionals.find((p) => p.id === start.profissionalId)?.usuarioId ?? "";
  return (
    <section className="mb-3 rounded-lg border border-dashed border-line bg-surface p-3 shadow-sm" aria-labelledby={`${id}-titulo`}>
      <div className="flex items-start justify-between gap-2">
        <h2 id={`${id}-titulo`} ref={heading} tabIndex={-1} className="text-base font-semibold">
          Agendar visita
        </h2>
        <button type="button" onClick={onClose} className={buttonClass("secondary", "!px-2.5")} aria-label="Fechar agendar visita">
          ✕
        </button>
      </div>
      <fetcher.Form method="post" className="mt-2 space-y-3">
        <input type="hidden" name="intent" value="visita" />
        <div>
          <label htmlFor={`${id}-interesse`} className="text-xs font-semibold">
            Interesse do cliente
          </label>
          <RelationPicker
            id={`${id}-interesse`}
            name="interesseId"
            relation="property_clients"
            label="Interesse do cliente"
            defaultSelected={[]}
            required
            placeholder="Busque pelo nome do cliente"
          />
          <p className="mt-1 text-xs text-fg-soft">
            A visita fica no interesse (e o cliente é o dele). Sem interesse ainda? Crie em Interesses em Imóveis.
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-imovel`} className="text-xs font-semibold">
            Imóvel
          </label>
          <RelationPicker
            id={`${id}-imovel`}
            name="imovelId"
            relation="properties"
            label="Imóvel"
            defaultSelected={[]}
            required
            placeholder="Código, título ou bairro"
          />
        </div>
        <label className="block text-xs font-semibold" htmlFor={`${id}-corretor`}>
          Corretor
          <select id={`${id}-corretor`} name="corretorId" defaultValue={linked} className={field}>
            <option value="">Sem corretor definido</option>
            {view.corretores.map((c) => (
              <option key={c.id} value={c.id}>
                {c.nome}
              </option>
            ))}
          </select>
        </label>
        <div className="grid grid-cols-3 gap-2">
          <label className="text-xs font-semibold" htmlFor={`${id}-dia`}>
            Dia
            <input id={`${id}-dia`} name="dia" type="date" required defaultValue={start.dia} className={field} />
          </label>
          <label className="text-xs font-semibold" htmlFor={`${id}-hora`}>
            Horário
            <input
              id={`${id}-hora`}
              name="hora"
              type="time"
              required
              step={view.settings.stepMin * 60}
              defaultValue={start.hora}
              className={field}
            />
          </label>
          <label className="text-xs font-semibold" htmlFor={`${id}-duracao`}>
            Duração
            <select id={`${id}-duracao`} name="duracaoMin" defaultValue="60" className={field}>
              {LENGTHS.map((m) => (
                <option key={m} value={m}>
                  {m} min
                </option>
              ))}
            </select>
          </label>
        </div>
        <AgendaFormFooter id={id} error={error} busy={fetcher.state !== "idle"} submitLabel="Agendar visita" onClose={onClose} />
      </fetcher.Form>
    </section>
  );
}
