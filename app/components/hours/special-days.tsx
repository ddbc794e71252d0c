import { useId, useState } from "react";
import { Form } from "react-router";
import { formatDay, HOLIDAY_NAME_MAX, MAX_INTERVALS_PER_DAY, REASON_MAX, WEEKDAY_NAMES } from "../../../shared/agenda/hours-fields.ts";
import { type LocalInterval, weekdayOf } from "../../../shared/agenda/local-times.ts";
import { Button } from "../ui/button.tsx";
import { Field, FormError } from "../ui/form.tsx";
import { hoursText } from "./day-bar.tsx";

export interface SpecialDayView {
  id: string;
  dia: string;
  tipo: "feriado" | "excecao";
  intervalos: LocalInterval[];
  motivo: string | null;
}

type Errors = Record<string, string> | undefined;
type Values = Record<string, string> | undefined;

const timeInput =
  "w-[5.5rem] rounded-lg border border-line bg-surface px-2.5 py-2 text-center text-sm tabular-nums focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-danger";

/** The holidays and exceptions from today on, each removable by who may edit. */
export function SpecialDayList({ days, canEdit, busy }: { days: readonly SpecialDayView[]; canEdit: boolean; busy: boolean }) {
  if (days.length === 0) return <p className="text-sm text-fg-soft">Nenhum feriado local ou horário especial daqui para a frente.</p>;
  return (
    <ul className="divide-y divide-line">
      {days.map((d) => {
        const title = d.tipo === "feriado" ? `Feriado: ${d.motivo ?? "feriado local"}` : `Horário especial: ${hoursText(d.intervalos)}`;
        return (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {WEEKDAY_NAMES[weekdayOf(d.dia)]}, {formatDay(d.dia)}
              </p>
              <p className="break-words text-fg-soft">
                {title}
                {d.tipo === "excecao" && d.motivo ? ` · ${d.motivo}` : ""}
              </p>
            </div>
            {canEdit ? (
              <Form method="post">
                <input type="hidden" name="intent" value="remover-dia" />
                <input type="hidden" name="id" value={d.id} />
                <Button type="submit" variant="ghost" disabled={busy} aria-label={`Remover ${formatDay(d.dia)}`}>
                  Remover
                </Button>
              </Form>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** "Adicionar feriado local": a day the business closes (the city's anniversary, Carnaval). */
export function HolidayForm({ errors, values, busy }: { errors: Errors; values: Values; busy: boolean }) {
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="feriado" />
      <FormError errors={errors} />
      <div className="grid gap-3 sm:grid-cols-[11rem_minmax(0,1fr)]">
        <Field label="Data" name="dia" type="date" required defaultValue={values?.dia} error={errors?.dia} />
        <Field
          label="Nome do feriado"
          name="nome"
          required
          maxLength={HOLIDAY_NAME_MAX}
          placeholder="Aniversário da cidade"
          defaultValue={values?.nome}
          error={errors?.nome}
        />
      </div>
      <Button type="submit" variant="secondary" busy={busy}>
        Adicionar feriado
      </Button>
    </Form>
  );
}

/** "Adicionar horário especial": one day closed, or open at other hours, with a reason. */
export function ExceptionForm({ errors, values, busy }: { errors: Errors; values: Values; busy: boolean }) {
  const id = useId();
  const [closed, setClosed] = useState(values?.fechado === "on");
  const [rows, setRows] = useState<number[]>([0]);
  const error = errors?.inicio;
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="excecao" />
      <FormError errors={errors} />
      <div className="grid gap-3 sm:grid-cols-[11rem_minmax(0,1fr)]">
        <Field label="Data" name="dia" type="date" required defaultValue={values?.dia} error={errors?.dia} />
        <Field
          label="Motivo"
          name="motivo"
          maxLength={REASON_MAX}
          placeholder="Inventário, véspera de Natal…"
          defaultValue={values?.motivo}
          error={errors?.motivo}
        />
      </div>
      <input type="hidden" name="fechado" value="off" />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="fechado" value="on" checked={closed} onChange={(e) => setClosed(e.currentTarget.checked)} />
        Fechado o dia todo
      </label>
      {closed ? null : (
        <fieldset aria-labelledby={`${id}-rotulo`} aria-describedby={error ? `${id}-erro` : undefined} className="min-w-0 space-y-2">
          <p id={`${id}-rotulo`} className="text-sm font-medium">
            Aberto das
          </p>
          {rows.map((key, i) => (
            <div key={key} className="flex flex-wrap items-center gap-2">
              <label className="sr-only" htmlFor={`${id}-${i}-i`}>
                Início do intervalo {i + 1}
              </label>
              <input
                id={`${id}-${i}-i`}
                name="inicio"
                inputMode="numeric"
                autoComplete="off"
                placeholder="09:00"
                maxLength={5}
                defaultValue={i === 0 ? values?.inicio : undefined}
                aria-invalid={error ? true : undefined}
                className={timeInput}
              />
              <span aria-hidden="true" className="text-fg-soft">
                às
              </span>
              <label className="sr-only" htmlFor={`${id}-${i}-f`}>
                Fim do intervalo {i + 1}
              </label>
              <input
                id={`${id}-${i}-f`}
                name="fim"
                inputMode="numeric"
                autoComplete="off"
                placeholder="13:00"
                maxLength={5}
                defaultValue={i === 0 ? values?.fim : undefined}
                aria-invalid={error ? true : undefined}
                className={timeInput}
              />
              {i > 0 ? (
                <button
                  type="button"
                  className="rounded-lg px-2 py-1.5 text-sm text-danger hover:bg-muted"
                  aria-label={`Remover o intervalo ${i + 1}`}
                  onClick={() => setRows(rows.filter((k) => k !== key))}
                >
                  Remover
                </button>
              ) : null}
            </div>
          ))}
          {error ? (
            <p id={`${id}-erro`} className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          <button
            type="button"
            className="rounded-lg px-2 py-1.5 text-sm text-accent hover:bg-muted disabled:opacity-50"
            disabled={rows.length >= MAX_INTERVALS_PER_DAY}
            onClick={() => setRows([...rows, Math.max(...rows) + 1])}
          >
            + Intervalo
          </button>
        </fieldset>
      )}
      <Button type="submit" variant="secondary" busy={busy}>
        Adicionar horário especial
      </Button>
    </Form>
  );
}
