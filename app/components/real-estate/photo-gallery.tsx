import { InlineScript } from "../ui/inline-script.tsx";

export interface GalleryPhoto {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The public page's photos: a row that scrolls and snaps one photo at a time (swipe on a phone;
 * the focused row scrolls with ←/→ too, all without JavaScript). The page ships no bundle, so the
 * arrows and the live "Foto 2 de 8" come from a small inline script (`enhanceGalleries`) and stay
 * hidden without it. The first photo loads at once (it is the page's largest paint), the others
 * lazily; every photo has its size, and the row a fixed ratio, so nothing shifts as they arrive.
 */
export function PhotoGallery({ photos, title }: { photos: GalleryPhoto[]; title: string }) {
  if (!photos.length) {
    return (
      <div className="flex aspect-[16/9] max-h-[28rem] w-full items-center justify-center bg-muted text-fg-soft md:rounded-b-xl">
        Sem fotos
      </div>
    );
  }
  const arrow =
    "absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-lg font-bold text-black shadow disabled:opacity-0";
  return (
    <section aria-roledescription="carrossel" aria-label={`Fotos de ${title}`} className="relative" data-gallery="">
      <ul
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable row must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        data-gallery-list=""
        aria-label="Fotos (use as setas para navegar)"
        className="flex aspect-[4/3] max-h-[32rem] w-full snap-x snap-mandatory overflow-x-auto bg-black focus:outline-none focus-visible:ring-4 focus-visible:ring-accent md:aspect-[16/9] md:rounded-b-xl"
        style={{ scrollbarWidth: "none" }}
      >
        {photos.map((photo, i) => (
          <li key={photo.src} className="h-full w-full shrink-0 snap-center" aria-label={`Foto ${i + 1} de ${photos.length}`}>
            <img
              src={photo.src}
              srcSet={photo.srcSet}
              sizes="(min-width: 1024px) 64rem, 100vw"
              width={photo.width}
              height={photo.height}
              alt={photo.alt}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : "auto"}
              decoding={i === 0 ? "sync" : "async"}
              className="h-full w-full object-contain"
            />
          </li>
        ))}
      </ul>
      {photos.length > 1 ? (
        <>
          <button type="button" hidden data-gallery-prev="" disabled className={`${arrow} left-2`} aria-label="Foto anterior">
            ‹
          </button>
          <button type="button" hidden data-gallery-next="" className={`${arrow} right-2`} aria-label="Próxima foto">
            ›
          </button>
          <p
            hidden
            data-gallery-count=""
            aria-live="polite"
            className="absolute right-3 bottom-3 rounded-full bg-black/70 px-3 py-1 text-sm text-white"
          >
            Foto 1 de {photos.length}
          </p>
          <InlineScript run={enhanceGalleries} />
        </>
      ) : null}
    </section>
  );
}

/**
 * Runs in the browser (sent as text by `InlineScript`: self-contained). Wires each gallery's
 * arrows, ←/→ on the focused row and the counter, then shows them.
 */
export function enhanceGalleries(): void {
  for (const root of Array.from(document.querySelectorAll("[data-gallery]"))) {
    const list = root.querySelector("[data-gallery-list]") as HTMLElement | null;
    const prev = root.querySelector("[data-gallery-prev]") as HTMLButtonElement | null;
    const next = root.querySelector("[data-gallery-next]") as HTMLButtonElement | null;
    const count = root.querySelector("[data-gallery-count]") as HTMLElement | null;
    if (!list || !prev || !next || !count || root.hasAttribute("data-ready")) continue;
    root.setAttribute("data-ready", "");
    const total = list.children.length;
    const width = () => Math.max(1, list.clientWidth);
    const at = () => Math.round(list.scrollLeft / width());
    // Where the row is headed after an arrow: a smooth scroll passes through in-between
    // positions, which must neither flip the counter back nor be the start of the next step.
    let current = at();
    let heading: number | null = null;
    let headingUntil = 0;
    const show = (i: number) => {
      current = i;
      count.textContent = `Foto ${i + 1} de ${total}`;
      prev.disabled = i === 0;
      next.disabled = i === total - 1;
    };
    const go = (i: number) => {
      const target = Math.max(0, Math.min(total - 1, i));
      heading = target;
      headingUntil = Date.now() + 1500;
      list.scrollTo({ left: target * width(), behavior: "smooth" });
      show(target);
    };
    const settled = () => Math.abs(list.scrollLeft - at() * width()) <= 2;
    prev.addEventListener("click", () => go(current - 1));
    next.addEventListener("click", () => go(current + 1));
    list.addEventListener(
      "scroll",
      () => {
        if (heading !== null && Date.now() < headingUntil) {
          if (settled() && at() === heading) heading = null;
          return;
        }
        heading = null;
        // A swipe: the counter follows once the row rests on a photo.
        if (settled()) show(at());
      },
      { passive: true },
    );
    list.addEventListener("keydown", (event) => {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      event.preventDefault();
      go(current + (event.key === "ArrowRight" ? 1 : -1));
    });
    prev.hidden = false;
    next.hidden = false;
    count.hidden = false;
    show(current);
  }
}
