import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { type DraftValues, clearLocalDraft, formValues, readLocalDraft } from "../../lib/draft-store.ts";
import { formatDateTime, formatTime } from "../../../shared/format.ts";
import type { ChecklistItem } from "../../../shared/resources/imoveis.ts";
import type { FieldDef, FilterOption } from "../../../shared/resources/types.ts";
import { ResourceForm } from "../data/resource-form.tsx";
import type { RelationOption } from "../data/types.ts";
import { Button } from "../ui/button.tsx";
import { type SaveState, useDraftAutosave } from "./draft-autosave.ts";
import { DraftChecklist } from "./draft-checklist.tsx";

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
}

function stateText(state: SaveState, initialAt: string): string {
  switch (state.kind) {
    case "pending":
      return "Alterações não salvas…";
    case "saving":
      return "Salvando…";
    case "saved":
      return `Salvo às ${formatTime(state.at)}`;
    case "offline":
      return "Sem conexão — guardado neste aparelho";
    case "error":
      return state.message;
    default:
      return `Salvo às ${formatTime(initialAt)}`;
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
  const [serverErrors, setServerErrors] = useState(props.serverErrors);
  const [values, setValues] = useState(props.values);
  const [formKey, setFormKey] = useState(0);
  const [conflict, setConflict] = useState<{ values: DraftValues; editedAt: string } | null>(null);
  const [offlineSubmit, setOfflineSubmit] = useState(false);
  const onSaved = useCallback((errors: Record<string, string>) => setServerErrors(errors), []);
  const autosave = useDraftAutosave(propertyId, userId, onSaved);
  const wrapper = useRef<HTMLDivElement>(null);

  // Reopened: a local copy newer than the server's is offered back; an older one is stale.
  useEffect(() => {
    const local = readLocalDraft(userId, propertyId);
    if (!local) return;
    if (Date.parse(local.editedAt) > Date.parse(props.atualizadoEm)) setConflict(local);
    else clearLocalDraft(userId, propertyId);
  }, [userId, propertyId, props.atualizadoEm]);

  // A failed publish answered with missing fields: their messages go on the fields, autosave resumes.
  useEffect(() => {
    if (!props.missing && !props.error) return;
    autosave.resume();
    if (props.missing) {
      const fromChecklist = Object.fromEntries(props.missing.filter((m) => m.field !== "fotos").map((m) => [m.field, m.message]));
      setServerErrors((e) => ({ ...e, ...fromChecklist }));
    }
  }, [props.missing, props.error, autosave.resume]);

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
  const onSubmitCapture = (event: FormEvent) => {
    if (navigator.onLine) {
      setOfflineSubmit(false);
      autosave.stop();
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    setOfflineSubmit(true);
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
        {stateText(autosave.state, props.atualizadoEm)}
      </p>
      {conflict ? (
        <div role="alert" className="mb-4 space-y-3 rounded-xl border border-accent/40 bg-accent-soft p-4 text-sm">
          <p className="font-semibold">Este aparelho tem alterações mais novas que as salvas.</p>
          <p>
            Alteradas aqui em {formatDateTime(conflict.editedAt)}; a cópia salva é de {formatDateTime(props.atualizadoEm)}. Qual você quer
            manter?
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={keepLocal}>
              Manter as deste aparelho
            </Button>
            <Button type="button" variant="secondary" onClick={keepServer}>
              Usar a cópia salva
            </Button>
          </div>
        </div>
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
      {props.missing?.length ? <DraftChecklist propertyId={propertyId} items={props.missing} onField={focusField} /> : null}
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
