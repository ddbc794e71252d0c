import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import { clockOf, minutesInZone } from "../../../shared/agenda/calendar-view.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import type { AgendaAppointment } from "../../../shared/agenda/calendar-data.ts";
import type { AgendaViewData } from "../../server/agenda/agenda.server.ts";
import { buttonClass } from "../ui/button.tsx";
import type { ActionAnswer } from "./appointment-panel.tsx";

/**
 * "Mover": another day, time or professional, typed (the way without dragging: keyboard, screen
 * readers, phones). The same rules and refusals as a drag (core's moveAppointment).
 */
export function MoveForm({
  view,
  appointment,
  onDone,
}: {
  view: AgendaViewData;
  appointment: AgendaAppointment;
  onDone: (message: string) => void;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  const id = useId();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone("Agendamento movido.");
  }, [fetcher.state, fetcher.data, onDone]);
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const field = "mt-1 w-full rounded-lg border border-line bg-surface px-2 py-1.5 text-sm";
  return (
    <fetcher.Form
      method="post"
      className="mt-3 grid grid-cols-1 gap-2 rounded border border-line p-2 sm:grid-cols-4 sm:items-end"
      aria-label="Mover o agendamento"
    >
      <input type="hidden" name="intent" value="mover" />
      <input type="hidden" name="id" value={appointment.id} />
      <label className="text-xs font-semibold" htmlFor={`${id}-dia`}>
        Dia
        <input id={`${id}-dia`} name="dia" type="date" required defaultValue={dayIn(appointment.inicio, view.zone)} className={field} />
      </label>
      <label className="text-xs font-semibold" htmlFor={`${id}-hora`}>
        Horário
        <input
          id={`${id}-hora`}
          name="hora"
          type="time"
          required
          step={view.settings.stepMin * 60}
          defaultValue={clockOf(minutesInZone(appointment.inicio, view.zone))}
          className={field}
        />
      </label>
      <label className="text-xs font-semibold" htmlFor={`${id}-pro`}>
        Profissional
        <select id={`${id}-pro`} name="profissionalId" defaultValue={appointment.profissionalId} className={field}>
          {view.professionals.map((p) => (
            <option key={p.id} value={p.id}>
              {p.nome}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass("primary")} disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Movendo…" : "Mover para cá"}
      </button>
      {error ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800 sm:col-span-4">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
