import { type DragEvent, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { checkDeclaredFile, checkFileCount } from "../../../shared/document-files/check.ts";
import { DOCUMENT_ACCEPT } from "../../../shared/document-files/file-kinds.ts";
import { DOCUMENT_TYPE, type DocumentType } from "../../../shared/enums/documents.ts";
import { formatFileSize } from "../../../shared/document-files/file-size.ts";
import type { DocumentLinkField } from "../../../shared/resources/documentos.ts";
import { RelationPicker } from "../data/relation-picker.tsx";
import { buttonClass } from "../ui/button.tsx";
import { type ToastData, Toaster } from "../ui/toast.tsx";

/**
 * Documentos' upload (ADR 074): drop files, pick them, or "Tirar foto" with the phone's camera;
 * each file gets its own title, type, expiry and link, then goes up in its own request
 * (XMLHttpRequest, for the upload's progress events), three at a time, with its own progress bar
 * and its own pt-BR refusal. The declared name, type and size are checked here first (instant
 * feedback); the server checks the bytes. Used on /documents and, with the link preselected,
 * on a client's, empresa's, imóvel's, sale's or expense's page.
 */

/** The record a document uploaded here is linked to (fixed: the page's own record). */
export interface PresetLink {
  field: DocumentLinkField;
  id: string;
  /** "Cliente: Ana Souza". */
  label: string;
  /** The type a file sent here starts as (a sale's is usually its nota fiscal); "outro" when absent. */
  tipo?: DocumentType | undefined;
}

type Status = "pronto" | "enviando" | "enviado" | "recusado";

interface Item {
  key: string;
  file: File;
  titulo: string;
  tipo: string;
  vencimento: string;
  /** The link chosen for this file (a preset wins). */
  linkField: "" | "clienteId" | "empresaId" | "imovelId";
  linkId: string;
  status: Status;
  /** 0–100 while sending. */
  progress: number;
  error: string | null;
}

const PARALLEL = 3;

const LINK_CHOICES = [
  { field: "clienteId", label: "Cliente", relation: "clients" },
  { field: "empresaId", label: "Empresa", relation: "companies" },
  { field: "imovelId", label: "Imóvel", relation: "properties" },
] as const;

/** "Contrato Ana.pdf" → "Contrato Ana". */
function titleOf(name: string): string {
  return (
    name
      .replace(/\.[^.]{1,5}$/, "")
      .replace(/_+/g, " ")
      .trim()
      .slice(0, 160) || "Documento"
  );
}

/** One file's request: resolves with the refusal's text, or null when stored. */
function send(item: Item, preset: PresetLink | undefined, onProgress: (percent: number) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append("arquivo", item.file, item.file.name);
    body.append("titulo", item.titulo);
    body.append("tipo", item.tipo);
    if (item.vencimento) body.append("vencimento", item.vencimento);
    if (preset) body.append(preset.field, preset.id);
    else if (item.linkField && item.linkId) body.append(item.linkField, item.linkId);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/documents/upload");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const answer = xhr.response as { data?: { arquivos?: { ok: boolean; erro?: string }[] }; error?: { message?: string } } | null;
      const first = answer?.data?.arquivos?.[0];
      if (xhr.status === 201 && first?.ok) resolve(null);
      else resolve(first?.erro ?? answer?.error?.message ?? `Não foi possível enviar ${item.file.name}. Tente novamente.`);
    };
    xhr.onerror = () => resolve(`Sem conexão: ${item.file.name} não foi enviado. Tente novamente.`);
    xhr.send(body);
  });
}

export function DocumentUploader({ preset, title = "Enviar documentos" }: { preset?: PresetLink | undefined; title?: string }) {
  const uid = useId();
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [toast, setToast] = useState<ToastData | null>(null);
  const pick = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();

  const update = (key: string, change: Partial<Item>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  function add(files: FileList | File[] | null) {
    const list = Array.from(files ?? []);
    if (!list.length) return;
    const waiting = items.filter((i) => i.status === "pronto").length;
    const tooMany = checkFileCount(waiting + list.length);
    if (tooMany) {
      setNotice(tooMany);
      return;
    }
    setNotice(null);
    setItems((current) => [
      ...current.filter((i) => i.status !== "enviado"),
      ...list.map((file): Item => {
        const check = checkDeclaredFile(file);
        return {
          key: crypto.randomUUID(),
          file,
          titulo: titleOf(file.name),
          tipo: preset?.tipo ?? "outro",
          vencimento: "",
          linkField: "",
          linkId: "",
          status: check.ok ? "pronto" : "recusado",
          progress: 0,
          error: check.ok ? null : check.message,
        };
      }),
    ]);
  }

  async function sendAll() {
    const queue = items.filter((i) => i.status === "pronto");
    if (!queue.length) return;
    setSending(true);
    let stored = 0;
    let refused = 0;
    const next = async (): Promise<void> => {
      const item = queue.shift();
      if (!item) return;
      update(item.key, { status: "enviando", progress: 0, error: null });
      const error = await send(item, preset, (progress) => update(item.key, { progress }));
      if (error) refused++;
      else stored++;
      update(item.key, error ? { status: "recusado", error, progress: 0 } : { status: "enviado", progress: 100 });
      return next();
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, next));
    setSending(false);
    const message =
      stored && refused
        ? `${stored} ${stored === 1 ? "documento enviado" : "documentos enviados"}; ${refused} ${refused === 1 ? "recusado" : "recusados"}.`
        : stored
          ? `${stored === 1 ? "Documento enviado" : `${stored} documentos enviados`}.`
          : `Nenhum documento enviado: confira ${refused === 1 ? "o erro do arquivo" : "os erros dos arquivos"}.`;
    setToast({ id: crypto.randomUUID(), message, tone: stored ? "success" : "error" });
    if (stored) revalidator.revalidate();
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };
  const ready = items.filter((i) => i.status === "pronto").length;

  return (
    <section aria-labelledby={`${uid}-title`} className="mb-6 rounded-lg border border-line bg-surface p-4">
      <h2 id={`${uid}-title`} className="text-base font-semibold">
        {title}
      </h2>
      {preset ? <p className="mt-1 text-sm text-fg-soft">Vinculados a {preset.label}.</p> : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is the mouse's shortcut; the buttons inside are the keyboard's and the screen reader's way */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="document-drop"
        className={`mt-3 rounded-lg border-2 border-dashed p-4 text-center text-sm ${dragging ? "border-accent bg-accent/5" : "border-line"}`}
      >
        <p className="text-fg-soft">Arraste arquivos para cá ou</p>
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          <button type="button" className={buttonClass("secondary")} onClick={() => pick.current?.click()}>
            Escolher arquivos
          </button>
          <button type="button" className={buttonClass("secondary")} onClick={() => camera.current?.click()}>
            Tirar foto
          </button>
        </div>
        <p className="mt-2 text-xs text-fg-soft">PDF, JPEG, PNG, HEIC, WebP, DOCX ou XLSX, até 20 MB cada, até 20 de uma vez.</p>
        <input
          ref={pick}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="document-input"
          onChange={(e) => {
            add(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
        {/* The camera: image/* only, so an iPhone hands over a JPEG (never HEIC); the picker above takes HEIC files. */}
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="document-camera"
          onChange={(e) => {
            add(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
      </div>
      {notice ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {notice}
        </p>
      ) : null}
      {items.length ? (
        <ul className="mt-4 space-y-3" aria-label="Arquivos escolhidos">
          {items.map((item) => (
            <FileRow
              key={item.key}
              item={item}
              preset={preset}
              uid={uid}
              onChange={(change) => update(item.key, change)}
              onRemove={() => setItems((l) => l.filter((i) => i.key !== item.key))}
            />
          ))}
        </ul>
      ) : null}
      {ready ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className={buttonClass("primary")} onClick={sendAll} disabled={sending}>
            {sending ? "Enviando…" : ready === 1 ? "Enviar 1 arquivo" : `Enviar ${ready} arquivos`}
          </button>
        </div>
      ) : null}
      <Toaster toast={toast} />
    </section>
  );
}

function FileRow({
  item,
  preset,
  uid,
  onChange,
  onRemove,
}: {
  item: Item;
  preset: PresetLink | undefined;
  uid: string;
  onChange: (change: Partial<Item>) => void;
  onRemove: () => void;
}) {
  const id = `${uid}-${item.key}`;
  const editable = item.status === "pronto";
  const choice = LINK_CHOICES.find((c) => c.field === item.linkField);
  return (
    <li className="rounded-md border border-line p-3" data-testid="document-file">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 break-all text-sm font-semibold">
          {item.file.name} <span className="font-normal text-fg-soft">({formatFileSize(item.file.size)})</span>
        </p>
        {editable ? (
          <button type="button" className="text-sm text-accent hover:underline" onClick={onRemove} aria-label={`Remover ${item.file.name}`}>
            Remover
          </button>
        ) : null}
      </div>
      {editable ? (
        <fieldset className="mt-2 grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">Dados de {item.file.name}</legend>
          <label className="block text-sm">
            <span className="text-fg-soft">Título</span>
            <input
              id={`${id}-titulo`}
              className="mt-1 block w-full rounded-md border border-line bg-surface px-2 py-1.5"
              value={item.titulo}
              maxLength={160}
              onChange={(e) => onChange({ titulo: e.currentTarget.value })}
            />
          </label>
          <label className="block text-sm">
            <span className="text-fg-soft">Tipo</span>
            <select
              className="mt-1 block w-full rounded-md border border-line bg-surface px-2 py-1.5"
              value={item.tipo}
              onChange={(e) => onChange({ tipo: e.currentTarget.value })}
            >
              {DOCUMENT_TYPE.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            <span className="text-fg-soft">Vencimento (opcional)</span>
            <input
              type="date"
              className="mt-1 block w-full rounded-md border border-line bg-surface px-2 py-1.5"
              value={item.vencimento}
              onChange={(e) => onChange({ vencimento: e.currentTarget.value })}
            />
          </label>
          {preset ? null : (
            <div className="text-sm">
              <label className="block">
                <span className="text-fg-soft">Vincular a</span>
                <select
                  className="mt-1 block w-full rounded-md border border-line bg-surface px-2 py-1.5"
                  value={item.linkField}
                  onChange={(e) => onChange({ linkField: e.currentTarget.value as Item["linkField"], linkId: "" })}
                >
                  <option value="">Nada</option>
                  {LINK_CHOICES.map((c) => (
                    <option key={c.field} value={c.field}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </label>
              {choice ? (
                <div className="mt-2">
                  <label htmlFor={`${id}-vinculo`} className="sr-only">
                    {choice.label}
                  </label>
                  <RelationPicker
                    key={choice.field}
                    id={`${id}-vinculo`}
                    name={`${item.key}-${choice.field}`}
                    relation={choice.relation}
                    label={choice.label}
                    defaultSelected={[]}
                    placeholder={`Buscar ${choice.label.toLowerCase()}`}
                    onPick={(selected) => onChange({ linkId: selected[0]?.id ?? "" })}
                  />
                </div>
              ) : null}
            </div>
          )}
        </fieldset>
      ) : null}
      {item.status === "enviando" ? (
        <div className="mt-2">
          <progress className="h-2 w-full" max={100} value={item.progress} aria-label={`Enviando ${item.file.name}`} />
          <span className="text-xs text-fg-soft">{item.progress}%</span>
        </div>
      ) : null}
      <p aria-live="polite" className="mt-1 text-sm">
        {item.status === "enviado" ? <span className="text-success">Enviado.</span> : null}
        {item.status === "recusado" && item.error ? <span className="text-danger">{item.error}</span> : null}
      </p>
    </li>
  );
}
