import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { MAX_INTERVALS_PER_DAY, WEEKDAY_NAMES } from "../../../shared/agenda/availability.ts";
import type { LocalInterval } from "../../../shared/agenda/local-times.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";

/** A row as typed (may be half-filled while editing). */
interface Row {
  key: number;
  start: string;
  end: string;
}

/** Monday first, as a Brazilian week is read; the values stay 0 = domingo. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const timeClass =
  "block w-[7.5rem] rounded-lg border border-line bg-surface px-2 py-2 text-sm tabular-nums text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30";

let nextKey = 1;
function rowsOf(intervals: readonly LocalInterval[]): Row[] {
  return intervals.map((i) => ({ key: nextKey++, start: i.start, end: i.end === "24:00" ? "23:59" : i.end }));
}

function describe(intervals: readonly LocalInterval[]): string {
  return intervals.length ? intervals.map((i) => `${i.start}–${i.end}`).join(", ") : "fechado";
}

/**
 * The week's availability editor (ADR 064): several intervals per weekday, each inside the
 * business hours shown beside it. The fields are `semana.<weekday>.<row>.inicio/fim`, so the form
 * posts without JavaScript too (a blank row per day to add one); with it, rows are added and
 * removed in place and "Igual ao horário de funcionamento" fills the week.
 */
export function WeeklyAvailabilityForm({
  semana,
  horario,
  horarioDefinido,
  problems,
  saved,
  canEdit,
}: {
  semana: readonly (readonly LocalInterval[])[];
  horario: readonly (readonly LocalInterval[])[];
  horarioDefinido: boolean;
  /** The refusal's pt-BR problems (nothing was saved). */
  problems: readonly string[] | null;
  saved: string | null;
  canEdit: boolean;
}) {
  const baseId = useId();
  const [week, setWeek] = useState<Row[][]>(() => semana.map((day) => rowsOf(day)));
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "disponibilidade";
  const update = (weekday: number, change: (rows: Row[]) => Row[]) =>
    setWeek((current) => current.map((rows, d) => (d === weekday ? change(rows) : rows)));

  if (!canEdit) {
    return (
      <dl className="divide-y divide-line text-sm">
        {WEEK_ORDER.map((d) => (
          <div key={d} className="flex justify-between gap-3 py-2">
            <dt className="font-medium">{WEEKDAY_NAMES[d]}</dt>
            <dd className="text-right tabular-nums">{describe(semana[d] ?? [])}</dd>
          </div>
        ))}
      </dl>
    );
  }

  return (
    <Form method="post" className="space-y-4" aria-describedby={`${baseId}-about`}>
      <input type="hidden" name="intent" value="disponibilidade" />
      <p id={`${baseId}-about`} className="text-sm text-fg-soft">
        Os horários em que este profissional atende, dentro do horário de funcionamento. Um dia sem intervalos é folga fixa.
      </p>
      {!horarioDefinido ? (
        <Alert tone="info">
          O horário de funcionamento ainda não foi definido em Horários: até lá, nenhum horário pode ser salvo aqui.
        </Alert>
      ) : null}
      {problems?.length ? (
        <div role="alert" className="rounded-lg border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger">
          <p className="font-semibold">Nada foi salvo. Corrija:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {saved ? (
        <p role="status" className="text-sm font-medium text-ok">
          {saved}
        </p>
      ) : null}
      <ul className="divide-y divide-line">
        {WEEK_ORDER.map((d) => {
          const rows = week[d] ?? [];
          const name = WEEKDAY_NAMES[d];
          const hoursId = `${baseId}-h${d}`;
          // Without JavaScript a blank row lets one interval be added per save.
          const shown = rows.length ? rows : [{ key: -1 - d, start: "", end: "" }];
          return (
            <li key={d} className="py-3">
              <fieldset aria-describedby={hoursId}>
                <legend className="text-sm font-semibold">{name}</legend>
                <p id={hoursId} className="text-xs text-fg-soft">
                  Funcionamento: {describe(horario[d] ?? [])}
                </p>
                <div className="mt-2 space-y-2">
                  {shown.map((row, i) => (
                    <div key={row.key} className="flex flex-wrap items-end gap-2">
                      <label className="text-xs">
                        <span className="mb-1 block text-fg-soft">Início</span>
                        <input
                          type="time"
                          name={`semana.${d}.${i}.inicio`}
                          value={row.start}
                          step={300}
                          aria-label={`${name}, intervalo ${i + 1}: início`}
                          onChange={(e) => {
                            const value = e.currentTarget.value;
                            update(d, (rs) =>
                              rs.length
                                ? rs.map((r, j) => (j === i ? { ...r, start: value } : r))
                                : [{ key: nextKey++, start: value, end: "" }],
                            );
                          }}
                          className={timeClass}
                        />
                      </label>
                      <label className="text-xs">
                        <span className="mb-1 block text-fg-soft">Fim</span>
                        <input
                          type="time"
                          name={`semana.${d}.${i}.fim`}
                          value={row.end}
                          step={300}
                          aria-label={`${name}, intervalo ${i + 1}: fim`}
                          onChange={(e) => {
                            const value = e.currentTarget.value;
                            update(d, (rs) =>
                              rs.length
                                ? rs.map((r, j) => (j === i ? { ...r, end: value } : r))
                                : [{ key: nextKey++, start: "", end: value }],
                            );
                          }}
                          className={timeClass}
                        />
                      </label>
                      {rows.length ? (
                        <Button
                          type="button"
                          variant="ghost"
                          aria-label={`Remover o intervalo ${i + 1} de ${name}`}
                          onClick={() => update(d, (rs) => rs.filter((_, j) => j !== i))}
                        >
                          Remover
                        </Button>
                      ) : null}
                    </div>
                  ))}
                </div>
                <div className="mt-2 flex flex-wrap gap-2">
                  {rows.length < MAX_INTERVALS_PER_DAY ? (
                    <Button
                      type="button"
                      variant="secondary"
                      aria-label={`Adicionar intervalo em ${name}`}
                      onClick={() => update(d, (rs) => [...rs, { key: nextKey++, start: "", end: "" }])}
                    >
                      Adicionar intervalo
                    </Button>
                  ) : null}
                  {(horario[d] ?? []).length ? (
                    <Button
                      type="button"
                      variant="ghost"
                      aria-label={`Igual ao funcionamento em ${name}`}
                      onClick={() => update(d, () => rowsOf(horario[d] ?? []))}
                    >
                      Igual ao funcionamento
                    </Button>
                  ) : null}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy}>
          Salvar disponibilidade
        </Button>
        <Button type="button" variant="secondary" onClick={() => setWeek(horario.map((day) => rowsOf(day)))}>
          Igual ao horário de funcionamento
        </Button>
      </div>
    </Form>
  );
}
