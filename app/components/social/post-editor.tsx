import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SOCIAL_ACCOUNT_STATUS } from "../../../shared/enums/social.ts";
import { photoUrl } from "../../../shared/real-estate/photo-url.ts";
import {
  CAPTION_MAX_LENGTH,
  captionCounterText,
  captionOverLimit,
  captionProblems,
  countCaption,
  MEDIA_MAX,
  mediaProblem,
} from "../../../shared/social/caption-rules.ts";
import { instagramRatio } from "../../../shared/social/instagram-media.ts";
import type { PostAccount, PostImage, PostPhoto } from "../../../shared/social/post-screens.ts";
import type { EditorFailure, PostEditorView } from "../../server/social/posts.server.ts";
import { ErrorText, Hint, Label, RelationField, TextareaField } from "../data/form-fields.tsx";
import { LeaveDialog, useUnsavedChanges } from "../data/unsaved-changes.tsx";
import { loadResourceSchema } from "../data/schema-loader.ts";
import { Alert } from "../ui/alert.tsx";
import { Button, buttonClass } from "../ui/button.tsx";
import { Card, PageHeader } from "../ui/card.tsx";
import { Field, FormError, useFormValidation } from "../ui/form.tsx";
import { useHydrated } from "../ui/hydrated.ts";
import { NetworkStatuses } from "./network-status.tsx";

/**
 * The post editor (issue 19), for a new post and an existing one: the accounts, the caption with
 * Instagram's counter as you type, the images in order (the imóvel's photos), alt text, link,
 * first comment, a preview per network and the time, then the buttons the member's role has:
 * "Enviar para aprovação" (staff, professional) or "Publicar agora" / "Agendar" (owner, admin).
 * The schema validates as the action does (loaded lazily: no zod in this chunk).
 */

const Preview = lazy(() => import("./post-preview.tsx"));

function first(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
}

function list(value: string | string[] | undefined): string[] {
  return (Array.isArray(value) ? value : value ? [value] : []).filter(Boolean);
}

function AccountsField({
  accounts,
  chosen,
  onChange,
  error,
}: {
  accounts: readonly PostAccount[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}) {
  const errorId = `contas-${useId()}-error`;
  if (!accounts.length) {
    return (
      <div className="space-y-2" data-field="contas">
        <Alert>
          Nenhuma Página do Facebook ou conta do Instagram conectada ainda. Conecte em{" "}
          <Link to="/social-connect-simple" className="font-semibold text-accent underline">
            Conectar Redes
          </Link>{" "}
          (o dono ou um administrador conecta). Você já pode salvar o rascunho.
        </Alert>
        {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
      </div>
    );
  }
  // One account per network: ticking a second Page swaps the first.
  const toggle = (account: PostAccount, on: boolean) => {
    const others = chosen.filter((id) => id !== account.id && accounts.find((a) => a.id === id)?.rede !== account.rede);
    onChange(on ? [...others, account.id] : chosen.filter((id) => id !== account.id));
  };
  return (
    <fieldset data-field="contas" className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">Publicar em</legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {accounts.map((account) => (
          <li key={account.id}>
            <label className="flex min-h-11 items-center gap-3 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft">
              <input
                type="checkbox"
                name="contas"
                value={account.id}
                checked={chosen.includes(account.id)}
                onChange={(e) => toggle(account, e.currentTarget.checked)}
                className="size-4 shrink-0 accent-[var(--c-accent)]"
              />
              <span className="min-w-0">
                <span className="block font-semibold break-words">{account.nome}</span>
                <span className="block text-xs text-fg-soft">
                  {account.rede === "facebook"
                    ? "Página do Facebook"
                    : `Instagram${account.usuario ? ` · @${account.usuario.replace(/^@/, "")}` : ""}`}
                </span>
              </span>
              {account.status !== "ativa" ? (
                <span className={`badge badge-${SOCIAL_ACCOUNT_STATUS.tone(account.status)} ms-auto shrink-0`}>
                  {SOCIAL_ACCOUNT_STATUS.label(account.status)}
                </span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </fieldset>
  );
}

function CaptionField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string | undefined }) {
  const id = `legenda-${useId()}`;
  const count = countCaption(value);
  const over = captionOverLimit(count);
  const problems = captionProblems(value);
  return (
    <div className="space-y-1.5" data-field="legenda">
      <Label htmlFor={id} label="Legenda" />
      <textarea
        id={id}
        name="legenda"
        rows={8}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-sm text-fg focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none aria-[invalid=true]:border-danger"
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${id}-count ${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <p id={`${id}-count`} aria-live="polite" className={`text-xs tabular-nums ${over ? "font-semibold text-danger" : "text-fg-soft"}`}>
        {captionCounterText(count)}
      </p>
      <Hint id={`${id}-hint`}>
        Limites do Instagram: {CAPTION_MAX_LENGTH.toLocaleString("pt-BR")} caracteres, 30 hashtags e 20 menções. O Facebook não tem esses
        limites, mas a legenda é a mesma nas duas redes.
      </Hint>
      {problems.length && !error ? (
        <ul className="space-y-0.5 text-sm text-danger">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </div>
  );
}

/** The ratio a carousel is cut to: its first image's, clamped (what Instagram does). */
function carouselRatio(first: PostImage | undefined): number | undefined {
  return first ? instagramRatio({ width: first.largura, height: first.altura }) : undefined;
}

/**
 * "Enviar do dispositivo": each chosen file made into the publishing JPEG and display sizes by the
 * browser (app/lib/post-image-upload.ts, loaded on the first file) and sent; added to the post's end.
 */
function DeviceUpload({
  room,
  ratio,
  onUploaded,
}: {
  room: number;
  ratio: () => number | undefined;
  onUploaded: (image: PostImage) => void;
}) {
  const id = `enviar-${useId()}`;
  const [status, setStatus] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const pick = async (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    input.value = "";
    if (!files.length) return;
    setError("");
    setBusy(true);
    const taken = files.slice(0, room);
    const problems: string[] =
      files.length > room ? [`O post tem no máximo ${MEDIA_MAX} imagens: ${files.length - room} ficaram de fora.`] : [];
    try {
      const { uploadPostImage } = await import("../../lib/post-image-upload.ts");
      // The carousel's ratio: its first image's, or (a post with none yet) the first of this batch.
      let cut = ratio();
      for (const [i, file] of taken.entries()) {
        setStatus(taken.length > 1 ? `Preparando e enviando a imagem ${i + 1} de ${taken.length}…` : "Preparando e enviando a imagem…");
        try {
          const image = await uploadPostImage(file, cut);
          cut ??= carouselRatio(image);
          onUploaded(image);
        } catch (e) {
          problems.push(e instanceof Error ? e.message : "Não foi possível enviar a imagem agora. Tente de novo.");
        }
      }
    } catch {
      problems.push("Não foi possível carregar o envio de imagens. Verifique a conexão e tente de novo.");
    }
    setBusy(false);
    setStatus(problems.length ? "" : taken.length > 1 ? `${taken.length} imagens enviadas.` : "Imagem enviada.");
    setError(problems.join(" "));
  };
  return (
    <div className="space-y-1.5">
      <label
        htmlFor={id}
        className={`${buttonClass("secondary")} cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent ${room < 1 || busy ? "pointer-events-none opacity-50" : ""}`}
      >
        {busy ? "Enviando…" : "Enviar imagens do dispositivo"}
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          disabled={room < 1 || busy}
          onChange={(e) => void pick(e.currentTarget)}
        />
      </label>
      <p role="status" className="text-sm text-fg-soft">
        {status}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function MediaField({
  photos,
  uploads,
  chosen,
  onChange,
  onUploaded,
  alts,
  onAlt,
  needsImage,
  error,
}: {
  photos: readonly PostPhoto[];
  uploads: readonly PostImage[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  onUploaded: (image: PostImage) => void;
  alts: Readonly<Record<string, string>>;
  onAlt: (ref: string, text: string) => void;
  needsImage: boolean;
  error?: string | undefined;
}) {
  const hydrated = useHydrated();
  const errorId = `midias-${useId()}-error`;
  const byId = new Map<string, PostImage>([...photos, ...uploads].map((p) => [p.id, p]));
  const problem = mediaProblem(chosen.length, needsImage);
  const carousel = chosen.length > 1;
  const move = (index: number, delta: number) => {
    const next = [...chosen];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item as string);
    onChange(next);
  };
  return (
    <div data-field="midias" className="space-y-3">
      {hydrated ? (
        <>
          {chosen.map((id) => (
            <input key={id} type="hidden" name="midias" value={id} />
          ))}
          {chosen.length ? (
            <ol aria-label="Imagens do post, na ordem" className="space-y-2">
              {chosen.map((id, i) => {
                const photo = byId.get(id);
                return (
                  <li key={id} className="space-y-2 rounded-lg border border-line p-2">
                    <div className="flex items-center gap-2">
                      <span className="w-5 shrink-0 text-center text-sm font-semibold tabular-nums">{i + 1}</span>
                      {photo ? <img src={photoUrl(photo.chave, 320)} alt="" className="h-12 w-16 shrink-0 rounded object-cover" /> : null}
                      <span className="min-w-0 flex-1 truncate text-sm">
                        {photo?.legenda || (i === 0 ? "Capa do post" : `Imagem ${i + 1}`)}
                      </span>
                      <button
                        type="button"
                        className={buttonClass("ghost", "px-2")}
                        onClick={() => move(i, -1)}
                        disabled={i === 0}
                        aria-label={`Subir a imagem ${i + 1}`}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className={buttonClass("ghost", "px-2")}
                        onClick={() => move(i, 1)}
                        disabled={i === chosen.length - 1}
                        aria-label={`Descer a imagem ${i + 1}`}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className={buttonClass("ghost", "px-2")}
                        onClick={() => onChange(chosen.filter((x) => x !== id))}
                        aria-label={`Tirar a imagem ${i + 1}`}
                      >
                        ✕
                      </button>
                    </div>
                    {carousel ? (
                      <label className="block space-y-1 text-sm">
                        <span className="font-medium">Texto alternativo da imagem {i + 1}</span>
                        <input
                          name="textosAlternativos"
                          value={alts[id] ?? ""}
                          maxLength={1000}
                          onChange={(e) => onAlt(id, e.currentTarget.value)}
                          className="block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none"
                        />
                      </label>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          ) : null}
          {carousel ? (
            <p className="text-xs text-fg-soft">Cada imagem do carrossel tem o seu texto alternativo, para quem usa leitor de tela.</p>
          ) : null}
          <DeviceUpload room={MEDIA_MAX - chosen.length} ratio={() => carouselRatio(byId.get(chosen[0] ?? ""))} onUploaded={onUploaded} />
        </>
      ) : null}
      {photos.length ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Fotos do imóvel</legend>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {photos.map((photo) => {
              const position = chosen.indexOf(photo.id);
              const on = position >= 0;
              const label = `${photo.legenda || "Foto"}${photo.capa ? " (capa)" : ""}`;
              return (
                <li key={photo.id}>
                  {hydrated ? (
                    <button
                      type="button"
                      aria-pressed={on}
                      aria-label={on ? `${label}: imagem ${position + 1} do post` : `${label}: usar no post`}
                      disabled={!on && chosen.length >= MEDIA_MAX}
                      onClick={() => onChange(on ? chosen.filter((x) => x !== photo.id) : [...chosen, photo.id])}
                      className={`relative block aspect-[4/3] w-full overflow-hidden rounded-lg border-2 disabled:opacity-50 ${on ? "border-accent" : "border-transparent"}`}
                    >
                      <img src={photoUrl(photo.chave, 320)} alt="" className="size-full object-cover" loading="lazy" />
                      {on ? (
                        <span className="absolute top-1 left-1 rounded-full bg-accent px-2 text-xs font-semibold text-white">
                          {position + 1}
                        </span>
                      ) : null}
                    </button>
                  ) : (
                    <label className="block">
                      <img src={photoUrl(photo.chave, 320)} alt="" className="aspect-[4/3] w-full rounded-lg object-cover" loading="lazy" />
                      <span className="mt-1 flex items-center gap-1 text-xs">
                        <input type="checkbox" name="midias" value={photo.id} defaultChecked={on} className="size-4" />
                        {label}
                      </span>
                    </label>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : (
        <p className="text-sm text-fg-soft">
          Escolha um imóvel acima para usar as fotos dele, ou envie imagens do dispositivo.{" "}
          {needsImage ? "O Instagram precisa de ao menos uma imagem." : ""}
        </p>
      )}
      <p className="text-xs text-fg-soft">
        Uma imagem, ou um carrossel de 2 a {MEDIA_MAX}, na ordem em que você tocar. A primeira é a capa; no Instagram todas saem no formato
        dela (as imagens enviadas depois da primeira já são recortadas nele).
      </p>
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : problem ? <p className="text-sm text-danger">{problem}</p> : null}
    </div>
  );
}

/** `values` as the form sent them, keeping blank entries (alt texts line up with images by position). */
function aligned(value: string | string[] | undefined): string[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

export function PostEditor({ view, failure }: { view: PostEditorView; failure?: EditorFailure | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const echo = failure?.values;
  const start = view.values;
  const [contas, setContas] = useState<string[]>(() => (echo ? list(echo.contas) : start.contas));
  const [legenda, setLegenda] = useState(() => (echo ? first(echo.legenda) : start.legenda));
  const [midias, setMidias] = useState<string[]>(() => (echo ? list(echo.midias) : start.midias));
  const [link, setLink] = useState(() => (echo ? first(echo.link) : start.link));
  const [photos, setPhotos] = useState<readonly PostPhoto[]>(view.photos);
  const [uploads, setUploads] = useState<readonly PostImage[]>(view.uploads);
  const [photosNote, setPhotosNote] = useState("");
  const [textoAlternativo, setTextoAlternativo] = useState(() => (echo ? first(echo.textoAlternativo) : start.textoAlternativo));
  // Each image's alt text by its reference; a photo's starts as its caption.
  const [alts, setAlts] = useState<Record<string, string>>(() => {
    const refs = echo ? list(echo.midias) : start.midias;
    const texts = echo ? aligned(echo.textosAlternativos) : start.textosAlternativos;
    const captions = new Map(view.photos.map((p) => [p.id, p.legenda ?? ""]));
    return Object.fromEntries(refs.map((ref, i) => [ref, texts[i] ?? (echo ? "" : (captions.get(ref) ?? ""))]));
  });
  const { errors, formProps } = useFormValidation(() => loadResourceSchema("posts"), failure?.errors);
  // "Sair sem salvar?" before leaving with changes, as every form of the app asks.
  const [dirty, setDirty] = useState(false);
  const submitting = useRef(false);
  const blocker = useUnsavedChanges(dirty, submitting);
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    setDirty(true);
    formProps.onChange(event);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (!event.defaultPrevented) submitting.current = true;
  };
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setDirty(true);
      set(value);
    };
  const text = (name: keyof typeof start) => (echo ? first(echo[name]) : String(start[name] ?? ""));
  const chosenAccounts = view.accounts.filter((a) => contas.includes(a.id));
  const instagram = chosenAccounts.find((a) => a.rede === "instagram") ?? null;
  const facebook = chosenAccounts.find((a) => a.rede === "facebook") ?? null;
  const byId = new Map<string, PostImage>([...photos, ...uploads].map((p) => [p.id, p]));
  // The previews describe each image by its alt text as it will go.
  const images = midias.flatMap((id) => {
    const image = byId.get(id);
    const alt = midias.length > 1 ? alts[id] : textoAlternativo;
    return image ? [{ ...image, legenda: alt?.trim() || image.legenda }] : [];
  });
  const choose = (ids: string[]) => {
    setDirty(true);
    // A photo newly in the post starts with its caption as alt text.
    setAlts((current) => {
      const next = { ...current };
      for (const id of ids) if (next[id] === undefined) next[id] = photos.find((p) => p.id === id)?.legenda ?? "";
      return next;
    });
    setMidias(ids);
  };
  const uploaded = (image: PostImage) => {
    setDirty(true);
    setUploads((current) => [...current, image]);
    setAlts((current) => ({ ...current, [image.id]: "" }));
    setMidias((current) => (current.length < MEDIA_MAX ? [...current, image.id] : current));
  };

  // Another imóvel chosen: its photos are offered (the ones already in the post stay).
  const pickProperty = async (form: HTMLFormElement | null) => {
    const input = form?.elements.namedItem("imovelId");
    const id = input instanceof HTMLInputElement || input instanceof HTMLSelectElement ? input.value : "";
    if (!id) return;
    setPhotosNote("Carregando as fotos do imóvel…");
    try {
      const response = await fetch(`/api/property-photos/${encodeURIComponent(id)}`, { headers: { accept: "application/json" } });
      const body = (await response.json()) as { data?: { photos: Omit<PostPhoto, "imovelId">[] } };
      const fresh = (body.data?.photos ?? []).map((p) => ({ ...p, imovelId: id }));
      setPhotos((current) => [...fresh, ...current.filter((p) => midias.includes(p.id) && !fresh.some((f) => f.id === p.id))]);
      setPhotosNote(fresh.length ? "" : "Este imóvel ainda não tem fotos.");
    } catch {
      setPhotosNote("Não foi possível carregar as fotos agora. Tente de novo.");
    }
  };

  if (view.locked) {
    return (
      <>
        <PageHeader title={view.title} description={view.description} />
        <Alert>{view.locked}</Alert>
        <p className="mt-4">
          <Link to={view.cancelHref} className={buttonClass("secondary")}>
            Voltar ao post
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader title={view.title} description={view.description} />
      {view.redes.length ? (
        <div className="mb-4">
          <NetworkStatuses redes={view.redes} />
        </div>
      ) : null}
      <Form id="form-post" method="post" className="space-y-6" {...formProps} onChange={onChange} onSubmit={onSubmit}>
        <FormError errors={errors} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="min-w-0 space-y-6">
            <Card title="Redes">
              <AccountsField accounts={view.accounts} chosen={contas} onChange={changed(setContas)} error={errors.contas} />
            </Card>
            <Card title="Post">
              <div className="space-y-4">
                <CaptionField value={legenda} onChange={setLegenda} error={errors.legenda} />
                <Field
                  label="Link"
                  name="link"
                  type="url"
                  inputMode="url"
                  value={link}
                  onChange={(e) => setLink(e.currentTarget.value)}
                  error={errors.link}
                  hint="No Facebook vira um link clicável; no Instagram links na legenda não abrem: use o “link na bio”."
                />
                <TextareaField
                  label="Primeiro comentário"
                  name="primeiroComentario"
                  rows={2}
                  defaultValue={text("primeiroComentario")}
                  error={errors.primeiroComentario}
                  hint="Opcional. Publicado logo depois do post (bom para hashtags ou o link)."
                />
              </div>
            </Card>
            <Card title="Imagens">
              <div className="space-y-4">
                {/* A post made from a produto or serviço keeps that link when edited (a save replaces the whole form). */}
                {view.values.produtoId ? <input type="hidden" name="produtoId" value={view.values.produtoId} /> : null}
                {view.values.servicoId ? <input type="hidden" name="servicoId" value={view.values.servicoId} /> : null}
                <RelationField
                  label="Imóvel"
                  name="imovelId"
                  relation="properties"
                  selected={view.property}
                  options={view.property ? [view.property] : []}
                  error={errors.imovelId}
                  hint="O post fica ligado ao imóvel, e as fotos dele aparecem aqui."
                  onPick={(form) => void pickProperty(form)}
                />
                {photosNote ? (
                  <p role="status" className="text-sm text-fg-soft">
                    {photosNote}
                  </p>
                ) : null}
                <MediaField
                  photos={photos}
                  uploads={uploads}
                  chosen={midias}
                  onChange={choose}
                  onUploaded={uploaded}
                  alts={alts}
                  onAlt={(ref, value) => {
                    setDirty(true);
                    setAlts((current) => ({ ...current, [ref]: value }));
                  }}
                  needsImage={Boolean(instagram)}
                  error={errors.midias}
                />
                {midias.length > 1 ? (
                  // A carousel's images each have their own (above); the single image's is kept for when it is one again.
                  <input type="hidden" name="textoAlternativo" value={textoAlternativo} />
                ) : (
                  <Field
                    label="Texto alternativo"
                    name="textoAlternativo"
                    value={textoAlternativo}
                    onChange={(e) => setTextoAlternativo(e.currentTarget.value)}
                    error={errors.textoAlternativo}
                    hint="Descreve a imagem para quem usa leitor de tela."
                  />
                )}
                {errors.textosAlternativos ? <ErrorText id="textos-alternativos-error">{errors.textosAlternativos}</ErrorText> : null}
              </div>
            </Card>
            <Card title="Quando publicar">
              <Field
                label={`Data e hora (${view.zoneLabel})`}
                // Typed on the organização's clock and read in its zone by the action (not by the
                // browser's schema, which knows only São Paulo's).
                name="agendadoParaLocal"
                type="datetime-local"
                defaultValue={echo ? first(echo.agendadoParaLocal) : start.agendadoPara}
                error={errors.agendadoPara}
                hint={
                  view.canApprove
                    ? "Para “Agendar”. “Publicar agora” ignora a data."
                    : "Sugira quando sair; quem aprova confirma. Em branco: assim que for aprovado."
                }
              />
            </Card>
          </div>
          <div className="min-w-0">
            <Card title="Prévia">
              <Suspense fallback={<p className="text-sm text-fg-soft">Carregando a prévia…</p>}>
                <Preview
                  legenda={legenda}
                  link={link}
                  images={images}
                  instagram={instagram ? { nome: instagram.nome, usuario: instagram.usuario } : null}
                  facebook={facebook ? { nome: facebook.nome } : null}
                />
              </Suspense>
            </Card>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {view.canApprove ? (
            <>
              <Button type="submit" name="intent" value="publicar" busy={saving}>
                Publicar agora
              </Button>
              <Button type="submit" name="intent" value="agendar" variant="secondary" busy={saving}>
                Agendar
              </Button>
            </>
          ) : (
            <Button type="submit" name="intent" value="enviar" busy={saving}>
              Enviar para aprovação
            </Button>
          )}
          <Button type="submit" name="intent" value="salvar" variant="ghost" busy={saving}>
            {view.approved ? "Salvar alterações" : "Salvar rascunho"}
          </Button>
          <Link to={view.cancelHref} className={buttonClass("ghost")}>
            Cancelar
          </Link>
        </div>
        {view.approved ? (
          <p className="text-sm text-fg-soft">Este post já foi aprovado: salvar mantém o agendamento, com a nova data se você mudou.</p>
        ) : null}
      </Form>
      {blocker.state === "blocked" ? <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} /> : null}
    </>
  );
}
