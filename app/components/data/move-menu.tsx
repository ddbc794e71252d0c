import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

export interface MoveTarget {
  value: string;
  label: string;
}

/**
 * "Mover para…": a menu button (WAI-ARIA menu button pattern) listing where a card may go. The
 * button opens it with Enter, Space or ↓ (↑: on the last item); ↑ ↓ Home End move through the
 * items, Enter picks, Escape closes and gives the focus back to the button, Tab or a click
 * outside closes it. The menu opens in the card's flow (not floating), so a scrolling board
 * never clips it, on a phone as on a desktop.
 */
export function MoveMenu({
  subject,
  targets,
  onPick,
}: {
  subject: string;
  targets: readonly MoveTarget[];
  onPick: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => menuItems(menu.current);
  useEffect(() => {
    if (open) menuItems(menu.current)[focusIndex]?.focus();
  }, [open, focusIndex]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const show = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      // The card around listens to arrows too (it moves itself): the menu button keeps them.
      event.stopPropagation();
      show(event.key === "ArrowDown" ? 0 : targets.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = targets.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex >= last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex <= 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      event.stopPropagation();
      setFocusIndex(next);
      items()[next]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === "Tab") {
      setOpen(false);
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      // Not the card's column moves while choosing in the menu.
      event.stopPropagation();
    }
  };

  return (
    <div ref={wrapper} className="mt-2">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // The visible text first (voice control says it), then whose card.
        aria-label={`Mover para… (${subject})`}
        className="min-h-9 rounded-md border border-line px-2.5 text-xs font-semibold hover:border-accent hover:bg-accent-soft"
        onClick={() => (open ? close(false) : show(0))}
        onKeyDown={onButtonKey}
      >
        Mover para…
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={`Mover ${subject} para`}
          className="mt-1 rounded-md border border-line bg-surface py-1 shadow-md"
          onKeyDown={onMenuKey}
        >
          {targets.map((target, i) => (
            <button
              key={target.value}
              type="button"
              role="menuitem"
              tabIndex={i === focusIndex ? 0 : -1}
              className="block min-h-9 w-full px-3 py-1.5 text-left text-sm hover:bg-accent-soft focus:bg-accent-soft focus:outline-none"
              onClick={() => {
                close(false);
                onPick(target.value);
              }}
            >
              {target.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
