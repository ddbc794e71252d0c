import { type KeyboardEvent, useRef, useState } from "react";

export interface GalleryPhoto {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The public page's photos: a row that scrolls and snaps one photo at a time (swipe on a phone,
 * without JavaScript too), arrows and ←/→ on the focused row, and a live "Foto 2 de 8". The
 * first photo loads at once (it is the page's largest paint), the others lazily; every photo
 * has its size, and the row a fixed ratio, so nothing shifts as they arrive.
 */
export function PhotoGallery({ photos, title }: { photos: GalleryPhoto[]; title: string }) {
  const list = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  if (!photos.length) {
    return (
      <div className="flex aspect-[16/9] max-h-[28rem] w-full items-center justify-center bg-muted text-fg-soft md:rounded-b-xl">
        Sem fotos
      </div>
    );
  }
  const go = (index: number) => {
    const el = list.current;
    if (!el) return;
    const next = Math.max(0, Math.min(photos.length - 1, index));
    el.scrollTo({ left: next * el.clientWidth, behavior: "smooth" });
    setCurrent(next);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") go(current + 1);
    else if (event.key === "ArrowLeft") go(current - 1);
    else return;
    event.preventDefault();
  };
  return (
    <section aria-roledescription="carrossel" aria-label={`Fotos de ${title}`} className="relative">
      <ul
        ref={list}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable row must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        onKeyDown={onKey}
        onScroll={(event) => {
          const el = event.currentTarget;
          if (el.clientWidth) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
        }}
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
          <button
            type="button"
            onClick={() => go(current - 1)}
            disabled={current === 0}
            className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-lg font-bold text-black shadow disabled:opacity-0"
            aria-label="Foto anterior"
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => go(current + 1)}
            disabled={current === photos.length - 1}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-lg font-bold text-black shadow disabled:opacity-0"
            aria-label="Próxima foto"
          >
            ›
          </button>
          <p aria-live="polite" className="absolute right-3 bottom-3 rounded-full bg-black/70 px-3 py-1 text-sm text-white">
            Foto {current + 1} de {photos.length}
          </p>
        </>
      ) : null}
    </section>
  );
}
