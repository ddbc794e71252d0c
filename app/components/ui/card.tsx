import type { ReactNode } from "react";

export function Card({
  title,
  children,
  actions,
  className = "",
}: {
  title?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  // min-w-0: in a grid or flex row a card may shrink below its content's width (a nowrap line,
  // a table that scrolls inside), instead of pushing the page wider than a phone.
  return (
    <section className={`min-w-0 rounded-xl border border-line bg-surface p-5 shadow-sm ${className}`}>
      {title || actions ? (
        <header className="mb-4 flex items-center justify-between gap-3">
          {title ? <h2 className="text-base font-semibold">{title}</h2> : <span />}
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-fg-soft">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}
