import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { type DeskStep, STEP_LABEL, stepsFor } from "../../../shared/agenda/desk.ts";
import { APPOINTMENT_STATUS } from "../../../shared/enums/agenda.ts";
import { formatBRL } from "../../../shared/format.ts";
import { formatTimeIn } from "../../../shared/time-zone.ts";
import type { DeskData } from "../../server/agenda/desk.server.ts";
import { TONE_CLASS } from "../data/rows.tsx";
import { buttonClass } from "../ui/button.tsx";
import { type DeskNotice, DeskToast } from "./desk-toast.tsx";
import { FinishPanel } from "./finish-panel.tsx";

/**
 * /atendimento's queue (ADR 061): one section per professional, their day's appointments in time
 * order, each with the steps its status offers as buttons (one tap; "Cancelar" asks once more,
 * "Finalizar" opens the panel of what was done). Phone first: one column at 390 px.
 */

/** One appointment of the queue, as the loader sends it. */
export type DeskAppointment = DeskData["professionals"][number]["appointments"][number];

/** Minutes past the start after which a client who has not arrived reads as late. */
const LATE_AFTER_MIN = 10;

export function DeskQueueView({ data, now }: { data: DeskData; now: number | null }) {
  const [notice, setNotice] = useState<DeskNotice | null>(null);
  const navigate = useNavigate();
  const close = () => navigate("/atendimento", { replace: true, preventScrollReset: true });
  if (!data.professionals.length)
    return (
      <p className="rounded-xl border border-line bg-surface p-4 text-sm text-fg-soft">
        {data.own
          ? "Seu login ainda não está ligado a um profissional da agenda. Peça ao responsável para ligá-lo em Profissionais."
          : "Nenhum profissional cadastrado ainda. Cadastre a equipe em Profissionais para montar a fila."}
      </p>
    );
  return (
    <>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {data.professionals.map((pro) => (
          <section key={pro.id} aria-labelledby={`fila-${pro.id}`} className="min-w-0 rounded-xl border border-line bg-surface p-3 sm:p-4">
            <h2 id={`fila-${pro.id}`} className="flex items-center gap-2 text-base font-semibold">
              <span aria-hidden="true" className="inline-block size-3 shrink-0 rounded-full" style={{ backgroundColor: pro.cor }} />
              <span className="min-w-0 truncate">{pro.nome}</span>
              <span className="ml-auto text-sm font-normal text-fg-soft">
                {pro.appointments.length === 1 ? "1 agendamento" : `${pro.appointments.length} agendamentos`}
              </span>
            </h2>
            {pro.appointments.length ? (
              <ol className="mt-3 space-y-2" aria-label={`Fila de ${pro.nome}`}>
                {pro.appointments.map((a) => (
                  <AppointmentCard key={a.id} appointment={a} zone={data.timeZone} now={now} canAct={data.canAct} onNotice={setNotice} />
                ))}
              </ol>
            ) : (
              <p className="mt-2 text-sm text-fg-soft">Sem agendamentos hoje.</p>
            )}
          </section>
        ))}
      </div>
      {data.finishing ? (
        <FinishPanel
          key={data.finishing.id}
          finishing={data.finishing}
          clienteNome={data.finishing.panel?.clienteNome ?? "cliente"}
          today={data.today}
          canConfigurePix={data.canConfigurePix}
          onClose={close}
          onDone={(message) => {
            setNotice({ id: crypto.randomUUID(), message });
            close();
          }}
        />
      ) : null}
      <DeskToast notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}

function AppointmentCard({
  appointment: a,
  zone,
  now,
  canAct,
  onNotice,
}: {
  appointment: DeskAppointment;
  zone: string;
  now: number | null;
  canAct: boolean;
  onNotice: (notice: DeskNotice) => void;
}) {
  const fetcher = useFetcher<{ ok: boolean; error?: string; passo?: DeskStep; anterior?: string }>();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const busy = fetcher.state !== "idle";
  const steps = canAct ? stepsFor(a.status, a.chegadaEm !== null) : [];
  const time = `${formatTimeIn(a.inicio, zone)}–${formatTimeIn(a.fim, zone)}`;
  const who = `${a.clienteNome}, ${formatTimeIn(a.inicio, zone)}`;
  const late =
    now !== null && a.chegadaEm === null && stepsFor(a.status, false).includes("chegou") && now - a.inicio > LATE_AFTER_MIN * 60_000;
  const result = fetcher.data;
  useEffect(() => {
    if (confirmCancel) confirmRef.current?.focus();
  }, [confirmCancel]);
  // A no-show is one tap: the toast offers to undo it.
  useEffect(() => {
    if (fetcher.state !== "idle" || !result?.ok || !result.passo) return;
    const messages: Record<DeskStep, string> = {
      chegou: `Chegada de ${a.clienteNome} registrada.`,
      iniciar: `Atendimento de ${a.clienteNome} iniciado.`,
      finalizar: `Atendimento de ${a.clienteNome} concluído.`,
      faltou: `${a.clienteNome} marcado(a) como falta.`,
      cancelar: `Agendamento de ${a.clienteNome} cancelado.`,
    };
    onNotice({
      id: crypto.randomUUID(),
      message: messages[result.passo],
      undo: result.passo === "faltou" && result.anterior ? { id: a.id, status: result.anterior } : undefined,
    });
  }, [fetcher.state, result, a.clienteNome, a.id, onNotice]);
  const ended = a.status === "concluido" || a.status === "cancelado" || a.status === "faltou";
  return (
    <li
      className={`min-w-0 rounded-lg border p-3 ${a.status === "em_atendimento" ? "border-accent bg-accent-soft" : "border-line"} ${ended ? "opacity-75" : ""}`}
      aria-busy={busy || undefined}
      data-testid="desk-appointment"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold tabular-nums">{time}</span>
        <span className={TONE_CLASS[APPOINTMENT_STATUS.tone(a.status)] ?? TONE_CLASS.neutral}>{APPOINTMENT_STATUS.label(a.status)}</span>
        {a.chegadaEm !== null && (a.status === "pendente" || a.status === "confirmado") ? (
          <span className="text-xs text-fg-soft">Chegou às {formatTimeIn(a.chegadaEm, zone)}</span>
        ) : null}
        {late ? <span className="text-xs font-semibold text-danger">Atrasado</span> : null}
      </div>
      <p className="mt-1 min-w-0 break-words">
        <Link to={`/clients/${a.clienteId}`} className="font-semibold text-accent underline-offset-2 hover:underline">
          {a.clienteNome}
        </Link>
      </p>
      <p className="min-w-0 break-words text-sm text-fg-soft">
        {a.servicos.join(", ") || "Sem serviços"} · {formatBRL(a.totalCentavos)}
      </p>
      {a.observacoes ? <p className="mt-1 break-words text-xs text-fg-soft">{a.observacoes}</p> : null}
      {result && !result.ok && result.error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {result.error}
        </p>
      ) : null}
      {steps.length ? (
        confirmCancel ? (
          <fetcher.Form method="post" className="mt-2 flex flex-wrap items-center gap-2" onSubmit={() => setConfirmCancel(false)}>
            <input type="hidden" name="intent" value="passo" />
            <input type="hidden" name="passo" value="cancelar" />
            <input type="hidden" name="id" value={a.id} />
            <span className="text-sm">Cancelar o agendamento de {a.clienteNome}?</span>
            <button ref={confirmRef} type="submit" className={buttonClass("danger")} disabled={busy}>
              Sim, cancelar
            </button>
            <button type="button" className={buttonClass("secondary")} onClick={() => setConfirmCancel(false)}>
              Voltar
            </button>
          </fetcher.Form>
        ) : (
          <fetcher.Form method="post" className="mt-2 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="passo" />
            <input type="hidden" name="id" value={a.id} />
            {steps.map((step) => (
              <StepButton key={step} step={step} id={a.id} who={who} busy={busy} onCancel={() => setConfirmCancel(true)} />
            ))}
          </fetcher.Form>
        )
      ) : null}
    </li>
  );
}

const STEP_VARIANT: Record<DeskStep, "primary" | "secondary" | "danger" | "ghost"> = {
  chegou: "secondary",
  iniciar: "primary",
  finalizar: "primary",
  faltou: "ghost",
  cancelar: "ghost",
};

function StepButton({ step, id, who, busy, onCancel }: { step: DeskStep; id: string; who: string; busy: boolean; onCancel: () => void }) {
  const label = `${STEP_LABEL[step]}: ${who}`;
  // Finishing opens the panel of what was done, in the URL (works before the page's script; "voltar" closes it).
  if (step === "finalizar")
    return (
      <Link to={`?finalizar=${id}`} preventScrollReset className={buttonClass(STEP_VARIANT[step])} aria-label={label}>
        {STEP_LABEL[step]}
      </Link>
    );
  if (step === "cancelar")
    return (
      <button type="button" className={buttonClass(STEP_VARIANT[step])} aria-label={label} disabled={busy} onClick={onCancel}>
        {STEP_LABEL[step]}
      </button>
    );
  return (
    <button type="submit" name="passo" value={step} className={buttonClass(STEP_VARIANT[step])} aria-label={label} disabled={busy}>
      {STEP_LABEL[step]}
    </button>
  );
}
