import { useEffect, useId, useRef, useState } from "react";
import { ART_FORMATS, ART_TEMPLATES, type ArtFormat, type ArtTemplateId } from "../../../../shared/art/art-content.ts";
import type { BrandStyle } from "../../../../shared/brand/brand-style.ts";
import { photoUrl } from "../../../../shared/real-estate/photo-url.ts";
import type { PostImage } from "../../../../shared/social/post-screens.ts";
import type { ChosenRecord } from "../../../server/social/generate-post.server.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";

/**
 * The art (ADR 051/056): a template and a feed format with a live preview of the cover (the
 * preview route, debounced, a skeleton while it renders), then "Criar as imagens" stores the
 * single image or the carousel through the screen's action. Stories are not offered: a post is a
 * feed post (the publisher sends no stories).
 */

export interface ArtChoice {
  modelo: ArtTemplateId;
  formato: ArtFormat;
  carrossel: boolean;
}

/** Feed formats a post takes. */
const FEED_FORMATS: readonly ArtFormat[] = ["retrato", "quadrado"];
/** Wait for the person to stop clicking before rendering (each preview costs a render). */
const PREVIEW_DEBOUNCE_MS = 350;

function usePreview(record: ChosenRecord, brand: BrandStyle, choice: ArtChoice) {
  const [state, setState] = useState<{ url: string | null; loading: boolean; error: string | null }>({
    url: null,
    loading: true,
    error: null,
  });
  const lastUrl = useRef<string | null>(null);
  // The request as text: a reloaded page (same record, new objects) does not render again.
  const body = JSON.stringify({
    modelo: choice.modelo,
    formato: choice.formato,
    slide: "capa",
    conteudo: record.art,
    marca: brand,
    fotoChave: record.photos[0]?.chave ?? null,
  });
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch("/api/posts/arte/previa", {
          method: "POST",
          signal: controller.signal,
          headers: { "content-type": "application/json" },
          body,
        });
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
          throw new Error(body?.error?.message ?? "Não foi possível desenhar a prévia agora.");
        }
        const url = URL.createObjectURL(await response.blob());
        if (lastUrl.current) URL.revokeObjectURL(lastUrl.current);
        lastUrl.current = url;
        setState({ url, loading: false, error: null });
      } catch (error) {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false, error: (error as Error).message }));
      }
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [body]);
  useEffect(() => () => void (lastUrl.current && URL.revokeObjectURL(lastUrl.current)), []);
  return state;
}

export function ArtStep({
  record,
  brand,
  choice,
  onChoice,
  onRender,
  rendering,
  error,
  images,
  alts,
  onAlt,
}: {
  record: ChosenRecord;
  brand: BrandStyle;
  choice: ArtChoice;
  onChoice: (next: ArtChoice) => void;
  onRender: (choice: ArtChoice) => void;
  rendering: boolean;
  error: string | null;
  images: PostImage[];
  alts: string[];
  onAlt: (index: number, value: string) => void;
}) {
  const ids = useId();
  const preview = usePreview(record, brand, choice);
  const { width, height } = ART_FORMATS[choice.formato];
  const canCarousel = record.photos.length > 1;
  return (
    <Card title="5. Arte">
      <div className="grid gap-6 md:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Modelo</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {ART_TEMPLATES.map((t) => (
                <label
                  key={t.id}
                  className="flex min-h-11 items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
                >
                  <input
                    type="radio"
                    name={`${ids}-modelo`}
                    checked={choice.modelo === t.id}
                    onChange={() => onChoice({ ...choice, modelo: t.id })}
                    className="size-4 shrink-0"
                  />
                  <span className="min-w-0 break-words">{t.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Formato</legend>
            <div className="flex flex-wrap gap-2">
              {FEED_FORMATS.map((f) => (
                <label
                  key={f}
                  className="flex min-h-11 items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
                >
                  <input
                    type="radio"
                    name={`${ids}-formato`}
                    checked={choice.formato === f}
                    onChange={() => onChoice({ ...choice, formato: f })}
                    className="size-4 shrink-0"
                  />
                  {ART_FORMATS[f].label}
                </label>
              ))}
            </div>
          </fieldset>
          {canCarousel ? (
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={choice.carrossel}
                onChange={(e) => onChoice({ ...choice, carrossel: e.currentTarget.checked })}
                className="size-4"
              />
              Carrossel com as fotos do imóvel, uma ficha e o contato
            </label>
          ) : null}
          <Button type="button" onClick={() => onRender(choice)} busy={rendering}>
            {rendering ? "Criando as imagens…" : images.length ? "Criar de novo" : "Criar as imagens"}
          </Button>
          {rendering ? (
            <p role="status" className="text-sm text-fg-soft">
              Desenhando cada imagem em {width} × {height}. Um carrossel leva alguns segundos.
            </p>
          ) : null}
          {error ? <Alert tone="error">{error}</Alert> : null}
        </div>
        <div className="min-w-0">
          <p className="mb-2 text-sm font-medium">Prévia da capa</p>
          <div
            className="relative w-full max-w-xs overflow-hidden rounded-lg border border-line bg-line/40"
            style={{ aspectRatio: `${width} / ${height}` }}
            aria-busy={preview.loading}
          >
            {preview.url ? (
              <img
                src={preview.url}
                alt={`Prévia da capa: ${record.art.titulo}`}
                data-testid="previa-arte"
                className={`absolute inset-0 size-full object-cover transition-opacity ${preview.loading ? "opacity-50" : ""}`}
              />
            ) : null}
            {preview.loading && !preview.url ? <div className="absolute inset-0 animate-pulse bg-line" aria-hidden="true" /> : null}
            {preview.loading ? <span className="sr-only">Desenhando a prévia…</span> : null}
          </div>
          {preview.error ? <p className="mt-2 text-sm text-danger">{preview.error}</p> : null}
        </div>
      </div>
      {images.length ? (
        <div className="mt-6 space-y-2">
          <p className="text-sm font-medium">
            {images.length === 1 ? "Imagem criada" : `${images.length} imagens do carrossel`} — textos alternativos
          </p>
          <ol className="space-y-2">
            {images.map((img, i) => (
              <li key={img.chave} className="flex items-start gap-3 rounded-lg border border-line p-2">
                <img src={photoUrl(img.chave, 320)} alt="" className="h-16 w-14 shrink-0 rounded object-cover" />
                <label className="min-w-0 flex-1 text-sm">
                  <span className="sr-only">Texto alternativo da imagem {i + 1}</span>
                  <textarea
                    rows={2}
                    value={alts[i] ?? ""}
                    onChange={(e) => onAlt(i, e.currentTarget.value)}
                    className="block w-full rounded-lg border border-line bg-surface px-2 py-1.5 text-sm"
                  />
                </label>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </Card>
  );
}
