import { useEffect, useRef } from "react";
import { fullDayLabel } from "../../../shared/social/calendar.ts";
import { dayIn, formatDateTimeIn, formatTimeIn } from "../../../shared/time-zone.ts";
import type { CalendarPost } from "./calendar-board.tsx";
import { buttonClass } from "../ui/button.tsx";

/**
 * "Mover para…": a day and a time (the post's own, to start) on the organização's clock, the
 * way to reschedule with the keyboard alone, a screen reader or a phone. Opens focused on the day.
 */
export function MovePostForm({
  post,
  zone,
  today,
  busy,
  onMove,
  onCancel,
}: {
  post: CalendarPost;
  zone: string;
  today: string;
  busy: boolean;
  onMove: (dia: string, hora: string) => void;
  onCancel: () => void;
}) {
  const dayRef = useRef<HTMLInputElement>(null);
  useEffect(() => dayRef.current?.focus(), []);
  return (
    <form
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-accent bg-surface p-3"
      aria-label={`Mover “${post.legenda}”`}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        onMove(String(form.get("dia") ?? ""), String(form.get("hora") ?? ""));
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
      }}
    >
      <p className="w-full text-sm">
        <span className="font-semibold">Mover “{post.legenda}”</span>
        <span className="block text-xs text-fg-soft">
          Hoje marcado para {fullDayLabel(dayIn(post.at, zone))}, {formatTimeIn(post.at, zone)} ({formatDateTimeIn(post.at, zone)}).
        </span>
      </p>
      <label className="flex flex-col text-sm">
        <span className="font-semibold">Dia</span>
        <input
          ref={dayRef}
          type="date"
          name="dia"
          required
          min={today}
          defaultValue={dayIn(post.at, zone)}
          className="mt-1 rounded-lg border border-line bg-surface px-3 py-2"
        />
      </label>
      <label className="flex flex-col text-sm">
        <span className="font-semibold">Horário</span>
        <input
          type="time"
          name="hora"
          required
          defaultValue={formatTimeIn(post.at, zone)}
          className="mt-1 rounded-lg border border-line bg-surface px-3 py-2"
        />
      </label>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          Mover
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
