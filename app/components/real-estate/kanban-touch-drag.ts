import { type PointerEvent as ReactPointerEvent, useState } from "react";

/** Where a card lands: its column, and the card it goes before (null: the end of the column). */
export interface DropTarget {
  etapa: string;
  antesDe: string | null;
}

/** The column (`data-etapa`) and card (`data-card`) under a point of the screen. */
function targetAt(x: number, y: number): DropTarget | null {
  const element = document.elementFromPoint(x, y);
  const etapa = element?.closest<HTMLElement>("[data-etapa]")?.dataset.etapa;
  if (!etapa) return null;
  return { etapa, antesDe: element?.closest<HTMLElement>("[data-card]")?.dataset.card ?? null };
}

/**
 * Touch and pen dragging from a card's handle, with pointer events (HTML drag and drop never
 * fires for touch): the handle captures the pointer, the column or card under it is marked while
 * moving, and on release the card lands there through the same move as a mouse drop. A mouse
 * keeps the native drag of the whole card.
 */
export function useTouchDrag(onDrop: (id: string, target: DropTarget) => void) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<DropTarget | null>(null);

  function start(event: ReactPointerEvent<HTMLElement>, id: string): void {
    if (event.pointerType === "mouse") return;
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    setDragging(id);
    const move = (e: PointerEvent) => setOver(targetAt(e.clientX, e.clientY));
    const end = (e: PointerEvent) => {
      handle.removeEventListener("pointermove", move);
      handle.removeEventListener("pointerup", end);
      handle.removeEventListener("pointercancel", end);
      setDragging(null);
      setOver(null);
      const target = e.type === "pointerup" ? targetAt(e.clientX, e.clientY) : null;
      if (target) onDrop(id, target);
    };
    handle.addEventListener("pointermove", move);
    handle.addEventListener("pointerup", end);
    handle.addEventListener("pointercancel", end);
  }

  return { start, dragging, over };
}
