import { useId, useState } from "react";
import { colorStyle } from "../../../shared/agenda/professional-colors.ts";
import { normalizeHex } from "../../../shared/brand/contrast.ts";
import type { FilterOption } from "../../../shared/resources/types.ts";

interface ColorChoiceProps {
  label: string;
  name: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean | undefined;
  /** The palette: value = "#rrggbb", label = the colour's name (read by screen readers). */
  palette: readonly FilterOption[];
  defaultValue: string;
  /** A change the form's own events do not see (a swatch clicked). */
  onChanged: () => void;
}

/**
 * A colour: a swatch of the palette, or any "#rrggbb" typed or picked with the system's picker.
 * The text input is what the form submits (so it works without JavaScript); the swatches and the
 * picker fill it. A chip shows the colour with the text colour it will get (white or black,
 * whichever reads better).
 */
export function ColorChoiceField({ label, name, hint, error, required, palette, defaultValue, onChanged }: ColorChoiceProps) {
  const id = `${name}-${useId()}`;
  const [value, setValue] = useState(defaultValue);
  const hex = normalizeHex(value);
  const choose = (next: string) => {
    setValue(next);
    onChanged();
  };
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="space-y-2" aria-describedby={describedBy}>
      <legend className="text-sm font-medium">
        {label}
        {required ? (
          <span className="ml-1 text-danger" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {palette.map((option) => {
          const chosen = hex === option.value;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={chosen}
              aria-label={option.label}
              title={option.label}
              onClick={() => choose(option.value)}
              style={{ backgroundColor: option.value }}
              className={`size-9 rounded-full border-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2 ${chosen ? "border-fg ring-2 ring-fg/30" : "border-transparent"}`}
            />
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="color"
          aria-label={`${label}: outra cor`}
          value={hex ?? "#000000"}
          onChange={(e) => choose(e.currentTarget.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-line bg-surface p-1"
        />
        <label htmlFor={id} className="sr-only">
          {label} (código #RRGGBB)
        </label>
        <input
          id={id}
          name={name}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          placeholder="#2563EB"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="block w-28 min-w-0 rounded-lg border border-line bg-surface px-3 py-2.5 font-mono text-sm uppercase text-fg focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none aria-[invalid=true]:border-danger"
        />
        {hex ? (
          <span className="rounded-md px-2.5 py-1 text-sm font-semibold" style={colorStyle(hex)} aria-hidden="true">
            Exemplo na agenda
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-soft">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
