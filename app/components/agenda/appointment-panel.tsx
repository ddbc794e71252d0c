import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { STATUS_TRANSITIONS, canMove } from "../../../shared/agenda/appointment-status.ts";
import { clockOf, minutesInZone } from "../../../shared/agenda/calendar-view.ts";
import { APPOINTMENT_STATUS, type AppointmentStatus } from "../../../shared/enums/agenda.ts";
import { VISIT_OUTCOME } from "../../../shared/enums/real-estate.ts";
import { formatBRL } from "../../../shared/format.ts";
import { fullDayLabel } from "../../../shared/social/calendar.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import type { AgendaAppointment, AgendaVisit } from "../../../shared/agenda/calendar-data.ts";
import type { AgendaViewData } from "../../server/agenda/agenda.server.ts";
import { buttonClass } from "../ui/button.tsx";
import { STATUS_CLASS } from "./agenda-layout.ts";
import { MoveForm } from "./move-form.tsx";

/** What each status button says (the move to that status). */
const STATUS_ACTION: Record<AppointmentStatus, string> = {
  pendente: "Voltar para pendente",
  confirmado: "Confirmar",
  em_atendimento: "Iniciar atendimento",
  concluido: "Concluir",
  cancelado: "Cancelar agendamento",
  faltou: "Faltou",
};

export type ActionAnswer = { ok?: true; error?: string; id?: string };

/**
 * An appointment's panel (ADR 060): when, who, what, how much; its status buttons (the moves the
 * status allows: confirmar, iniciar, concluir, faltou, cancelar — cancelling asks first); "Mover"
 * for another day, time or professional without dragging. Every answer is said in pt-BR.
 */
export function AppointmentPanel({
  view,
  appointment,
  canUpdate,
  canOpenClient,
  onClose,
  onDone,
}: {
  view: AgendaViewData;
  appointment: AgendaAppointment;
  canUpdate: boolean;
  /** The client's record is a screen of theirs (not in the professionals' slim layout, ADR 063). */
  canOpenClient: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [moving, setMoving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const pro = view.professionals.find((p) => p.id === appointment.profissionalId);
  const day = dayIn(appointment.inicio, view.zone);
  const start = clockOf(minutesInZone(appointment.inicio, view.zone));
  const end = clockOf(minutesInZone(appointment.fim, view.zone));
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone("Agendamento atualizado.");
  }, [fetcher.state, fetcher.data, onDone]);
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const setStatus = (status: AppointmentStatus) => fetcher.submit({ intent: "status", id: appointment.id, status }, { method: "post" });
  const next = STATUS_TRANSITIONS[appointment.status];
  return (
    <section className="mb-3 rounded-lg border border-line bg-surface p-3 shadow-sm" aria-labelledby="agenda-painel-titulo">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="agenda-painel-titulo" ref={heading} tabIndex={-1} className="text-base font-semibold">
            {appointment.cliente}
          </h2>
          <p className="text-sm text-fg-soft">
            {fullDayLabel(day)}, {start}–{end}
            {pro ? ` · com ${pro.nome}` : ""}
          </p>
        </div>
        <button type="button" onClick={onClose} className={buttonClass("secondary", "!px-2.5")} aria-label="Fechar o agendamento">
          ✕
        </button>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-fg-soft">Serviços</dt>
        <dd>{appointment.servicos || "—"}</dd>
        <dt className="text-fg-soft">Status</dt>
        <dd>
          <span className={STATUS_CLASS[appointment.status]}>{APPOINTMENT_STATUS.label(appointment.status)}</span>
          {appointment.online ? <span className="ml-2 text-xs text-fg-soft">agendado online</span> : null}
        </dd>
        <dt className="text-fg-soft">Total</dt>
        <dd>{formatBRL(appointment.totalCentavos)}</dd>
      </dl>
      {canOpenClient ? (
        <p className="mt-2 text-sm">
          <Link to={`/clients/${appointment.clienteId}`} className="font-semibold text-accent hover:underline">
            Ver o cadastro do cliente
          </Link>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {canUpdate ? (
        confirmCancel ? (
          <fieldset className="mt-3 rounded border border-line p-2">
            <legend className="sr-only">Confirmar o cancelamento</legend>
            <p className="text-sm font-semibold">Cancelar este agendamento? O horário fica livre para outro cliente.</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonClass("danger")}
                disabled={fetcher.state !== "idle"}
                onClick={() => setStatus("cancelado")}
              >
                Sim, cancelar
              </button>
              <button type="button" className={buttonClass("secondary")} onClick={() => setConfirmCancel(false)}>
                Não
              </button>
            </div>
          </fieldset>
        ) : (
          <div className="mt-3 flex flex-wrap gap-2">
            {next.map((status) => (
              <button
                key={status}
                type="button"
                disabled={fetcher.state !== "idle"}
                className={buttonClass(status === "confirmado" || status === "concluido" ? "primary" : "secondary")}
                onClick={() => (status === "cancelado" ? setConfirmCancel(true) : setStatus(status))}
              >
                {STATUS_ACTION[status]}
              </button>
            ))}
            {canMove(appointment.status) ? (
              <button type="button" className={buttonClass("secondary")} onClick={() => setMoving((m) => !m)} aria-expanded={moving}>
                Mover
              </button>
            ) : null}
          </div>
        )
      ) : null}
      {moving ? <MoveForm view={view} appointment={appointment} onDone={onDone} /> : null}
    </section>
  );
}

/** A visit's panel: client, imóvel, corretor, outcome, and the way to its interest (where it is managed). */
export function VisitPanel({ view, visit, onClose }: { view: AgendaViewData; visit: AgendaVisit; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const day = dayIn(visit.inicio, view.zone);
  return (
    <section className="mb-3 rounded-lg border border-dashed border-line bg-surface p-3 shadow-sm" aria-labelledby="agenda-visita-titulo">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="agenda-visita-titulo" ref={heading} tabIndex={-1} className="text-base font-semibold">
            Visita: {visit.cliente}
          </h2>
          <p className="text-sm text-fg-soft">
            {fullDayLabel(day)}, {clockOf(minutesInZone(visit.inicio, view.zone))}–{clockOf(minutesInZone(visit.fim, view.zone))}
          </p>
        </div>
        <button type="button" onClick={onClose} className={buttonClass("secondary", "!px-2.5")} aria-label="Fechar a visita">
          ✕
        </button>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-fg-soft">Imóvel</dt>
        <dd>
          <Link to={`/properties/${visit.imovelId}`} className="text-accent hover:underline">
            {visit.imovel}
          </Link>
        </dd>
        <dt className="text-fg-soft">Corretor</dt>
        <dd>{visit.corretor ?? "—"}</dd>
        <dt className="text-fg-soft">Resultado</dt>
        <dd>{VISIT_OUTCOME.label(visit.resultado)}</dd>
      </dl>
      {visit.interesseId ? (
        <p className="mt-3">
          <Link to={`/property_clients/${visit.interesseId}`} className={buttonClass("secondary")}>
            Abrir o interesse
          </Link>
        </p>
      ) : null}
    </section>
  );
}
