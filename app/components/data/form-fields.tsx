import { type KeyboardEvent, type ReactNode, type TextareaHTMLAttributes, useId, useState } from "react";
import { Link } from "react-router";
import { maskPhone } from "../../../shared/mask.ts";
import { useHydrated } from "../ui/hydrated.ts";
import { maskInPlace } from "../ui/mask-in-place.ts";
import { RelationPicker } from "./relation-picker.tsx";
import type { RelationCreateLink, RelationOption } from "./types.ts";

export { useHydrated };

const inputClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-sm text-fg placeholder:text-fg-soft/70 focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none aria-[invalid=true]:border-danger";

export function Label({ htmlFor, label, required }: { htmlFor?: string; label: string; required?: boolean | undefined }) {
  return (
    <div className="flex items-baseline gap-1 text-sm font-medium">
      {htmlFor ? <label htmlFor={htmlFor}>{label}</label> : <span>{label}</span>}
      {required ? (
        <span className="text-danger" aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
  );
}

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-fg-soft">
      {children}
    </p>
  );
}

export function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-danger">
      {children}
    </p>
  );
}

export function TextareaField({
  label,
  name,
  error,
  hint,
  className = "",
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; error?: string | undefined; hint?: string | undefined }) {
  const id = `${name}-${useId()}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`space-y-1.5 ${className}`}>
      <Label htmlFor={id} label={label} required={props.required} />
      <textarea
        id={id}
        name={name}
        rows={4}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </div>
  );
}

function splitTags(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[,;]/)) {
    const tag = raw.trim().replace(/\s+/g, " ");
    const key = tag.toLocaleLowerCase("pt-BR");
    if (tag && !seen.has(key)) {
      seen.add(key);
      out.push(tag);
    }
  }
  return out;
}

/**
 * Tags as chips: Enter or comma adds, the × removes. The form submits one `name` input with
 * the tags separated by commas — which is also what the plain input shows before JavaScript.
 */
export function TagsField({
  label,
  name,
  hint,
  error,
  defaultTags,
  onChanged,
  className = "",
}: {
  label: string;
  name: string;
  hint?: string | undefined;
  error?: string | undefined;
  defaultTags: readonly string[];
  onChanged?: () => void;
  className?: string;
}) {
  const id = `${name}-${useId()}`;
  const hydrated = useHydrated();
  const [tags, setTags] = useState<string[]>([...defaultTags]);
  const [draft, setDraft] = useState("");
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  const commit = (text: string) => {
    const added = splitTags(text).filter((t) => !tags.some((x) => x.toLocaleLowerCase("pt-BR") === t.toLocaleLowerCase("pt-BR")));
    if (added.length) {
      setTags([...tags, ...added]);
      onChanged?.();
    }
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      commit(draft);
    } else if (event.key === "Backspace" && draft === "" && tags.length) {
      setTags(tags.slice(0, -1));
      onChanged?.();
    }
  };

  if (!hydrated) {
    return (
      <div key="plain" className={`space-y-1.5 ${className}`}>
        <Label htmlFor={id} label={label} />
        <input
          id={id}
          name={name}
          defaultValue={defaultTags.join(", ")}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
        {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
      </div>
    );
  }
  return (
    <div key="chips" className={`space-y-1.5 ${className}`}>
      <Label htmlFor={id} label={label} />
      <input type="hidden" name={name} value={[...tags, ...splitTags(draft)].join(", ")} />
      <div
        className={`flex flex-wrap items-center gap-1.5 rounded-lg border bg-surface px-2 py-1.5 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30 ${error ? "border-danger" : "border-line"}`}
      >
        {tags.length ? (
          <ul className="contents" aria-label={`${label} adicionadas`}>
            {tags.map((tag) => (
              <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-0.5 pr-1 pl-2.5 text-sm text-fg">
                {tag}
                <button
                  type="button"
                  className="grid size-5 place-items-center rounded-full text-fg-soft hover:bg-surface hover:text-fg"
                  aria-label={`Remover ${tag}`}
                  onClick={() => {
                    setTags(tags.filter((t) => t !== tag));
                    onChanged?.();
                  }}
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3" fill="none" stroke="currentColor" strokeWidth="3">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={id}
          value={draft}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (/[,;]$/.test(value)) commit(value);
            else setDraft(value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && commit(draft)}
          placeholder={tags.length ? "" : "Digite e tecle Enter"}
          className="min-w-32 flex-1 border-0 bg-transparent px-1 py-1 text-sm text-fg placeholder:text-fg-soft/70 focus:outline-none"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
        />
      </div>
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </div>
  );
}

export interface PhoneValue {
  numero: string;
  whatsapp: boolean;
  rotulo: string;
}

let phoneKey = 0;
const nextKey = () => `tel-${++phoneKey}`;

/**
 * Phones as rows named `name.N.numero`, `name.N.whatsapp`, `name.N.rotulo`. One blank row is
 * always offered (blank rows are ignored on save), so a phone can be added without JavaScript;
 * with it, rows are added and removed in place.
 */
export function PhonesField({
  label,
  name,
  hint,
  errors,
  defaultPhones,
  max = 5,
  onChanged,
  className = "",
}: {
  label: string;
  name: string;
  hint?: string | undefined;
  errors: Record<string, string>;
  defaultPhones: readonly PhoneValue[];
  max?: number;
  onChanged?: () => void;
  className?: string;
}) {
  const baseId = `${name}-${useId()}`;
  const hydrated = useHydrated();
  const [rows, setRows] = useState(() => {
    const initial = defaultPhones.map((p, i) => ({ ...p, key: `inicial-${i}` }));
    if (initial.length < max) initial.push({ numero: "", whatsapp: false, rotulo: "", key: "inicial-novo" });
    return initial;
  });
  const groupError = errors[name];
  return (
    <fieldset className={`space-y-2 ${className}`} aria-describedby={hint ? `${baseId}-hint` : undefined}>
      <legend className="text-sm font-medium">{label}</legend>
      {hint ? <Hint id={`${baseId}-hint`}>{hint}</Hint> : null}
      <ul className="space-y-3">
        {rows.map((row, i) => {
          const prefix = `${name}.${i}`;
          const id = `${baseId}-${row.key}`;
          const numberError = errors[`${prefix}.numero`];
          const labelError = errors[`${prefix}.rotulo`];
          return (
            <li key={row.key} className="grid items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,0.8fr)_auto_auto]">
              <div className="space-y-1">
                <label htmlFor={`${id}-numero`} className="sr-only">
                  Número do telefone {i + 1}
                </label>
                <input
                  id={`${id}-numero`}
                  name={`${prefix}.numero`}
                  type="tel"
                  inputMode="tel"
                  autoComplete={i === 0 ? "tel-national" : "off"}
                  placeholder="(11) 91234-5678"
                  defaultValue={row.numero}
                  onInput={(e) => {
                    maskInPlace(e.currentTarget, maskPhone);
                  }}
                  className={inputClass}
                  aria-invalid={numberError ? true : undefined}
                  aria-describedby={numberError ? `${id}-numero-erro` : undefined}
                />
                {numberError ? <ErrorText id={`${id}-numero-erro`}>{numberError}</ErrorText> : null}
              </div>
              <div className="space-y-1">
                <label htmlFor={`${id}-rotulo`} className="sr-only">
                  Rótulo do telefone {i + 1}
                </label>
                <input
                  id={`${id}-rotulo`}
                  name={`${prefix}.rotulo`}
                  placeholder="Rótulo (ex.: trabalho)"
                  defaultValue={row.rotulo}
                  maxLength={30}
                  className={inputClass}
                  aria-invalid={labelError ? true : undefined}
                />
                {labelError ? <ErrorText id={`${id}-rotulo-erro`}>{labelError}</ErrorText> : null}
              </div>
              <label className="flex items-center gap-2 py-2.5 text-sm">
                <input
                  type="checkbox"
                  name={`${prefix}.whatsapp`}
                  defaultChecked={row.whatsapp}
                  className="size-4 accent-[var(--c-accent)]"
                />
                <span>
                  WhatsApp<span className="sr-only"> (telefone {i + 1})</span>
                </span>
              </label>
              {hydrated && rows.length > 1 ? (
                <button
                  type="button"
                  className="rounded-lg px-3 py-2.5 text-sm font-semibold text-danger hover:bg-danger-soft"
                  aria-label={`Remover telefone ${i + 1}`}
                  onClick={() => {
                    setRows(rows.filter((r) => r.key !== row.key));
                    onChanged?.();
                  }}
                >
                  Remover
                </button>
              ) : (
                <span className="hidden sm:block" />
              )}
            </li>
          );
        })}
      </ul>
      {hydrated && rows.length < max ? (
        <button
          type="button"
          className="rounded-lg px-3 py-2 text-sm font-semibold text-accent hover:bg-accent-soft"
          onClick={() => setRows([...rows, { numero: "", whatsapp: false, rotulo: "", key: nextKey() }])}
        >
          + Adicionar telefone
        </button>
      ) : null}
      {groupError ? <ErrorText id={`${baseId}-erro`}>{groupError}</ErrorText> : null}
    </fieldset>
  );
}

/**
 * A record of another resource, searched by name (`RelationPicker`); the id is submitted in a
 * hidden input named `name`. Without JavaScript, a `<select>` of `options` (what the loader sent).
 */
export function RelationField({
  label,
  name,
  relation,
  hint,
  error,
  required,
  selected,
  options,
  create,
  onPick,
  className = "",
}: {
  label: string;
  name: string;
  relation: string;
  /** A link to the related resource's create form, which returns here with the new record chosen. */
  create?: RelationCreateLink | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean | undefined;
  selected: RelationOption | null;
  options: readonly RelationOption[];
  onPick?: (form: HTMLFormElement | null) => void;
  className?: string;
}) {
  const id = `${name}-${useId()}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`space-y-1.5 ${className}`}>
      <Label htmlFor={id} label={label} required={required} />
      <RelationPicker
        id={id}
        name={name}
        relation={relation}
        label={label}
        defaultSelected={selected ? [selected] : []}
        initialOptions={options}
        invalid={Boolean(error)}
        describedBy={describedBy}
        required={required}
        onPick={(_, form) => onPick?.(form)}
      />
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
      {create ? (
        <Link to={create.href} className="inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline">
          + {create.label}
        </Link>
      ) : null}
    </div>
  );
}

/** A computed value (a margin, a balance): shown and focusable, never submitted (no `name`). */
export function ReadOnlyField({
  label,
  name,
  value,
  hint,
  numeric,
  className = "",
}: {
  label: string;
  name: string;
  value: string;
  hint?: string | undefined;
  numeric?: boolean;
  className?: string;
}) {
  const id = `${name}-${useId()}`;
  return (
    <div className={`space-y-1.5 ${className}`}>
      <Label htmlFor={id} label={label} />
      <input
        id={id}
        readOnly
        value={value}
        placeholder="—"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={`${inputClass} bg-muted ${numeric ? "tabular-nums" : ""}`}
      />
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
    </div>
  );
}
