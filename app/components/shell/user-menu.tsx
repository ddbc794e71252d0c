import { Form, Link } from "react-router";

/** A native disclosure: opens and closes with the keyboard and without JavaScript. */
export function UserMenu({ name, email, roleLabel }: { name: string; email: string; roleLabel: string }) {
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? "")
    .join("");
  return (
    <details className="relative">
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
