import { clockOf, snapDuration, snapMinutes } from "../../../shared/agenda/calendar-view.ts";
import { PX_PER_MIN } from "./agenda-layout.ts";

/**
 * Dragging an appointment on /agenda's time grid (ADR 060): pointer events, so a mouse, a pen
 * and a finger share one path (no drag library, no HTML5 drag and drop, which touch screens and
 * Safari's iOS lack). A mouse drags after moving 4 px; a finger after holding still 350 ms
 * (before that the touch scrolls the grid as usual). Dragging the body moves (another time,
 * another day or professional column); dragging the bottom edge resizes. The element itself
 * follows the pointer (a transform): nothing re-renders until the page's answer. Loaded when
 * the pointer first enters the grid or an item gets the focus.
 */

export interface DragStart {
  id: string;
  startMin: number;
  endMin: number;
  day: string;
  profissionalId: string | null;
  /** The grid's first minute (its top). */
  gridFrom: number;
  stepMin: number;
  onDrop: (target: DragTarget) => void;
}

/** Where the appointment was dropped: a move (`minutos`, day, professional) or a resize (`duracaoMin`). */
export interface DragTarget {
  id: string;
  kind: "mover" | "redimensionar";
  dia: string;
  minutos: number;
  duracaoMin: number;
  profissionalId: string | null;
  /** Puts the element back where it was (a refusal, or no change). */
  reset: () => void;
}

const MOUSE_THRESHOLD_PX = 4;
const RESIZE_EDGE_PX = 8;
const TOUCH_HOLD_MS = 350;
const TOUCH_SLOP_PX = 8;

/** The column (`data-col`) whose box holds the point, among the grid's columns. */
function columnAt(grid: Element, x: number): HTMLElement | null {
  for (const col of grid.querySelectorAll<HTMLElement>("[data-col]")) {
    const r = col.getBoundingClientRect();
    if (x >= r.left && x < r.right) return col;
  }
  return null;
}

export function startDrag(down: PointerEvent, el: HTMLElement, start: DragStart): void {
  // The bottom edge (its last 8 px, drawn by .ag-item::after) resizes; the rest moves.
  const edge = el.getBoundingClientRect();
  const resize = down.clientY >= edge.bottom - RESIZE_EDGE_PX;
  const grid = el.closest("[data-agenda-grid]");
  const origin = el.closest<HTMLElement>("[data-col]");
  if (!grid || !origin) return;
  const touch = down.pointerType === "touch";
  const x0 = down.clientX;
  const y0 = down.clientY;
  const duration = start.endMin - start.startMin;
  const originRect = origin.getBoundingClientRect();
  const grabMin = (y0 - originRect.top) / PX_PER_MIN + start.gridFrom - start.startMin;
  const time = el.querySelector("b");
  const timeText = time?.textContent ?? "";
  const originalHeight = el.style.height;
  let active = false;
  let held: ReturnType<typeof setTimeout> | undefined;
  let target: Omit<DragTarget, "reset"> | null = null;

  const reset = () => {
    el.style.transform = "";
    el.style.height = originalHeight;
    el.classList.remove("ag-dragging");
    if (time) time.textContent = timeText;
  };

  const activate = () => {
    active = true;
    el.classList.add("ag-dragging");
    try {
      el.setPointerCapture(down.pointerId);
    } catch {
      // The pointer already went away (a very short touch).
    }
    // A finger that drags must not scroll the page or the grid meanwhile.
    if (touch) document.addEventListener("touchmove", preventScroll, { passive: false });
    navigator.vibrate?.(10);
  };

  const move = (event: PointerEvent) => {
    if (event.pointerId !== down.pointerId) return;
    const dx = event.clientX - x0;
    const dy = event.clientY - y0;
    if (!active) {
      if (touch) {
        if (Math.hypot(dx, dy) > TOUCH_SLOP_PX) stop();
        return;
      }
      if (Math.hypot(dx, dy) < MOUSE_THRESHOLD_PX) return;
      activate();
    }
    event.preventDefault();
    if (resize) {
      const rawEnd = (event.clientY - originRect.top) / PX_PER_MIN + start.gridFrom;
      const length = snapDuration(start.startMin, rawEnd, start.stepMin);
      el.style.height = `${Math.max(14, length * PX_PER_MIN - 1)}px`;
      if (time) time.textContent = `${clockOf(start.startMin)}–${clockOf(start.startMin + length)}`;
      target = {
        id: start.id,
        kind: "redimensionar",
        dia: start.day,
        minutos: start.startMin,
        duracaoMin: length,
        profissionalId: start.profissionalId,
      };
      return;
    }
    const col = columnAt(grid, event.clientX) ?? origin;
    const rect = col.getBoundingClientRect();
    const minutes = snapMinutes((event.clientY - rect.top) / PX_PER_MIN + start.gridFrom - grabMin, start.stepMin, duration);
    el.style.transform = `translate(${rect.left - originRect.left}px, ${(minutes - start.startMin) * PX_PER_MIN + rect.top - originRect.top}px)`;
    if (time) time.textContent = clockOf(minutes);
    target = {
      id: start.id,
      kind: "mover",
      dia: col.getAttribute("data-day") ?? start.day,
      minutos: minutes,
      duracaoMin: duration,
      profissionalId: col.getAttribute("data-pro") || start.profissionalId,
    };
  };

  const up = (event: PointerEvent) => {
    if (event.pointerId !== down.pointerId) return;
    const wasActive = active;
    stop();
    if (!wasActive) return;
    // The click that follows a drag must not open the panel.
    el.setAttribute("data-dragged", "1");
    setTimeout(() => el.removeAttribute("data-dragged"), 400);
    const t = target;
    const unchanged =
      !t || (t.dia === start.day && t.minutos === start.startMin && t.duracaoMin === duration && t.profissionalId === start.profissionalId);
    if (unchanged || event.type === "pointercancel") {
      reset();
      return;
    }
    start.onDrop({ ...t, reset });
  };

  const key = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    stop();
    reset();
  };

  function preventScroll(event: TouchEvent) {
    event.preventDefault();
  }

  function stop() {
    clearTimeout(held);
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
    window.removeEventListener("keydown", key);
    document.removeEventListener("touchmove", preventScroll);
    if (active) el.classList.remove("ag-dragging");
    active = false;
  }

  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
  window.addEventListener("keydown", key);
  if (touch) held = setTimeout(activate, TOUCH_HOLD_MS);
}
