import { type FormEvent, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { z } from "zod";
import { type DraftValues, clearLocalDraft, formValues, readLocalDraft } from "../../lib/draft-store.ts";
import { formatTime } from "../../../shared/format.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import type { ChecklistItem } from "../../../shared/resources/imoveis.ts";
import type { FieldDef, FilterOption } from "../../../shared/resources/types.ts";
import { ResourceForm } from "../data/resource-form.tsx";
import type { RelationOption } from "../data/types.ts";
import { type DraftConflictInfo, type SaveState, useDraftAutosave } from "./draft-autosave.ts";

/** Shown only when another tab or person saved first: loaded then, not with the page (ADR 029's budget). */
const DraftConflictDialog = lazy(() => import("./draft-conflict-dialog.tsx").then((m) => ({ default: m.DraftConflictDialog })));
/** Shown only when publishing found missing fields: loaded then. */
/** "Este aparelho tem alterações…": only when a local copy is offered back. */
const LocalCopyOffer = lazy(() => import("./local-copy-offer.tsx").then((m) => ({ default: m.LocalCopyOffer })));
const DraftChecklist = lazy(() => import("./draft-checklist.tsx").then((m) => ({ default: m.DraftChecklist })));

export interface DraftFormProps {
  propertyId: string;
  userId: string;
  fields: readonly FieldDef[];
  loadSchema: () => Promise<z.ZodType>;
  /** The server's copy, with what was typed but is not valid yet. */
  values: DraftValues;
  serverErrors: Record<string, string>;
  atualizadoEm: string;
  selectOptions: Record<string, readonly FilterOption[]>;
  relations: Record<string, readonly RelationOption[]>;
  /** What publishing found missing (the action's answer). */
  missing: ChecklistItem[] | null;
  error: string | null;
  /** Publishing found a newer server copy: nothing was saved (ADR 037). */
  conflict: DraftConflictInfo | null;
  /** The version the publish action's save wrote (it failed only for what is missing). */
  savedVersion: string | null;
}

function stateText(state: SaveState, initialAt: string, zone: string): string {
  switch (state.kind) {
    case "pending":
      return "Alterações não salvas…";
    case "saving":
      return "Salvando…";
    case "saved":
      return `Salvo às ${formatTime(state.at, zone)}`;
    case "offline":
      return "Sem conexão — guardado neste aparelho";
    case "conflict":
      return "Versão mais nova no servidor — escolha qual manter";
    case "error":
      return state.message;
    default:
      return `Salvo às ${formatTime(initialAt, zone)}`;
  }
}

/** The echo the shared form shows (text as typed, ticked boxes present): its values never change after mount. */
function echoOf(values: DraftValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === "string") out[k] = v;
    else if (v) out[k] = "on";
  }
  return out;
}

/**
 * The draft form: the shared form (no "Sair sem salvar?": it saves as you type), a save line
 * for screen readers, the local copy offered back when it is newer than the server's, and
 * "Publicar" (the route action saves the form, then publishes or lists what is missing).
 */
export function DraftForm(props: DraftFormProps) {
  const { propertyId, userId } = props;
  const zone = useTimeZone();
  const [serverErrors, setServerErrors] = useState(props.serverErrors);
  const [values, setValues] = useState(props.values);
  const [formKey, setFormKey] = useState(0);
  const [conflict, setConflict] = useState<{ values: DraftValues; editedAt: string; base?: string | undefined } | null>(null);
  const [offlineSubmit, setOfflineSubmit] = useState(false);
  const [publishConflict, setPublishConflict] = useState<DraftConflictInfo | null>(null);
  const onSaved = useCallback((errors: Record<string, string>) => setServerErrors(errors), []);
  const autosave = useDraftAutosave(propertyId, userId, props.atualizadoEm, onSaved);
  const wrapper = useRef<HTMLDivElement>(null);
  const versionInput = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  /** "Usar a versão do servidor" asked for the server's copy: the next loader data replaces the form. */
  const reloadPending = useRef(false);

  // Reopened (once per mount: later loader data is this tab's own saves): changes kept on this
  // device that never reached the server are offered back; without a recorded base, only newer ones.
  const initialVersion = useRef(props.atualizadoEm);
  useEffect(() => {
    const local = readLocalDraft(userId, propertyId);
    if (!local) return;
    if (local.base !== undefined || Date.parse(local.editedAt) > Date.parse(initialVersion.current)) setConflict(local);
    else clearLocalDraft(userId, propertyId);
  }, [userId, propertyId]);

  // The server's copy arrived after "Usar a versão do servidor": the form shows it, from its version.
  useEffect(() => {
    if (!reloadPending.current) return;
    reloadPending.current = false;
    autosave.setVersion(props.atualizadoEm);
    setValues(props.values);
    setServerErrors(props.serverErrors);
    setFormKey((k) => k + 1);
  }, [props.values, props.atualizadoEm, props.serverErrors, autosave.setVersion]);

  // Publishing met a newer server copy: the same choice as the autosave's.
  useEffect(() => {
    if (props.conflict) setPublishConflict(props.conflict);
  }, [props.conflict]);

  // The publish action saved the form before finding what is missing: that is the version now.
  useEffect(() => {
    if (!props.savedVersion) return;
    autosave.setVersion(props.savedVersion);
    clearLocalDraft(userId, propertyId);
  }, [props.savedVersion, autosave.setVersion, userId, propertyId]);

  // A failed publish answered with missing fields: their messages go on the fields, autosave resumes.
  useEffect(() => {
    if (!props.missing && !props.error && !props.conflict) return;
    autosave.resume();
    if (props.missing) {
      const fromChecklist = Object.fromEntries(props.missing.filter((m) => m.field !== "fotos").map((m) => [m.field, m.message]));
      setServerErrors((e) => ({ ...e, ...fromChecklist }));
    }
  }, [props.missing, props.error, props.conflict, autosave.resume]);

  const failure = useMemo(() => ({ errors: serverErrors, values: echoOf(values) }), [serverErrors, values]);

  const form = () => wrapper.current?.querySelector("form") ?? null;
  const onChange = () => {
    const f = form();
    if (f) autosave.changed(formValues(f));
  };
  const keepLocal = () => {
    if (!conflict) return;
    setValues({ ...values, ...conflict.values });
    setFormKey((k) => k + 1);
    autosave.changed(conflict.values);
    setConflict(null);
  };
  const keepServer = () => {
    clearLocalDraft(userId, propertyId);
    setConflict(null);
  };
  const shownConflict = autosave.state.kind === "conflict" ? autosave.state.conflict : publishConflict;
  const keepMine = () => {
    if (!shownConflict) return;
    const f = form();
    // A publish conflict left nothing queued: the form as it is now is what "mine" means.
    if (publishConflict && f) autosave.changed(formValues(f));
    setPublishConflict(null);
    autosave.keepMine(shownConflict.versao);
  };
  const takeServer = () => {
    if (!shownConflict) return;
    setPublishConflict(null);
    autosave.takeServer(shownConflict.versao);
    reloadPending.current = true;
    void revalidator.revalidate();
  };
  const onSubmitCapture = (event: FormEvent) => {
    if (!navigator.onLine) {
      event.preventDefault();
      event.stopPropagation();
      setOfflineSubmit(true);
      return;
    }
    setOfflineSubmit(false);
    const busy = autosave.busy();
    if (busy) {
      // An autosave on its way moves the version: publish once it is back, from that version.
      event.preventDefault();
      event.stopPropagation();
      const f = event.target as HTMLFormElement;
      void busy.then(() => f.requestSubmit());
      return;
    }
    if (versionInput.current) versionInput.current.value = autosave.version();
    autosave.stop();
  };
  const focusField = (name: string) => {
    const el = form()?.elements.namedItem(name);
    if (el instanceof HTMLElement) {
      el.scrollIntoView({ block: "center" });
      el.focus();
    }
  };

  return (
    <div ref={wrapper} onInput={onChange} onChange={onChange} onSubmitCapture={onSubmitCapture}>
      <p
        role="status"
        aria-live="polite"
        className={`sticky top-0 z-10 mb-4 rounded-lg border border-line bg-surface px-3 py-2 text-sm font-semibold ${autosave.state.kind === "offline" || autosave.state.kind === "error" ? "text-danger" : "text-fg-soft"}`}
      >
        {stateText(autosave.state, props.atualizadoEm, zone)}
      </p>
      {shownConflict ? (
        <Suspense fallback={null}>
          <DraftConflictDialog conflict={shownConflict} onKeepMine={keepMine} onUseServer={takeServer} />
        </Suspense>
      ) : null}
      {conflict ? (
        <Suspense fallback={null}>
          <LocalCopyOffer conflict={conflict} savedAt={props.atualizadoEm} zone={zone} onKeepLocal={keepLocal} onKeepServer={keepServer} />
        </Suspense>
      ) : null}
      {props.error ? (
        <p role="alert" className="mb-4 rounded-lg border border-danger/40 p-3 text-sm text-danger">
          {props.error}
        </p>
      ) : null}
      {offlineSubmit ? (
        <p role="alert" className="mb-4 rounded-lg border border-danger/40 p-3 text-sm text-danger">
          Sem conexão: suas alterações estão guardadas neste aparelho. Publique quando a internet voltar.
        </p>
      ) : null}
      {props.missing?.length ? (
        <Suspense fallback={null}>
          <DraftChecklist propertyId={propertyId} items={props.missing} onField={focusField} />
        </Suspense>
      ) : null}
      <input ref={versionInput} type="hidden" name="versao" form="form-rascunho" defaultValue={props.atualizadoEm} />
      <ResourceForm
        key={formKey}
        id="form-rascunho"
        fields={props.fields}
        loadSchema={props.loadSchema}
        values={{}}
        failure={failure}
        submitLabel="Publicar"
        cancelHref="/property-drafts"
        basePath="/properties"
        singular="imóvel"
        relations={props.relations}
        selectOptions={props.selectOptions}
        warnOnLeave={false}
      />
      <p className="mt-3 text-xs text-fg-soft">
        Precisa de fotos?{" "}
        <Link to={`/properties/${propertyId}/fotos`} className="text-accent underline">
          Enviar fotos
        </Link>
      </p>
    </div>
  );
}
