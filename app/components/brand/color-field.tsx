import { useId } from "react";
import type { HexColor } from "../../../shared/brand/brand-style.ts";
import { normalizeHex } from "../../../shared/brand/contrast.ts";

interface ColorFieldProps {
  label: string;
  name: string;
  /** What is typed (may be half a colour while the person types). */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  /** The live contrast line under the field (announced politely). */
  status?: { ok: boolean; text: string } | undefined;
}

/**
 * A colour as text (`#0F6E66`: typed, pasted, read by a screen reader) with the system's colour
 * picker beside it for whoever prefers to pick; both edit the same value, which the form submits.
 */
export function ColorField({ label, name, value, onChange, error, hint, status }: ColorFieldProps) {
  const id = `${name}-${useId()}`;
  const hex: HexColor | null = normalizeHex(value);
  const describedBy = [hint ? `${id}-hint` : null, status ? `${id}-status` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label}: escolher na paleta`}
          value={hex ?? "#000000"}
          onChange={(e) => onChange(e.currentTarget.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-line bg-surface p-1"
        />
        <input
          id={id}
          name={name}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          placeholder="#0F6E66"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="block w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2.5 font-mono text-sm uppercase text-fg focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none aria-[invalid=true]:border-danger"
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-soft">
          {hint}
        </p>
      ) : null}
      {status ? (
        <p id={`${id}-status`} aria-live="polite" className={`text-sm font-medium ${status.ok ? "text-ok" : "text-danger"}`}>
          {status.text}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
