import type { ReactNode } from "react";
import { textOn } from "../../../shared/site/landing-view.ts";

/**
 * The frame of the public agenda pages (the booking page, the client's appointment page): the
 * business's name on its colour (the landing page's), the content in one readable column that
 * fits a 390 px phone, and the product's name at the foot.
 */
export function PublicPageFrame({
  negocio,
  cor,
  title,
  children,
}: {
  negocio: string;
  cor: string | null;
  title: string;
  children: ReactNode;
}) {
  const background = cor ?? "#0f6e66";
  return (
    <div className="min-h-dvh bg-surface text-fg">
      <header className="px-4 py-6" style={{ backgroundColor: background, color: textOn(background) }}>
        <div className="mx-auto max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wide">{negocio}</p>
          <h1 className="mt-1 text-2xl font-bold leading-tight">{title}</h1>
        </div>
      </header>
      <main id="conteudo" className="mx-auto max-w-2xl space-y-8 px-4 py-6">
        {children}
      </main>
      <footer className="px-4 pb-8 text-center text-xs text-fg-soft">Agendamento online por Alicerce</footer>
    </div>
  );
}

/** A step of the page: a numbered heading and its content. */
export function Step({ n, id, title, children }: { n: number; id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        <span className="mr-2 inline-flex size-7 items-center justify-center rounded-full bg-muted text-sm" aria-hidden="true">
          {n}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A choice among links: the chosen one marked for eyes (border) and screen readers (aria-current). */
export const choiceClass = (chosen: boolean, padding = "px-4 py-3"): string =>
  `block rounded-xl border ${padding} no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${
    chosen ? "border-accent bg-accent-soft font-semibold" : "border-line hover:bg-muted"
  }`;
