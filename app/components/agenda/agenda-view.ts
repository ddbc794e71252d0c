import { fromWire, type WireAppointment } from "../../../shared/agenda/calendar-data.ts";
import type { AgendaJson, AgendaViewData } from "../../server/agenda/agenda.server.ts";

/** The page's data → the view (appointments travel as arrays: `toWire`). Parsed once per render of new data. */
export function readAgendaView(json: AgendaJson): AgendaViewData {
  const wire = JSON.parse(json) as Omit<AgendaViewData, "appointments"> & { appointments: WireAppointment[] };
  return { ...wire, appointments: wire.appointments.map(fromWire) };
}
