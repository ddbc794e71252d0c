import { useEffect, useState } from "react";
import type { Route } from "./+types/atendimento";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { DeskQueueView } from "../../components/agenda/desk-queue.tsx";
import { ReminderList } from "../../components/agenda/desk-reminders.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { useLiveRevalidation } from "../../lib/live/use-live-events.ts";
import { titleMeta } from "../../lib/title.ts";
import { deskAction, deskLoader } from "../../server/agenda/desk.server.ts";
import { formatDateIn, instantIn } from "../../../shared/time-zone.ts";

export const meta: Route.MetaFunction = () => titleMeta("Atendimento");

export function loader(args: Route.LoaderArgs) {
  return deskLoader(args);
}

export function action(args: Route.ActionArgs) {
  return deskAction(args);
}

/** Anything another tab or member changed on the agenda (a booking, a step, a move) or in stock (ADR 043). */
const liveDesk = (event: { type: string; resource?: string }) =>
  event.type === "record.changed" && (event.resource === "agendamentos" || event.resource === "movimentacoes-produtos");

export default function Atendimento({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(liveDesk);
  const data = loaderData;
  const dateText = formatDateIn(instantIn(data.day, "12:00", data.timeZone), data.timeZone);
  const total = data.professionals.reduce((sum, p) => sum + p.appointments.length, 0);
  const [clock, setClock] = useState<number | null>(null);
  // The "now" line moves with the clock; the first render (server) has none, so hydration agrees.
  useEffect(() => {
    setClock(Date.now());
    const timer = window.setInterval(() => setClock(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <>
      <PageHeader
        title="Atendimento"
        description={
          data.own
            ? `Sua fila de hoje, ${dateText}: chegada, início e fim de cada atendimento.`
            : `A fila de hoje, ${dateText}, por profissional: chegada, início e fim de cada atendimento.`
        }
      />
      <p className="sr-only" aria-live="polite">
        {total === 1 ? "1 agendamento hoje." : `${total} agendamentos hoje.`}
      </p>
      <DeskQueueView data={data} now={clock} />
      <ReminderList data={data} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
