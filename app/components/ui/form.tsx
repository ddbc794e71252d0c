import {
  type FocusEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import type { z } from "zod";
import { applyMask } from "../../../shared/mask.ts";
import { FORM_ERROR_KEY, formDataToObject, formErrors } from "./form-data.ts";
import { maskInPlace } from "./mask-in-place.ts";

export type FieldErrors = Record<string, string>;

/**
 * The schema a form validates with, or a function that imports it. With a function the form's
 * chunk carries no zod: the schema loads when the browser is idle after hydration or on the
 * first focus in the form, whichever comes first. A blur or change before it arrives is
 * validated when it does; a submit before it arrives goes to the action, which validates anyway.
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/** Idle time after hydration (or a short timeout where `requestIdleCallback` is missing). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/**
 * Browser-side validation with the same zod schema the action uses. Runs on blur and on
 * change of a field already visited (spec §5: not on every input of an untouched field);
 * server errors from the action are shown until the field changes.
 */
export function useFormValidation(schema: SchemaSource, serverErrors?: FieldErrors) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const touched = useRef(new Set<string>());
  const [dismissedServer, setDismissed] = useState<Set<string>>(new Set());
  const [lastServer, setLastServer] = useState(serverErrors);
  if (lastServer !== serverErrors) {
    setLastServer(serverErrors);
    setDismissed(new Set());
  }

  // A lazily imported schema, once it arrived (kept across renders: the loader may be a new
  // function on every render, and is called once).
  const loaded = useRef<z.ZodType | null>(null);
  const pending = useRef<Promise<z.ZodType | null> | null>(null);
  const source = useRef(schema);
  source.current = schema;
  const load = useCallback((): Promise<z.ZodType | null> => {
    const current = source.current;
    if (typeof current !== "function") return Promise.resolve(current);
    if (loaded.current) return Promise.resolve(loaded.current);
    pending.current ??= current().then(
      (s) => {
        loaded.current = s;
        return s;
      },
      () => {
        // Offline or a new deploy: try again on the next interaction; the action still validates.
        pending.current = null;
        return null;
      },
    );
    return pending.current;
  }, []);
  const lazy = typeof schema === "function";
  useEffect(() => {
    if (lazy) return whenIdle(() => void load());
  }, [lazy, load]);

  const check = useCallback((active: z.ZodType, form: HTMLFormElement, only?: Set<string>) => {
    const all = formErrors(active.safeParse(formDataToObject(new FormData(form))));
    const next: FieldErrors = {};
    for (const [key, message] of Object.entries(all)) if (!only || only.has(key)) next[key] = message;
    setErrors(next);
    return all;
  }, []);

  /** Validates now when the schema is at hand; otherwise when it arrives (unless `later` is false). */
  const validate = useCallback(
    (form: HTMLFormElement, only?: Set<string>, later = true): FieldErrors => {
      const current = source.current;
      const active = typeof current === "function" ? loaded.current : current;
      if (active) return check(active, form, only);
      if (later) {
        void load().then((arrived) => {
          if (arrived && form.isConnected) check(arrived, form, only);
        });
      }
      return {};
    },
    [check, load],
  );

  const onFocus = () => {
    if (lazy) void load();
  };
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = (event.target as unknown as HTMLInputElement).name;
    if (!name) return;
    touched.current.add(name);
    validate(event.currentTarget, touched.current);
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as unknown as HTMLInputElement).name;
    if (!name) return;
    setDismissed((prev) => new Set(prev).add(name));
    if (
      touched.current.has(name) ||
      (event.target as unknown as HTMLInputElement).type === "checkbox" ||
      (event.target as HTMLElement).tagName === "SELECT"
    ) {
      touched.current.add(name);
      validate(event.currentTarget, touched.current);
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Without the schema yet, the action's answer shows the errors.
    const all = validate(event.currentTarget, undefined, false);
    for (const key of Object.keys(all)) touched.current.add(key);
    const firstKey = Object.keys(all)[0];
    if (firstKey !== undefined) {
      event.preventDefault();
      // A field whose value rides in a hidden input (a relation picker) names its visible input.
      const name = CSS.escape(firstKey);
      const form = event.currentTarget;
      const first =
        form.querySelector<HTMLElement>(`[name="${name}"]:not([type="hidden"])`) ??
        form.querySelector<HTMLElement>(`[data-field-input="${name}"]`);
      first?.focus();
    }
  };
  /** A field changed outside an input event (a picked record): validate it as if blurred. */
  const validateField = (form: HTMLFormElement, name: string) => {
    touched.current.add(name);
    setDismissed((prev) => new Set(prev).add(name));
    validate(form, touched.current);
  };

  const merged: FieldErrors = { ...errors };
  for (const [key, message] of Object.entries(serverErrors ?? {})) if (!dismissedServer.has(key) && !merged[key]) merged[key] = message;
  return { errors: merged, validateField, formProps: { onFocus, onBlur, onChange, onSubmit, noValidate: true } };
}

export function FormError({ errors }: { errors?: FieldErrors }) {
  const message = errors?.[FORM_ERROR_KEY];
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger">
      {message}
    </div>
  );
}

/** The required mark sits outside the <label>, so the accessible name is exactly the label. */
function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean | undefined }) {
  return (
    <div className="flex items-baseline gap-1 text-sm font-medium">
      <label htmlFor={htmlFor}>{label}</label>
      {required ? (
        <span className="text-danger" aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
  );
}

const inputClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-sm text-fg placeholder:text-fg-soft/70 focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-danger";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name"> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Spec §5 mask: `#` digit, `@` letter, `*` alphanumeric; or a function for variable masks. */
  mask?: string | ((value: string) => string);
}

export function Field({ label, name, error, hint, mask, className = "", id, onInput, ...props }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? `${name}-${autoId}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`space-y-1.5 ${className}`}>
      <FieldLabel htmlFor={inputId} label={label} required={props.required} />
      <input
        id={inputId}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onInput={(event) => {
          if (mask) {
            const el = event.currentTarget;
            maskInPlace(el, typeof mask === "function" ? mask : (v) => applyMask(v, mask));
          }
          onInput?.(event);
        }}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-fg-soft">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "name"> {
  label: string;
  name: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}

export function SelectField({ label, name, error, options, placeholder, className = "", ...props }: SelectProps) {
  const autoId = useId();
  const selectId = `${name}-${autoId}`;
  const errorId = `${selectId}-error`;
  return (
    <div className={`space-y-1.5 ${className}`}>
      <FieldLabel htmlFor={selectId} label={label} required={props.required} />
      <select
        id={selectId}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField({
  label,
  name,
  error,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type"> & { label: ReactNode; name: string; error?: string | undefined }) {
  const autoId = useId();
  const inputId = `${name}-${autoId}`;
  const errorId = `${inputId}-error`;
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-2">
        <input
          id={inputId}
          type="checkbox"
          name={name}
          className="mt-0.5 size-4 accent-[var(--c-accent)]"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...props}
        />
        <label htmlFor={inputId} className="text-sm">
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "Senha" and "Confirmar senha" for a new password (sign-up and recovery), with their errors. */
export function NewPasswordFields({ errors }: { errors: FieldErrors }) {
  return (
    <>
      <Field
        label="Senha"
        name="senha"
        type="password"
        autoComplete="new-password"
        required
        hint="Pelo menos 8 caracteres."
        error={errors.senha}
      />
      <Field
        label="Confirmar senha"
        name="confirmarSenha"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmarSenha}
      />
    </>
  );
}
