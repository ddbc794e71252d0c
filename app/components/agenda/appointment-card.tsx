import { formatWhen, type PublicAppointment } from "../../../shared/agenda/public-booking.ts";
import { APPOINTMENT_STATUS } from "../../../shared/enums.ts";
import { formatBRL } from "../../../shared/format.ts";
import { formatTimeIn } from "../../../shared/time-zone.ts";

const TONE: Record<PublicAppointment["status"], string> = {
  pendente: "bg-yellow-100 text-yellow-900",
  confirmado: "bg-blue-100 text-blue-900",
  em_atendimento: "bg-purple-100 text-purple-900",
  concluido: "bg-green-100 text-green-900",
  cancelado: "bg-gray-200 text-gray-900",
  faltou: "bg-red-100 text-red-900",
};

/** The appointment as its client sees it on /agendamento/{token}: what, with whom, when, and its status. */
export function AppointmentCard({ view }: { view: PublicAppointment }) {
  return (
    <section aria-labelledby="agendamento" className="space-y-3 rounded-xl border border-line p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="agendamento" className="text-lg font-semibold">
          Olá, {view.cliente}!
        </h2>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${TONE[view.status]}`}>{APPOINTMENT_STATUS.label(view.status)}</span>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-fg-soft">Quando</dt>
        <dd className="font-medium">
          {formatWhen(view.inicio, view.timeZone)} até {formatTimeIn(view.fim, view.timeZone)}
        </dd>
        <dt className="text-fg-soft">Serviço</dt>
        <dd>{view.servicos.join(" + ")}</dd>
        <dt className="text-fg-soft">Profissional</dt>
        <dd>{view.profissional}</dd>
        {view.totalCentavos > 0 ? (
          <>
            <dt className="text-fg-soft">Valor</dt>
            <dd className="tabular-nums">{formatBRL(view.totalCentavos)}</dd>
          </>
        ) : null}
        <dt className="text-fg-soft">Onde</dt>
        <dd>{view.negocio}</dd>
      </dl>
      {view.aviso ? <p className="rounded-lg bg-muted p-3 text-sm">{view.aviso}</p> : null}
    </section>
  );
}
