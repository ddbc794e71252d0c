import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/agenda";
import { canMove } from "../../../shared/agenda/appointment-status.ts";
import { addDays, clockOf, fullDayLabel, minutesInZone } from "../../../shared/agenda/calendar-view.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { AgendaToolbar } from "../../components/agenda/agenda-toolbar.tsx";
import { type ActionAnswer, AppointmentPanel, VisitPanel } from "../../components/agenda/appointment-panel.tsx";
import { BookingForm, type BookingStart } from "../../components/agenda/booking-form.tsx";
import type { DragTarget } from "../../components/agenda/agenda-drag.ts";
import { MonthGrid } from "../../components/agenda/month-grid.tsx";
import { type GridSpot, TimeGrid } from "../../components/agenda/time-grid.tsx";
import { VisitForm } from "../../components/agenda/visit-form.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { useLiveRevalidation } from "../../lib/live/use-live-events.ts";
import { titleMeta } from "../../lib/title.ts";
import { agendaAction } from "../../server/agenda/agenda-actions.server.ts";
import { type AgendaJson, agendaLoader } from "../../server/agenda/agenda.server.ts";
import { readAgendaView } from "../../components/agenda/agenda-view.ts";

export const meta: Route.MetaFunction = () => titleMeta("Agendamentos");

export function loader(args: Route.LoaderArgs) {
  return agendaLoader(args);
}

export function action(args: Route.ActionArgs) {
  return agendaAction(args);
}

/**
 * What changes the calendar anywhere in the organização (ADR 043): appointments (another desk, the
 * public page, the service desk's check-in), visits (on their interests), the columns and the
 * services offered. The page reads again.
 */
const LIVE_RESOURCES = new Set(["agendamentos", "interesses", "profissionais", "servicos"]);
const liveAgenda = (event: { type: string; resource?: string }) =>
  event.type === "record.changed" && LIVE_RESOURCES.has(event.resource ?? "");

type Open = { kind: "a" | "v"; id: string } | { kind: "novo"; start: BookingStart } | { kind: "visita"; start: BookingStart } | null;

/** A move asked with the arrow keys, waiting for Enter (or "Confirmar"). */
interface PendingMove {
  id: string;
  dia: string;
  minutos: number;
  profissionalId: string;
}

export default function Agenda({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(liveAgenda);
  const view = useMemo(() => readAgendaView(loaderData.view as AgendaJson), [loaderData.view]);
  const [open, setOpen] = useState<Open>(null);
  const [announcement, setAnnouncement] = useState("");
  const [pending, setPending] = useState<PendingMove | null>(null);
  const mover = useFetcher<ActionAnswer>();
  const dropped = useRef<DragTarget | null>(null);
  const focusAfter = useRef<string | null>(null);
  const byId = useMemo(() => new Map(view.appointments.map((a) => [a.id, a])), [view.appointments]);
  const fixedProfessional = !loaderData.canSeeAll;

  const done = useCallback((message: string) => {
    setOpen(null);
    setAnnouncement(message);
  }, []);

  // The answer to a drag, an arrow move or a resize: said aloud; a refusal puts the item back.
  useEffect(() => {
    if (mover.state !== "idle" || !mover.data) return;
    if (mover.data.error) {
      dropped.current?.reset();
      setAnnouncement(mover.data.error);
    } else setAnnouncement("Agendamento movido.");
    dropped.current = null;
    if (focusAfter.current) document.querySelector<HTMLElement>(`[data-appt="${focusAfter.current}"]`)?.focus();
    focusAfter.current = null;
  }, [mover.state, mover.data]);

  const send = (id: string, dia: string, minutos: number, profissionalId: string | null, duracaoMin?: number) => {
    const body: Record<string, string> = { intent: "mover", id, dia, hora: clockOf(minutos) };
    if (profissionalId) body.profissionalId = profissionalId;
    if (duracaoMin) body.duracaoMin = String(duracaoMin);
    mover.submit(body, { method: "post" });
    focusAfter.current = id;
  };

  const spotStart = (spot: GridSpot): BookingStart => ({ dia: spot.dia, hora: clockOf(spot.minutos), profissionalId: spot.profissionalId });

  const handlers = {
    onEmpty: (spot: GridSpot) => {
      if (spot.profissionalId === null) {
        if (loaderData.canBookVisit) setOpen({ kind: "visita", start: spotStart(spot) });
        return;
      }
      if (loaderData.canBook) setOpen({ kind: "novo", start: spotStart(spot) });
    },
    onOpen: (kind: "a" | "v", id: string) => setOpen({ kind, id }),
    canMove: (id: string) => loaderData.canMove && canMove(byId.get(id)?.status ?? "cancelado"),
    onArrow: (id: string, key: "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight") => {
      const a = byId.get(id);
      if (!a) return;
      const base: PendingMove =
        pending?.id === id
          ? pending
          : { id, dia: dayIn(a.inicio, view.zone), minutos: minutesInZone(a.inicio, view.zone), profissionalId: a.profissionalId };
      const step = view.settings.stepMin;
      const pros = view.professionals.map((p) => p.id);
      const next = { ...base };
      if (key === "ArrowUp") next.minutos = Math.max(0, base.minutos - step);
      if (key === "ArrowDown") next.minutos = Math.min(1440 - step, base.minutos + step);
      if (key === "ArrowLeft" || key === "ArrowRight") {
        const d = key === "ArrowLeft" ? -1 : 1;
        // The week moves a day; the day view with everyone side by side moves to the next professional.
        if (view.query.vista === "dia" && !view.query.profissional && pros.length > 1) {
          const i = pros.indexOf(base.profissionalId);
          next.profissionalId = pros[(i + d + pros.length) % pros.length] ?? base.profissionalId;
        } else next.dia = addDays(base.dia, d);
      }
      setPending(next);
      const pro = view.professionals.find((p) => p.id === next.profissionalId)?.nome ?? "";
      setAnnouncement(`Mover para ${fullDayLabel(next.dia)} às ${clockOf(next.minutos)} com ${pro}? Enter confirma, Esc desiste.`);
    },
    onDrop: (target: DragTarget) => {
      dropped.current = target;
      const a = byId.get(target.id);
      setAnnouncement(`Movendo ${a?.cliente ?? "o agendamento"} para ${clockOf(target.minutos)}…`);
      send(target.id, target.dia, target.minutos, target.profissionalId, target.kind === "redimensionar" ? target.duracaoMin : undefined);
    },
  };

  // Enter confirms an arrow move, Escape drops it (while the appointment keeps the focus).
  useEffect(() => {
    if (!pending) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setPending(null);
        setAnnouncement("Movimento desfeito.");
      } else if (event.key === "Enter" && (event.target as HTMLElement).getAttribute?.("data-appt") === pending.id) {
        event.preventDefault();
        event.stopPropagation();
        send(pending.id, pending.dia, pending.minutos, pending.profissionalId);
        setPending(null);
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  });

  const newStart = (): BookingStart => {
    const step = view.settings.stepMin;
    const day = view.query.vista === "dia" ? view.query.data : view.today;
    const nowMin = day === view.today ? Math.ceil((minutesInZone(view.now, view.zone) + 1) / step) * step : 9 * 60;
    return { dia: day, hora: clockOf(Math.min(nowMin, 1440 - step)), profissionalId: view.query.profissional };
  };

  const pendingAppt = pending ? byId.get(pending.id) : undefined;
  const panel = (() => {
    if (!open) return null;
    if (open.kind === "novo")
      return <BookingForm key={JSON.stringify(open.start)} view={view} start={open.start} onClose={() => setOpen(null)} onDone={done} />;
    if (open.kind === "visita") return <VisitForm view={view} start={open.start} onClose={() => setOpen(null)} onDone={done} />;
    if (open.kind === "a") {
      const a = byId.get(open.id);
      return a ? (
        <AppointmentPanel
          key={a.id}
          view={view}
          appointment={a}
          canUpdate={loaderData.canMove}
          canOpenClient={loaderData.canSeeAll}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      ) : null;
    }
    const v = view.visits.find((x) => x.id === open.id);
    return v ? <VisitPanel view={view} visit={v} onClose={() => setOpen(null)} /> : null;
  })();

  const empty = view.appointments.length === 0 && view.visits.length === 0;
  return (
    <>
      <PageHeader
        title="Agendamentos"
        description="A agenda de cada profissional e as visitas a imóveis, no fuso do seu negócio."
        actions={
          <div className="flex flex-wrap gap-2">
            {loaderData.canBook && view.professionals.length ? (
              <button type="button" className={buttonClass("primary")} onClick={() => setOpen({ kind: "novo", start: newStart() })}>
                Novo agendamento
              </button>
            ) : null}
            {loaderData.canBookVisit ? (
              <button type="button" className={buttonClass("secondary")} onClick={() => setOpen({ kind: "visita", start: newStart() })}>
                Agendar visita
              </button>
            ) : null}
          </div>
        }
      />
      <AgendaToolbar query={view.query} today={view.today} professionals={view.professionals} fixedProfessional={fixedProfessional} />
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {mover.state === "idle" && mover.data?.error ? (
        <p role="alert" className="mb-3 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800">
          {mover.data.error}
        </p>
      ) : null}
      {pending && pendingAppt ? (
        <section
          className="mb-3 flex flex-wrap items-center gap-2 rounded border border-accent bg-accent-soft/40 p-2 text-sm"
          aria-label="Confirmar o movimento"
        >
          <p className="min-w-0 flex-1">
            Mover <b>{pendingAppt.cliente}</b> para {fullDayLabel(pending.dia)} às {clockOf(pending.minutos)} com{" "}
            {view.professionals.find((p) => p.id === pending.profissionalId)?.nome}?
          </p>
          <button
            type="button"
            className={buttonClass("primary")}
            onClick={() => {
              send(pending.id, pending.dia, pending.minutos, pending.profissionalId);
              setPending(null);
            }}
          >
            Confirmar
          </button>
          <button type="button" className={buttonClass("secondary")} onClick={() => setPending(null)}>
            Desistir
          </button>
        </section>
      ) : null}
      {panel}
      {view.professionals.length === 0 ? (
        <div className="mb-3 rounded-lg border border-dashed border-line p-4 text-sm">
          <p className="font-semibold">Nenhum profissional ativo na agenda.</p>
          <p className="mt-1 text-fg-soft">Cadastre os profissionais (e os horários de funcionamento) para começar a agendar.</p>
        </div>
      ) : null}
      {loaderData.canMove && view.query.vista !== "mes" ? (
        <p className="mb-2 text-xs text-fg-soft" id="agenda-ajuda">
          Clique num horário livre para agendar. Arraste um agendamento para mover (no celular, segure antes de arrastar) ou a borda de
          baixo para mudar a duração; com ele focado, as setas movem e Enter confirma. “Mover”, no agendamento, faz o mesmo por formulário.
        </p>
      ) : null}
      {empty && view.professionals.length ? (
        <p className="mb-2 text-sm text-fg-soft">
          Nenhum agendamento {view.query.vista === "dia" ? "neste dia" : view.query.vista === "semana" ? "nesta semana" : "neste mês"}.
        </p>
      ) : null}
      <div aria-busy={mover.state !== "idle" || undefined}>
        {view.query.vista === "mes" ? (
          <MonthGrid view={view} onOpen={(kind, id) => setOpen({ kind, id })} />
        ) : (
          <TimeGrid view={view} handlers={handlers} />
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
