import { useState } from "react";
import { photoUrl, publishImageUrl } from "../../../shared/real-estate/photo-url.ts";
import { instagramRatio } from "../../../shared/social/instagram-media.ts";
import type { PostImage } from "../../../shared/social/post-screens.ts";

/**
 * How the post will look on each network (issue 19): Instagram shows every slide at the first
 * one's ratio, held inside 4 : 5…1.91 : 1 and centre-cropped (shared/social/instagram-media.ts,
 * the rule the publishing JPEG follows), the caption cut after a couple of lines; Facebook the
 * whole caption, the images in a grid and the link. Lazy-loaded by the editor and the post's page.
 */

export interface PreviewProps {
  legenda: string;
  link: string;
  images: readonly PostImage[];
  instagram: { nome: string; usuario: string | null } | null;
  facebook: { nome: string } | null;
}

/**
 * The publishing JPEG itself — the bytes Meta gets, which an approval approves (ADR 047
 * amendment) — or, for an older photo that has none yet, its display size (such a photo cannot be
 * published until it has one, and one made later holds the post for a new approval).
 */
function MetaImage({ chave, fallback, alt }: { chave: string; fallback: 320 | 640; alt: string }) {
  const [missing, setMissing] = useState(false);
  return (
    <img
      src={missing ? photoUrl(chave, fallback) : publishImageUrl(chave)}
      onError={() => setMissing(true)}
      alt={alt}
      className="absolute inset-0 size-full object-cover"
      loading="lazy"
      decoding="async"
    />
  );
}

/** The part of the caption Instagram shows before "mais". */
const INSTAGRAM_FOLD = 125;

function InstagramPreview({
  legenda,
  images,
  account,
}: {
  legenda: string;
  images: readonly PostImage[];
  account: { nome: string; usuario: string | null };
}) {
  const [slide, setSlide] = useState(0);
  const first = images[0];
  const current = images[Math.min(slide, images.length - 1)];
  const ratio = first ? instagramRatio({ width: first.largura, height: first.altura }) : 1;
  const handle = account.usuario?.replace(/^@/, "") || account.nome;
  const folded = legenda.length > INSTAGRAM_FOLD ? `${legenda.slice(0, INSTAGRAM_FOLD).trimEnd()}…` : legenda;
  return (
    <figure aria-label="Prévia no Instagram" className="min-w-0 overflow-hidden rounded-xl border border-line bg-surface">
      <figcaption className="flex items-center gap-2 px-3 py-2 text-sm font-semibold">
        <span
          aria-hidden="true"
          className="inline-block size-7 shrink-0 rounded-full bg-gradient-to-tr from-amber-400 via-pink-500 to-purple-600"
        />
        <span className="min-w-0 truncate">{handle}</span>
      </figcaption>
      {current ? (
        <div className="relative bg-black/5" style={{ aspectRatio: String(ratio) }}>
          <MetaImage key={current.chave} chave={current.chave} fallback={640} alt={current.legenda ?? ""} />
          {images.length > 1 ? (
            <>
              <span className="absolute top-2 right-2 rounded-full bg-black/60 px-2 py-0.5 text-xs text-white tabular-nums">
                {slide + 1}/{images.length}
              </span>
              <div className="absolute inset-x-0 bottom-2 flex justify-between px-2">
                <button
                  type="button"
                  className="rounded-full bg-white/90 px-2.5 py-1 text-sm text-black disabled:opacity-40"
                  onClick={() => setSlide((s) => Math.max(0, s - 1))}
                  disabled={slide === 0}
                  aria-label="Imagem anterior"
                >
                  ‹
                </button>
                <button
                  type="button"
                  className="rounded-full bg-white/90 px-2.5 py-1 text-sm text-black disabled:opacity-40"
                  onClick={() => setSlide((s) => Math.min(images.length - 1, s + 1))}
                  disabled={slide >= images.length - 1}
                  aria-label="Próxima imagem"
                >
                  ›
                </button>
              </div>
            </>
          ) : null}
        </div>
      ) : (
        <p className="bg-danger-soft px-3 py-8 text-center text-sm text-danger">O Instagram precisa de ao menos uma imagem.</p>
      )}
      <p className="px-3 py-2 text-sm break-words whitespace-pre-line">
        <span className="font-semibold">{handle}</span> {folded || <span className="text-fg-soft">(sem legenda)</span>}
        {folded !== legenda ? <span className="text-fg-soft"> mais</span> : null}
      </p>
    </figure>
  );
}

function FacebookPreview({
  legenda,
  link,
  images,
  account,
}: {
  legenda: string;
  link: string;
  images: readonly PostImage[];
  account: { nome: string };
}) {
  const shown = images.slice(0, 4);
  const more = images.length - shown.length;
  let host = "";
  try {
    host = link ? new URL(link).host : "";
  } catch {
    host = "";
  }
  return (
    <figure aria-label="Prévia no Facebook" className="min-w-0 overflow-hidden rounded-xl border border-line bg-surface">
      <figcaption className="flex items-center gap-2 px-3 py-2 text-sm font-semibold">
        <span aria-hidden="true" className="inline-block size-7 shrink-0 rounded-full bg-blue-600" />
        <span className="min-w-0 truncate">{account.nome}</span>
      </figcaption>
      {legenda ? <p className="px-3 pb-2 text-sm break-words whitespace-pre-line">{legenda}</p> : null}
      {shown.length ? (
        <div className={`grid gap-0.5 ${shown.length > 1 ? "grid-cols-2" : ""}`}>
          {shown.map((photo, i) => (
            <div
              key={photo.id}
              className={`relative bg-black/5 ${shown.length === 3 && i === 0 ? "col-span-2" : ""}`}
              style={{ aspectRatio: shown.length === 1 ? `${photo.largura} / ${photo.altura}` : "1" }}
            >
              <MetaImage key={photo.chave} chave={photo.chave} fallback={shown.length === 1 ? 640 : 320} alt={photo.legenda ?? ""} />
              {more > 0 && i === shown.length - 1 ? (
                <span className="absolute inset-0 flex items-center justify-center bg-black/50 text-2xl font-semibold text-white">
                  +{more}
                </span>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
      {host ? <p className="border-t border-line bg-black/5 px-3 py-2 text-xs text-fg-soft uppercase break-all">{host}</p> : null}
    </figure>
  );
}

export default function PostPreview({ legenda, link, images, instagram, facebook }: PreviewProps) {
  if (!instagram && !facebook) {
    return <p className="text-sm text-fg-soft">Escolha uma conta para ver como o post fica em cada rede.</p>;
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {instagram ? <InstagramPreview legenda={legenda} images={images} account={instagram} /> : null}
      {facebook ? <FacebookPreview legenda={legenda} link={link} images={images} account={facebook} /> : null}
    </div>
  );
}
