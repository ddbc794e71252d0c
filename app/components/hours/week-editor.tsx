import { useId, useRef, useState } from "react";
import { dayKey, MAX_INTERVALS_PER_DAY, WEEKDAY_NAMES } from "../../../shared/agenda/hours-fields.ts";
import type { LocalInterval, WeeklyIntervals } from "../../../shared/agenda/local-times.ts";

/** An interval row as typed (kept as text until saved; the server says what is wrong). */
export interface IntervalRow {
  key: number;
  start: string;
  end: string;
}

export type WeekRows = IntervalRow[][];

let nextKey = 0;
const row = (start: string, end: string): IntervalRow => ({ key: nextKey++, start, end });

/** The saved week as rows (7 days, 0 = domingo). */
export function rowsOf(weekly: WeeklyIntervals): WeekRows {
  return Array.from({ length: 7 }, (_, d) => (weekly[d] ?? []).map((i) => row(i.start, i.end)));
}

/** The rows that read as intervals (for the live preview: what the server would accept is its business). */
export function intervalsOf(rows: WeekRows): LocalInterval[][] {
  return rows.map((day) => day.filter((r) => /^\d{2}:\d{2}$/.test(r.start) && /^\d{2}:\d{2}$/.test(r.end) && r.start < r.end));
}

const timeInput =
  "w-[5.5rem] rounded-lg border border-line bg-surface px-2.5 py-2 text-center text-sm tabular-nums focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-danger";

/** "Copiar para…": the other days chosen with checkboxes, then one button. */
function CopyTo({ from, onCopy }: { from: number; onCopy: (to: number[]) => void }) {
  const [chosen, setChosen] = useState<number[]>([]);
  const menu = useRef<HTMLDetailsElement>(null);
  const id = useId();
  return (
    <details ref={menu} className="relative">
      <summary className="cursor-pointer list-none rounded-lg px-2 py-1.5 text-sm text-accent hover:bg-muted [&::-webkit-details-marker]:hidden">
        Copiar para…
      </summary>
      <fieldset className="absolute right-0 z-20 mt-1 w-56 space-y-1 rounded-xl border border-line bg-surface p-3 shadow-lg">
        <legend className="sr-only">Copiar os horários de {WEEKDAY_NAMES[from]} para</legend>
        {WEEKDAY_NAMES.map((name, d) =>
          d === from ? null : (
            <label key={name} htmlFor={`${id}-${d}`} className="flex items-center gap-2 text-sm">
              <input
                id={`${id}-${d}`}
                type="checkbox"
                checked={chosen.includes(d)}
                onChange={(e) => setChosen(e.currentTarget.checked ? [...chosen, d] : chosen.filter((c) => c !== d))}
              />
              {name}
            </label>
          ),
        )}
        <button
          type="button"
          className="btn btn-secondary mt-2 w-full"
          disabled={chosen.length === 0}
          onClick={() => {
            onCopy(chosen);
            setChosen([]);
            if (menu.current) menu.current.open = false;
          }}
        >
          Copiar
        </button>
      </fieldset>
    </details>
  );
}

/**
 * The week's intervals, day by day: add, remove, copy a day to others. The inputs are plain
 * `inicio-{d}` / `fim-{d}` pairs, so the form posts what is on screen with or without JavaScript.
 */
export function WeekEditor({
  rows,
  onChange,
  errors,
}: {
  rows: WeekRows;
  onChange: (rows: WeekRows) => void;
  errors: Record<string, string> | undefined;
}) {
  const id = useId();
  const setDay = (d: number, day: IntervalRow[]) => onChange(rows.map((r, i) => (i === d ? day : r)));
  return (
    <ul className="divide-y divide-line">
      {WEEKDAY_NAMES.map((name, d) => {
        const day = rows[d] ?? [];
        const error = errors?.[dayKey(d)];
        const errorId = `${id}-erro-${d}`;
        return (
          <li key={name} className="py-3 first:pt-0 last:pb-0">
            <fieldset className="min-w-0" aria-labelledby={`${id}-nome-${d}`} aria-describedby={error ? errorId : undefined}>
              <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
                <p id={`${id}-nome-${d}`} className="w-20 shrink-0 pt-2 text-sm font-semibold">
                  {name}
                </p>
                <div className="min-w-0 flex-1 space-y-2">
                  {day.length === 0 ? <p className="pt-2 text-sm text-fg-soft">Fechado</p> : null}
                  {day.map((r, i) => (
                    <div key={r.key} className="flex flex-wrap items-center gap-2">
                      <label className="sr-only" htmlFor={`${id}-${d}-${i}-i`}>
                        {name}, início do intervalo {i + 1}
                      </label>
                      <input
                        id={`${id}-${d}-${i}-i`}
                        name={`inicio-${d}`}
                        value={r.start}
                        onChange={(e) =>
                          setDay(
                            d,
                            day.map((x) => (x.key === r.key ? { ...x, start: e.currentTarget.value } : x)),
                          )
                        }
                        inputMode="numeric"
                        autoComplete="off"
                        placeholder="09:00"
                        maxLength={5}
                        aria-invalid={error ? true : undefined}
                        className={timeInput}
                      />
                      <span aria-hidden="true" className="text-fg-soft">
                        às
                      </span>
                      <label className="sr-only" htmlFor={`${id}-${d}-${i}-f`}>
                        {name}, fim do intervalo {i + 1}
                      </label>
                      <input
                        id={`${id}-${d}-${i}-f`}
                        name={`fim-${d}`}
                        value={r.end}
                        onChange={(e) =>
                          setDay(
                            d,
                            day.map((x) => (x.key === r.key ? { ...x, end: e.currentTarget.value } : x)),
                          )
                        }
                        inputMode="numeric"
                        autoComplete="off"
                        placeholder="18:00"
                        maxLength={5}
                        aria-invalid={error ? true : undefined}
                        className={timeInput}
                      />
                      <button
                        type="button"
                        className="rounded-lg px-2 py-1.5 text-sm text-danger hover:bg-muted"
                        aria-label={`Remover o intervalo ${i + 1} de ${name}`}
                        onClick={() =>
                          setDay(
                            d,
                            day.filter((x) => x.key !== r.key),
                          )
                        }
                      >
                        Remover
                      </button>
                    </div>
                  ))}
                  {error ? (
                    <p id={errorId} className="text-sm text-danger">
                      {error}
                    </p>
                  ) : null}
                </div>
                <div className="flex items-center gap-1">
                  <button
                    type="button"
                    className="rounded-lg px-2 py-1.5 text-sm text-accent hover:bg-muted disabled:opacity-50"
                    disabled={day.length >= MAX_INTERVALS_PER_DAY}
                    aria-label={`Adicionar intervalo em ${name}`}
                    onClick={() => {
                      const last = day.at(-1);
                      setDay(d, [...day, last ? row(last.end, "") : row("09:00", "18:00")]);
                    }}
                  >
                    + Intervalo
                  </button>
                  <CopyTo
                    from={d}
                    onCopy={(to) => onChange(rows.map((r, i) => (to.includes(i) ? day.map((x) => row(x.start, x.end)) : r)))}
                  />
                </div>
              </div>
            </fieldset>
          </li>
        );
      })}
    </ul>
  );
}
