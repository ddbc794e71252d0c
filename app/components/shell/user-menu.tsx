import { type RefObject, useEffect, useRef } from "react";
import { Form, Link } from "react-router";

/** Closes an open disclosure on Escape (focus back on its summary) and on a click or tap outside it. */
function useDismiss(ref: RefObject<HTMLDetailsElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [ref]);
}

/** A native disclosure: opens and closes with the keyboard and without JavaScript; Escape and a click outside close it. */
export function UserMenu({ name, email, roleLabel }: { name: string; email: string; roleLabel: string }) {
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? "")
    .join("");
  const menu = useRef<HTMLDetailsElement>(null);
  useDismiss(menu);
  return (
    <details ref={menu} className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 hover:bg-muted [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="grid size-9 place-items-center rounded-full bg-accent-soft text-sm font-bold text-accent">
          {initials}
        </span>
        <span className="sr-only">Menu do usuário</span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-64 rounded-xl border border-line bg-surface p-2 shadow-lg">
        <div className="border-b border-line px-3 pt-1 pb-3">
          <p className="truncate font-semibold">{name}</p>
          <p className="truncate text-sm text-fg-soft">{email}</p>
          <p className="mt-1 text-xs text-fg-soft">{roleLabel}</p>
        </div>
        <Link to="/perfil" className="block rounded-lg px-3 py-2 text-sm hover:bg-muted">
          Meu perfil
        </Link>
        <Link to="/settings/preferences" className="block rounded-lg px-3 py-2 text-sm hover:bg-muted">
          Preferências
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="w-full rounded-lg px-3 py-2 text-left text-sm text-danger hover:bg-muted">
            Sair
          </button>
        </Form>
      </div>
    </details>
  );
}
