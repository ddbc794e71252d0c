import { describeIntervals, type LocalInterval, minutesOf } from "../../../shared/agenda/local-times.ts";

/** A day from 00:00 to 24:00 with its open intervals filled: the preview's picture (the text says the same). */
export function DayBar({ intervals }: { intervals: readonly LocalInterval[] }) {
  return (
    <div aria-hidden="true" className="relative h-2.5 w-full overflow-hidden rounded-full bg-muted">
      {intervals.map((i) => {
        const start = minutesOf(i.start);
        const end = minutesOf(i.end);
        if (!(start < end)) return null;
        return (
          <span
            key={`${i.start}-${i.end}`}
            className="absolute inset-y-0 rounded-full bg-accent"
            style={{ left: `${(start / 1440) * 100}%`, width: `${((end - start) / 1440) * 100}%` }}
          />
        );
      })}
    </div>
  );
}

/** "09:00–12:00, 13:00–18:00", or "Fechado". */
export function hoursText(intervals: readonly LocalInterval[]): string {
  return intervals.length ? describeIntervals(intervals) : "Fechado";
}
