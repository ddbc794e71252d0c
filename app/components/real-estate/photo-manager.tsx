import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import type { ShareText } from "../../lib/image-resize.ts";
import { PHOTO_FORMATS, photoUrl, shareImageUrl } from "../../../shared/real-estate/photo-url.ts";
import { buttonClass } from "../ui/button.tsx";
import { uploadShareImage } from "./share-image-sync.ts";

export interface ManagedPhoto {
  id: string;
  chave: string;
  largura: number;
  altura: number;
  capa: boolean;
  legenda: string | null;
}

interface Upload {
  id: string;
  name: string;
  /** 0–100, or null while resizing. */
  progress: number | null;
  error: string | null;
}

const MAX_PARALLEL = 2;

/** POST one resized photo with upload progress (fetch has none for request bodies; XHR does). */
function sendPhoto(propertyId: string, form: FormData, onProgress: (percent: number) => void): Promise<ManagedPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/property-photos/${propertyId}`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { data?: ManagedPhoto; error?: { message: string } } | null;
      if (xhr.status === 201 && body?.data) resolve(body.data);
      else reject(new Error(body?.error?.message ?? "Não foi possível enviar a foto. Tente de novo."));
    };
    xhr.onerror = () => reject(new Error("Sem conexão. Verifique a internet e tente de novo."));
    xhr.send(form);
  });
}

async function call(method: string, url: string, body?: unknown): Promise<void> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { error?: { message: string } } | null;
    throw new Error(payload?.error?.message ?? "Não foi possível salvar. Tente de novo.");
  }
}

/**
 * The "Fotos" tab: send many photos at once (camera or gallery), each resized here and uploaded
 * with its own progress bar; reorder by dragging (mouse or touch) or with the buttons, which
 * announce the new position; choose the cover; caption; delete with confirmation. When the
 * cover (or the price or title) changes, the share image is composed here and uploaded.
 */
export function PhotoManager({
  propertyId,
  initial,
  canEdit,
  share,
  shareKey,
  max,
}: {
  propertyId: string;
  initial: ManagedPhoto[];
  canEdit: boolean;
  share: ShareText;
  shareKey: string | null;
  max: number;
}) {
  const [photos, setPhotos] = useState(initial);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [announce, setAnnounce] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [currentShare, setCurrentShare] = useState(shareKey);
  const base = `/api/property-photos/${propertyId}`;
  const cover = photos.find((p) => p.capa) ?? null;
  const coverKey = cover?.chave ?? null;

  // The share image follows the cover and the text: remade only when what it shows changed.
  // One at a time, so a slower earlier upload never lands after (and over) a newer one.
  const shareQueue = useRef<Promise<void>>(Promise.resolve());
  const lastShare = useRef(shareKey);
  useEffect(() => {
    if (!canEdit || !coverKey) return;
    let cancelled = false;
    shareQueue.current = shareQueue.current
      .then(async () => {
        if (cancelled) return;
        const saved = await uploadShareImage(propertyId, coverKey, share, lastShare.current);
        if (!saved) return;
        lastShare.current = saved;
        setCurrentShare(saved);
      })
      .catch(() => {
        // The public page falls back to the cover; the next visit to this tab tries again.
      });
    return () => {
      cancelled = true;
    };
  }, [canEdit, coverKey, share, propertyId]);

  const patchUpload = (id: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  async function uploadOne(file: File, upload: Upload): Promise<void> {
    try {
      // Loaded when a photo is picked: the canvas work stays out of the page's first load.
      const { resizePhoto } = await import("../../lib/image-resize.ts").catch(() => {
        throw new Error("Não foi possível preparar a foto: verifique a conexão e recarregue a página.");
      });
      const resized = await resizePhoto(file);
      const form = new FormData();
      const { ext, contentType } = PHOTO_FORMATS[resized.format];
      for (const [width, blob] of resized.blobs) form.set(`w${width}`, new File([blob], `${width}.${ext}`, { type: contentType }));
      form.set("largura", String(resized.width));
      form.set("altura", String(resized.height));
      form.set("publicacao", new File([resized.publish], "publish.jpg", { type: PHOTO_FORMATS.jpeg.contentType }));
      patchUpload(upload.id, { progress: 0 });
      const saved = await sendPhoto(propertyId, form, (progress) => patchUpload(upload.id, { progress }));
      setPhotos((list) => [...list, saved]);
      setUploads((list) => list.filter((u) => u.id !== upload.id));
    } catch (e) {
      patchUpload(upload.id, { error: e instanceof Error ? e.message : String(e) });
    }
  }

  async function addFiles(files: FileList | null): Promise<void> {
    if (!files?.length) return;
    setError(null);
    const room = max - photos.length;
    const chosen = Array.from(files).slice(0, Math.max(0, room));
    if (chosen.length < files.length)
      setError(`Cada imóvel pode ter até ${max} fotos; ${files.length - chosen.length} não foram enviadas.`);
    const queue = chosen.map((file) => ({
      file,
      upload: { id: crypto.randomUUID(), name: file.name, progress: null, error: null } as Upload,
    }));
    setUploads((list) => [...list, ...queue.map((q) => q.upload)]);
    const workers = Array.from({ length: MAX_PARALLEL }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await uploadOne(next.file, next.upload);
    });
    await Promise.all(workers);
    setAnnounce("Envio de fotos concluído.");
  }

  async function saveOrder(next: ManagedPhoto[], moved: ManagedPhoto): Promise<void> {
    const before = photos;
    setPhotos(next);
    const position = next.findIndex((p) => p.id === moved.id) + 1;
    setAnnounce(`Foto movida para a posição ${position} de ${next.length}.`);
    try {
      await call("PUT", `${base}/order`, { ids: next.map((p) => p.id) });
    } catch (e) {
      setPhotos(before);
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  function move(index: number, to: number): void {
    if (to < 0 || to >= photos.length || to === index) return;
    const next = [...photos];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(to, 0, item);
    void saveOrder(next, item);
  }

  async function makeCover(photo: ManagedPhoto): Promise<void> {
    const before = photos;
    setPhotos((list) => list.map((p) => ({ ...p, capa: p.id === photo.id })));
    try {
      await call("POST", `${base}/${photo.id}/cover`);
      setAnnounce("Capa alterada.");
    } catch (e) {
      setPhotos(before);
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  async function remove(photo: ManagedPhoto): Promise<void> {
    setConfirming(null);
    try {
      await call("DELETE", `${base}/${photo.id}`);
      setPhotos((list) => {
        const rest = list.filter((p) => p.id !== photo.id);
        return photo.capa && rest[0] ? rest.map((p, i) => ({ ...p, capa: i === 0 })) : rest;
      });
      setAnnounce("Foto excluída.");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  async function caption(photo: ManagedPhoto, legenda: string): Promise<void> {
    if ((photo.legenda ?? "") === legenda.trim()) return;
    try {
      await call("PATCH", `${base}/${photo.id}`, { legenda });
      setPhotos((list) => list.map((p) => (p.id === photo.id ? { ...p, legenda: legenda.trim() || null } : p)));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  const drag = useDragOrder(photos, (from, to) => move(from, to));

  return (
    <section aria-labelledby="fotos-titulo" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="fotos-titulo" className="text-lg font-semibold">
          Fotos ({photos.length} de {max})
        </h2>
        {canEdit && photos.length < max ? (
          <div className="flex flex-wrap gap-2">
            <label className={buttonClass("primary", "cursor-pointer")}>
              Escolher fotos
              <input
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                onChange={(event) => {
                  void addFiles(event.currentTarget.files);
                  event.currentTarget.value = "";
                }}
              />
            </label>
            <label className={buttonClass("secondary", "cursor-pointer sm:hidden")}>
              Tirar foto
              <input
                type="file"
                accept="image/*"
                capture="environment"
                className="sr-only"
                onChange={(event) => {
                  void addFiles(event.currentTarget.files);
                  event.currentTarget.value = "";
                }}
              />
            </label>
          </div>
        ) : null}
      </div>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      {error ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {uploads.length ? (
        <ul aria-label="Envios em andamento" className="space-y-2">
          {uploads.map((u) => (
            <li key={u.id} className="space-y-1 text-sm">
              <span className="block truncate">{u.name}</span>
              {u.error ? (
                <span role="alert" className="text-danger">
                  {u.error}
                </span>
              ) : (
                <progress className="w-full" max={100} value={u.progress ?? undefined} aria-label={`Enviando ${u.name}`}>
                  {u.progress === null ? "Preparando…" : `${u.progress}%`}
                </progress>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length === 0 && !uploads.length ? <p className="text-fg-soft">Nenhuma foto ainda. A primeira enviada vira a capa.</p> : null}
      <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Fotos na ordem do anúncio">
        {photos.map((photo, index) => (
          <li
            key={photo.id}
            data-photo-id={photo.id}
            className={`space-y-2 rounded-xl border p-2 ${photo.capa ? "border-accent" : "border-line"} ${drag.over === index ? "ring-2 ring-accent" : ""}`}
          >
            <div className="relative">
              <img
                src={photoUrl(photo.chave, 640)}
                alt={photo.legenda || `Foto ${index + 1}`}
                width={photo.largura}
                height={photo.altura}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-lg object-cover"
              />
              {photo.capa ? (
                <span className="absolute top-2 left-2 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">Capa</span>
              ) : null}
              {canEdit ? (
                <button
                  type="button"
                  aria-label={`Arrastar foto ${index + 1} para reordenar`}
                  className="absolute top-2 right-2 cursor-grab touch-none rounded-md bg-white/90 px-2 py-1 text-sm text-black"
                  onPointerDown={(event) => drag.start(event, index)}
                  tabIndex={-1}
                >
                  ⠿
                </button>
              ) : null}
            </div>
            <p className="text-sm text-fg-soft">
              Foto {index + 1} de {photos.length}
            </p>
            {canEdit ? (
              <>
                <label className="block text-sm">
                  <span className="sr-only">Legenda da foto {index + 1}</span>
                  <input
                    defaultValue={photo.legenda ?? ""}
                    maxLength={140}
                    placeholder="Legenda (ex.: Sala com varanda)"
                    className="w-full rounded-md border border-line bg-surface px-2 py-1"
                    onBlur={(event) => void caption(photo, event.currentTarget.value)}
                  />
                </label>
                <div className="flex flex-wrap gap-1">
                  <button
                    type="button"
                    className={buttonClass("ghost", "px-2 py-1")}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    Mover para cima<span className="sr-only"> a foto {index + 1}</span>
                  </button>
                  <button
                    type="button"
                    className={buttonClass("ghost", "px-2 py-1")}
                    disabled={index === photos.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    Mover para baixo<span className="sr-only"> a foto {index + 1}</span>
                  </button>
                  <button
                    type="button"
                    className={buttonClass("ghost", "px-2 py-1")}
                    aria-pressed={photo.capa}
                    disabled={photo.capa}
                    onClick={() => void makeCover(photo)}
                  >
                    {photo.capa ? "É a capa" : "Usar como capa"}
                    <span className="sr-only"> (foto {index + 1})</span>
                  </button>
                  {confirming === photo.id ? (
                    <span className="flex gap-1">
                      <button type="button" className={buttonClass("danger", "px-2 py-1")} onClick={() => void remove(photo)}>
                        Confirmar exclusão
                      </button>
                      <button type="button" className={buttonClass("ghost", "px-2 py-1")} onClick={() => setConfirming(null)}>
                        Cancelar
                      </button>
                    </span>
                  ) : (
                    <button type="button" className={buttonClass("ghost", "px-2 py-1 text-danger")} onClick={() => setConfirming(photo.id)}>
                      Excluir<span className="sr-only"> a foto {index + 1}</span>
                    </button>
                  )}
                </div>
              </>
            ) : null}
          </li>
        ))}
      </ol>
      {currentShare ? (
        <p className="text-sm text-fg-soft">
          Imagem de compartilhamento (WhatsApp, redes):{" "}
          <a className="text-accent underline" href={shareImageUrl(currentShare)} target="_blank" rel="noopener">
            ver imagem
          </a>
        </p>
      ) : null}
    </section>
  );
}

/**
 * Drag to reorder with pointer events (mouse, pen and touch alike): the handle captures the
 * pointer; the photo under it is where the dragged one lands on release.
 */
function useDragOrder(photos: ManagedPhoto[], onDrop: (from: number, to: number) => void) {
  const from = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const indexAt = (x: number, y: number): number | null => {
    const item = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-photo-id]");
    const index = item ? photos.findIndex((p) => p.id === item.dataset.photoId) : -1;
    return index >= 0 ? index : null;
  };
  function start(event: ReactPointerEvent<HTMLButtonElement>, index: number) {
    from.current = index;
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const moveHandler = (e: PointerEvent) => setOver(indexAt(e.clientX, e.clientY));
    const upHandler = (e: PointerEvent) => {
      handle.removeEventListener("pointermove", moveHandler);
      handle.removeEventListener("pointerup", upHandler);
      handle.removeEventListener("pointercancel", upHandler);
      const to = e.type === "pointerup" ? indexAt(e.clientX, e.clientY) : null;
      setOver(null);
      if (from.current !== null && to !== null) onDrop(from.current, to);
      from.current = null;
    };
    handle.addEventListener("pointermove", moveHandler);
    handle.addEventListener("pointerup", upHandler);
    handle.addEventListener("pointercancel", upHandler);
  }
  return { start, over };
}
